import type { Log } from './log'
import { capMarkdown } from './markdown'
import type { Sink } from '../world'

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
