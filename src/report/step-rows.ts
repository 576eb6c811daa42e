import type { OutputName } from '../inputs/contract'
import type { CheckName, StepPayloads } from '../step-payloads'
import { LISTED_RENDERS } from '../steps'
import type { PayloadView, StepRender } from '../report-kit/render'

// Each step after DEPLOYED as the report shows it, one row keyed by the step's name (the frame's
// own here, each listed step's from its folder through ../steps.ts): its words,
// and how its payload (../step-payloads.ts) reads in the summary, the PR comment, the GitHub
// status and the outputs. The report decides on names, never on these words.

export type { PayloadView, StepRender }

type Rows = { [Name in CheckName]: StepRender<StepPayloads[Name], OutputName> }

/** In the order of the step list, which is the order the summary shows payloads in. */
export const STEP_ROWS: Rows = {
  commit: { words: 'commit match' },
  serving: { words: 'serving the new revision' },
  info: { words: 'agent server health' },
  ...LISTED_RENDERS
}

/** A step's payload with its row, paired by the step's name. */
export interface PayloadWithRow {
  name: CheckName
  payload: unknown
  row: StepRender<unknown>
  /** The payload is the brought-back revision's. */
  afterRollback: boolean
}

/**
 * Each payload with its row, in the rows' order: this run's revision's, each followed by the
 * same step's on the revision a rollback brought back.
 */
export function payloadRows(
  payloads: Partial<StepPayloads> | undefined,
  afterRollback?: Partial<StepPayloads>
): PayloadWithRow[] {
  const of = (from: Partial<StepPayloads> | undefined, name: CheckName): unknown =>
    (from as Partial<Record<CheckName, unknown>> | undefined)?.[name]
  return (Object.keys(STEP_ROWS) as CheckName[]).flatMap((name) => {
    // The row of a name renders that name's payload (Rows pairs them); the pairing is kept here.
    const row = STEP_ROWS[name] as unknown as StepRender<unknown>
    const mine = of(payloads, name)
    const rollback = of(afterRollback, name)
    return [
      ...(mine === undefined ? [] : [{ name, payload: mine, row, afterRollback: false }]),
      ...(rollback === undefined ? [] : [{ name, payload: rollback, row, afterRollback: true }])
    ]
  })
}

/** The payload of the step `name` on this run's revision, with its row, when it has one. */
export function payloadRow(
  payloads: Partial<StepPayloads> | undefined,
  name: CheckName | undefined
): PayloadWithRow | undefined {
  return payloadRows(payloads).find((each) => each.name === name)
}
