import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The suite's own temp folder, made before the first test file and removed after the last
 * (jest's globalSetup and globalTeardown, see jest.config.js). TMPDIR names it, so every test
 * file's own folder (./leak-checking-environment.ts) is made inside it: whatever a file's
 * environment could not remove (a worker that never reached its teardown) goes with it, and a
 * run leaves nothing in the OS temp folder.
 */
const ROOT = 'DEPLOY_AGENT_SUITE_TEMP'

/** Node's compile cache for the run, in the suite's temp folder (see makeSuiteTemp). */
const COMPILE_CACHE = 'node-compile-cache'

/** The emulator's request validators, compiled once for the run: emulator/openapi.ts reads the
 * variable (its KEPT_VALIDATORS_ENV; global set-up cannot load the emulator's ES modules). */
const KEPT_VALIDATORS = 'kept-validators'
const KEPT_VALIDATORS_ENV = 'DEPLOY_AGENT_KEPT_VALIDATORS'

export function makeSuiteTemp(): void {
  const root = mkdtempSync(join(tmpdir(), 'deploy-agent-suite-'))
  process.env[ROOT] = root
  // Workers start after this, with this environment.
  process.env.TMPDIR = root
  // The workers, the real agent server the tests restart some twenty times and the child runs of
  // dist/ are Node processes that compile the same modules again each time; with a cache made
  // on the first start, the others skip it.
  process.env.NODE_COMPILE_CACHE = join(root, COMPILE_CACHE)
  process.env[KEPT_VALIDATORS_ENV] = join(root, KEPT_VALIDATORS)
  mkdirSync(join(root, KEPT_VALIDATORS))
}

export function removeSuiteTemp(): void {
  const root = process.env[ROOT]
  if (root === undefined) return
  // A file's folder left empty is one whose environment did not reach its teardown; what a test
  // left was named there. Anything else was written beside the test files' folders.
  const stray = readdirSync(root).filter(
    (entry) =>
      !entry.startsWith('jest-file-') && entry !== COMPILE_CACHE && entry !== KEPT_VALIDATORS
  )
  rmSync(root, { recursive: true, force: true })
  if (stray.length > 0)
    throw new Error(
      `The suite left in its temp folder, outside any test file's: ${stray.join(', ')}`
    )
}
