/**
 * How the evaluation gate's inputs go together with the others: judged from the raw text, with
 * the other rules, so that every problem is listed at once and nothing is sent.
 */
import { GATE_INPUTS, type InputName } from './contract'
import { OPERATION_INPUTS } from './operation-inputs'
import type { InputProblem } from './problems'
import type { Rule } from './step'
import { EVERY_KEY, parseThresholds } from './eval'

const problem = (input: InputName, message: string): InputProblem => ({ input, message })

/** Whether the threshold text names a key (any but `*`); a text that does not parse counts as naming one (its field says why). */
function namesKey(text: string | undefined): boolean {
  if (text === undefined) return false
  const parsed = parseThresholds(text, { allowEvery: true, allowNegative: true })
  if (parsed.value === undefined) return true
  return [...parsed.value.keys()].some((key) => key !== EVERY_KEY)
}

const gate: Rule = (step) => {
  // An operation that deploys no revision refuses every deploy input already, these included.
  if (!OPERATION_INPUTS[step.operation].deploysRevision) return []
  if (!step.given('eval-dataset')) {
    return GATE_INPUTS.filter((input) => input !== 'eval-dataset' && step.given(input)).map(
      (input) => problem(input, 'needs eval-dataset (the dataset the evaluation gate runs)')
    )
  }
  const problems: InputProblem[] = []
  if (!step.given('verify-assistant'))
    problems.push(
      problem(
        'eval-dataset',
        "needs verify-assistant (the assistant each example's inputs are sent to)"
      )
    )
  if (!step.given('tracing-url'))
    problems.push(
      problem('eval-dataset', 'needs tracing-url (the tracing service that keeps the dataset)')
    )
  if (step.text('wait')?.toLowerCase() === 'false')
    problems.push(
      problem(
        'eval-dataset',
        'needs wait: true (the gate evaluates the revision once it is DEPLOYED)'
      )
    )
  if (!namesKey(step.text('eval-min-scores')) && !namesKey(step.text('eval-max-regression')))
    problems.push(
      problem(
        'eval-min-scores',
        'or eval-max-regression must name a feedback key (key=number): the gate judges the scores of the keys named'
      )
    )
  if (step.given('eval-max-regression') && step.text('eval-baseline') === 'none')
    problems.push(
      problem(
        'eval-max-regression',
        'has nothing to compare with: eval-baseline is none (use previous, dataset or an experiment id)'
      )
    )
  return problems
}

export const gateRules: Rule[] = [gate]
