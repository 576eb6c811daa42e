import * as core from '@actions/core'
import type { Log } from './log'
import { capMarkdown } from './markdown'

/**
 * Appends markdown (rendered by ./summary.ts: redacted, escaped) to the job summary, kept under
 * the runner's size limit; a local run without GITHUB_STEP_SUMMARY writes none.
 */
export async function writeSummary(markdown: string, log: Pick<Log, 'warning'>): Promise<void> {
  // Without GITHUB_STEP_SUMMARY (a local run) there is nowhere to write, and that is no failure.
  if (!process.env.GITHUB_STEP_SUMMARY) return
  try {
    await core.summary.addRaw(capMarkdown(markdown)).write()
  } catch (error) {
    log.warning(
      `The job summary could not be written: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}
