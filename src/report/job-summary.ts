import type { GitHubPlace } from '../lib/github-links'
import type { Log } from './log'
import { capMarkdown } from './markdown'
import type { Redactor } from './redact'
import type { Sink } from '../world'

/** What an operation that needs nothing may write besides the log: the job summary. */
export interface OfflineReport {
  /** Every text of the summary is redacted with this first (./ renders it). */
  redact: Redactor
  /** Appends rendered markdown (./summary.ts's kind) to the job summary. */
  summary: (markdown: string) => Promise<void>
  /** Where the workflow runs on GitHub, for links that need no request (the policy's file). */
  links?: { place?: GitHubPlace; commit?: string }
}

/**
 * Appends markdown (rendered by ./summary.ts: redacted, escaped) to the job summary, kept under
 * the runner's size limit; a local run without GITHUB_STEP_SUMMARY writes none.
 */
export async function writeSummary(
  markdown: string,
  log: Pick<Log, 'warning'>,
  sink: Pick<Sink, 'appendSummary'>
): Promise<void> {
  try {
    await sink.appendSummary(capMarkdown(markdown))
  } catch (error) {
    log.warning(
      `The job summary could not be written: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}
