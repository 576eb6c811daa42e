import * as core from '@actions/core'

/** Appends markdown to the job summary; a local run without GITHUB_STEP_SUMMARY writes none. */
export async function writeSummary(markdown: string): Promise<void> {
  // Without GITHUB_STEP_SUMMARY (a local run) there is nowhere to write, and that is no failure.
  if (!process.env.GITHUB_STEP_SUMMARY) return
  try {
    await core.summary.addRaw(markdown).write()
  } catch (error) {
    core.warning(
      `The job summary could not be written: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}
