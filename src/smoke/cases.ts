import { z } from 'zod'
import { parseDuration } from '../lib/duration'
import { parseExpectation, type Expectation } from '../lib/expectation'

/** More cases than this is a load test, not a smoke suite; the file is refused. */
export const MAX_CASES = 500
/** A case file over this is not a list of smoke cases. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024
/** Characters of a dataset example's reference answer kept for the summary. */
const MAX_REFERENCE = 2_000

/** One smoke case, validated: the run it sends and what its reply must show. */
export interface SmokeCase {
  /** The case's `name`, else its place in the file ("case 3", "line 3"). */
  name: string
  /** The run's whole input object (`input`, a dataset line's `inputs`, or `message` wrapped). */
  input: Record<string, unknown>
  /** Undefined: the checks' default assistant. */
  assistant?: string
  expect?: Expectation
  expectNot?: Expectation
  maxLatencyMs?: number
  /** A dataset example's `outputs`, shown beside the reply as the reference. */
  reference?: string
}

/** A case file as read: its cases, or every problem with it (sentences about the file). */
export interface CaseFile {
  cases?: SmokeCase[]
  problems: string[]
}

const CASE_KEYS = 'name, message, input, assistant, expect, expect-not, max-latency'
const inputObject = z.record(z.string(), z.unknown(), { error: 'must be a mapping (an object)' })
// YAML reads `expect: 1234` as a number: any scalar is taken as the text it was written as.
const textValue = z
  .union([z.string(), z.number(), z.boolean()], { error: 'must be text' })
  .transform(String)
const nonEmpty = textValue.pipe(z.string().min(1, 'must not be empty'))
export const caseSchema = z.strictObject({
  name: textValue.optional(),
  message: textValue.optional(),
  input: inputObject.optional(),
  assistant: nonEmpty.optional(),
  expect: nonEmpty.optional(),
  'expect-not': nonEmpty.optional(),
  'max-latency': z.union([z.string(), z.number()], { error: 'must be a duration' }).optional(),
  // A dataset example as the tracing service exports it.
  inputs: inputObject.optional(),
  outputs: z.unknown().optional()
})

export function toCase(
  value: unknown,
  where: string
): { case: SmokeCase } | { problems: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problems: [`${where} must be a mapping of ${CASE_KEYS}`] }
  const named = (value as { name?: unknown }).name
  const label =
    typeof named === 'string' && named !== '' ? `${where} (${JSON.stringify(named)})` : where
  const parsed = caseSchema.safeParse(value)
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) =>
        issue.code === 'unrecognized_keys'
          ? `${label} has the unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')} (a case has ${CASE_KEYS}; a dataset example inputs and outputs)`
          : `${label}: ${String(issue.path[0])} ${issue.message}`
      )
    }
  }
  const data = parsed.data
  const problems: string[] = []
  const given = [
    data.message !== undefined && 'message',
    data.input !== undefined && 'input',
    data.inputs !== undefined && 'inputs'
  ].filter((key): key is string => key !== false)
  if (given.length === 0)
    problems.push(`${label} has neither message nor input (what to send the agent)`)
  if (given.length > 1) problems.push(`${label} has ${given.join(' and ')}: give only one`)
  const expectation = (key: 'expect' | 'expect-not'): Expectation | undefined => {
    const text = data[key]
    if (text === undefined) return undefined
    const result = parseExpectation(text)
    if ('expectation' in result) return result.expectation
    problems.push(`${label}: ${key} ${result.problem}`)
    return undefined
  }
  const expect = expectation('expect')
  const expectNot = expectation('expect-not')
  let maxLatencyMs: number | undefined
  if (data['max-latency'] !== undefined) {
    maxLatencyMs = parseDuration(String(data['max-latency']))
    if (maxLatencyMs === undefined || maxLatencyMs <= 0)
      problems.push(
        `${label}: max-latency ${JSON.stringify(data['max-latency'])} is not a positive duration (30s, 1m30s, 500ms)`
      )
  }
  if (problems.length > 0) return { problems }
  const input =
    data.input ??
    data.inputs ??
    ({ messages: [{ role: 'human', content: data.message ?? '' }] } as Record<string, unknown>)
  return {
    case: {
      name: data.name !== undefined && data.name !== '' ? data.name : where,
      input,
      assistant: data.assistant,
      expect,
      expectNot,
      maxLatencyMs,
      reference: data.outputs === undefined ? undefined : referenceText(data.outputs)
    }
  }
}

/** A dataset example's outputs as text: its last message's content when it has messages. */
function referenceText(outputs: unknown): string {
  const messages = (outputs as { messages?: unknown } | null)?.messages
  const last = Array.isArray(messages) ? (messages.at(-1) as { content?: unknown }) : undefined
  const content = last?.content ?? outputs
  const text = typeof content === 'string' ? content : JSON.stringify(content)
  return text.length > MAX_REFERENCE ? `${text.slice(0, MAX_REFERENCE)}…` : text
}

/** `smoke.min-pass`: a count of cases, or a percentage of them. */
export type MinPass = { kind: 'count'; count: number } | { kind: 'percent'; percent: number }

/** How many of `total` cases must pass. */
export function requiredPasses(minPass: MinPass, total: number): number {
  if (minPass.kind === 'count') return minPass.count
  // The small margin keeps 80% of 10 at 8 whatever the floating point makes of it.
  return Math.ceil((minPass.percent * total) / 100 - 1e-9)
}
