import type { OutputName } from '../inputs/contract'
import type { CheckName } from '../step-payloads'
import type { StepPayloads } from '../step-payloads'
import { assistantsLine, assistantsOutput, renderAssistants } from './assistants'
import { bakeOutputs, bakeStatusLine, renderBake, renderBakeLine } from './bake'
import { gateStatusLine, renderGate, renderGateLine } from './gate'
import type { Markdown } from './markdown'
import type { Redactor } from './redact'
import { failedCasesText, renderSuite } from './suite'
import {
  renderThreads,
  threadsFailedPhrase,
  threadsFailedReason,
  threadsLine,
  threadsOutputs
} from './threads'

// Each step after DEPLOYED as the report shows it, one row keyed by the step's name: its words,
// and how its payload (../step-payloads.ts) reads in the summary, the PR comment, the GitHub
// status and the outputs. The report decides on names, never on these words.

/** Where a payload is shown: this run's revision, or the one a rollback brought back. */
export interface PayloadView {
  md: Markdown
  redact: Redactor
  /** The step is the one that failed the run (or could not conclude). */
  failedHere: boolean
  /** The payload is the brought-back revision's (the rollback's checks). */
  afterRollback: boolean
  /** The revision a rollback brought back, when one did. */
  broughtBack?: string
}

export interface StepRender<P> {
  /** The step as a user knows it, in the checks table and the reason's sentence. */
  words: string
  /** The headline's few words when this step failed, from what it read. */
  failedPhrase?(payload: P): string | undefined
  /**
   * When it failed the run: what it saw in words (raw text), in place of the check's own sentence
   * where the headline already says what that sentence counts.
   */
  failedReason?(payload: P): string | undefined
  /** When it failed the run: shown right under the reason in the summary (before the facts). */
  summaryReason?(payload: P, view: PayloadView): string[]
  /** In the summary after the checks table (not again when summaryReason showed it). */
  summary?(payload: P, view: PayloadView): string[]
  /** When it failed the run: lines inside the PR comment's reason block. */
  commentReason?(payload: P, view: PayloadView): string[]
  /**
   * In the PR comment after the facts: this run's revision's, or, for a step that restores on
   * the revision a rollback brought back (`outputsAfterRollback`), that revision's in its place.
   */
  comment?(payload: P, view: PayloadView): string[]
  /** A few words beside the headline in the GitHub status. */
  status?(payload: P): string
  /** The outputs it sets (this run's revision's only, unless `outputsAfterRollback`). */
  outputs?(payload: P): Partial<Record<OutputName, string>>
  /**
   * A step that restores on the revision a rollback brought back: its outputs are that
   * revision's payload's, when it has one (what the server holds now).
   */
  outputsAfterRollback?: boolean
}

type Rows = { [Name in CheckName]: StepRender<StepPayloads[Name]> }

/** A reply in the summary, under its label; a brought-back revision's is not shown. */
const reply =
  (label: string) =>
  (text: string, view: PayloadView): string[] =>
    view.afterRollback ? [] : [`### ${label}`, '', view.md.fence([text]), '']

/** In the order of the step list, which is the order the summary shows payloads in. */
export const STEP_ROWS: Rows = {
  commit: { words: 'commit match' },
  serving: { words: 'serving the new revision' },
  info: { words: 'agent server health' },
  assistants: {
    words: 'writing the assistants',
    summary: (report, { md, redact, afterRollback }) =>
      renderAssistants(report, md, redact, afterRollback ? 'after the rollback' : undefined),
    comment: (report, { md, redact, afterRollback }) => [
      '',
      assistantsLine(report, md, redact, afterRollback ? 'after the rollback' : undefined),
      ''
    ],
    outputs: (report) => (report.planned ? {} : { assistants: assistantsOutput(report) }),
    outputsAfterRollback: true
  },
  threads: {
    words: 'parked threads',
    failedPhrase: (payload) => threadsFailedPhrase(payload),
    failedReason: (payload) => threadsFailedReason(payload),
    summary: (payload, { md, redact, afterRollback }) =>
      renderThreads(payload, md, redact, { afterRollback }),
    comment: (payload, { md, afterRollback }) => threadsLine(payload, md, { afterRollback }),
    outputs: (payload) => threadsOutputs(payload),
    // After a rollback its payload is this run's and what the re-read found: the comment says both.
    outputsAfterRollback: true
  },
  assistant: { words: 'default assistant lookup' },
  run: { words: 'reply to a test message', summary: reply('The agent replied') },
  a2a: { words: 'reply over A2A', summary: reply('The agent replied over A2A') },
  suite: {
    words: 'smoke suite',
    failedPhrase: (suite) =>
      `smoke suite ${suite.passed}/${suite.cases.length} (needs ${suite.share === undefined ? '' : suite.share === '100%' ? 'all ' : `${suite.share}: `}${suite.required})`,
    failedReason: (suite) => failedCasesText(suite),
    summaryReason: (suite, { md, redact }) => renderSuite(suite, md, redact, undefined, true),
    summary: (suite, { md, redact, afterRollback }) =>
      renderSuite(suite, md, redact, afterRollback ? 'after the rollback' : undefined),
    outputs: (suite) => ({
      'cases-passed': String(suite.passed),
      'cases-failed': String(suite.failed)
    })
  },
  gate: {
    words: 'evaluation gate',
    failedPhrase: (gate) => `evaluation ${gateStatusLine(gate)}`,
    summary: (gate, { md, broughtBack, failedHere }) =>
      renderGate(gate, md, { broughtBack, failedHere }),
    comment: (gate, { md, broughtBack, failedHere }) =>
      renderGateLine(gate, md, { broughtBack, failedHere }),
    status: (gate) => gateStatusLine(gate),
    outputs: (gate) => gate.outputs
  },
  bake: {
    words: 'bake window',
    failedPhrase: (bake) => bakeStatusLine(bake),
    summary: (bake, { md, failedHere }) => renderBake(bake, md, { failedHere }),
    comment: (bake, { md, failedHere }) => renderBakeLine(bake, md, { failedHere }),
    status: (bake) => bakeStatusLine(bake),
    outputs: (bake) => bakeOutputs(bake)
  }
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
