import type { OutputShape } from './shapes'

// What a step's renderer rows are written against, below the step folders: the escaping and
// redacting a renderer is handed (the report makes both: ../report/markdown.ts, ../report/redact.ts)
// and the shape of a row. The report (../report/step-rows.ts) pairs each step's payload with its
// row by the step's name.

/**
 * Text for the job summary, the pull-request comment and the GitHub deployment: every piece is
 * redacted first, then escaped for where it goes, so that no text from the service can add
 * markup, close a comment or fence, or link anywhere but http(s).
 */
export interface Markdown {
  /** One line: a table cell or a heading. */
  cell(text: string): string
  /** A paragraph, its line breaks kept. */
  paragraph(text: string): string
  /** Lines in a fence none of them can close. */
  fence(lines: readonly string[]): string
  /** A link when the URL is http(s) without credentials or secrets, else its text. */
  link(url: string): string
  /**
   * A link whose text is `text` (escaped) when the URL is http(s) without credentials or
   * secrets, else the text alone.
   */
  linkAs(text: string, url: string | undefined): string
  /**
   * A link whose text is `text` when the URL is http(s) without credentials or secrets; else the
   * URL itself as escaped text, as `link` shows it (a place the words alone would not name).
   */
  linkWords(text: string, url: string): string
  /** A short id or name as inline code; other text (or text holding a secret) escaped. */
  code(text: string): string
  /** Plain text of at most `max` characters on one line (a GitHub deployment's description). */
  plain(text: string, max: number): string
  /**
   * A word where no escaping works (a mermaid chart's task name): itself when it matches
   * `allowed` and holds no secret, else `fallback`.
   */
  label(text: string, allowed: RegExp, fallback: string): string
  /** The hidden line that finds this action's pull-request comment (commentMarker). */
  marker(deploymentName: string): string
}

/**
 * Removes every secret the action holds from a text: `redact(text)`, and `redact.cut(text, max)`
 * to shorten a text without leaving the first characters of a secret at the cut.
 */
export interface Redactor {
  (text: string): string
  /** Redacts, then keeps at most `max` characters; a cut piece of a secret is dropped. */
  cut(text: string, max: number): string
}

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

export interface StepRender<P, Out extends string = string> {
  /** The step as a user knows it, in the checks table and the reason's sentence. */
  words: string
  /** The headline's few words when this step failed, from what it read. */
  failedPhrase?(payload: P): string | undefined
  /**
   * A pass that let a risk through as a warning (`on-incompatible: warn`): the checks table says
   * so beside the ⚠️ line under the headline, rather than a plain pass.
   */
  warned?(payload: P): boolean
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
  /**
   * A ⚠️ line under the headline (What people see, "Under the headline"): a risk the run let
   * through, from this run's payload and the brought-back revision's, when there is one;
   * `order` is its place among those lines (the spec's order).
   */
  risk?: {
    order: number
    line(
      payload: P | undefined,
      afterRollback: P | undefined,
      md: Markdown,
      redact: Redactor
    ): string | undefined
  }
  /** A few words beside the headline in the GitHub status. */
  status?(payload: P): string
  /** The outputs it sets (this run's revision's only, unless `outputsAfterRollback`). */
  outputs?(payload: P): Partial<Record<Out, string>>
  /**
   * The shape of each output it sets (../report/outputs.ts judges every output by its shape);
   * the list of steps asks one of each.
   */
  shapes?: Partial<Record<Out, OutputShape>>
  /**
   * A step that restores on the revision a rollback brought back: its outputs are that
   * revision's payload's, when it has one (what the server holds now).
   */
  outputsAfterRollback?: boolean
}
