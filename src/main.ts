import { INPUT_NAMES, type RawInputs } from './inputs/contract'
import { InputError, parseInputs, type StepConfig, type StepPolicy } from './inputs/parse'
import { githubPlaceFromEnv } from './lib/github-links'
import { startOperation } from './operations/operations'
import { writeSummary } from './report/job-summary'
import { createLog, type Log } from './report/log'
import type { PolicyProblem } from './policy-kit/problems'
import { createRedactor, secretForms, type Redactor } from './report/redact'
import { parseSecrets } from './inputs/secrets'
import { renderInputErrorSummary } from './report/summary'
import type { World } from './world'

/** Reads every declared input, raw (trimmed, as the runner's toolkit reads one); parseInputs judges them. */
export function readRawInputs(env: World['env']): RawInputs {
  return Object.fromEntries(
    INPUT_NAMES.map((name) => [
      name,
      (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim()
    ])
  ) as RawInputs
}

/**
 * Every secret the inputs hold: the keys, the token, each `secrets` value (also of a `secrets`
 * input that will be refused) and a password in `api-url`.
 */
export function secretValues(raw: RawInputs): string[] {
  return [
    raw['api-key'],
    raw['agent-api-key'],
    raw['github-token'],
    ...parseSecrets(raw.secrets).values,
    ...urlCredentials(raw['api-url'])
  ].filter((value) => value !== '')
}

/** The password of a URL written `https://user:password@host`, as written and decoded. */
function urlCredentials(text: string): string[] {
  try {
    const { username, password } = new URL(text.trim())
    if (password === '') return []
    return [`${username}:${password}`, password, decodeURIComponent(password)]
  } catch {
    return []
  }
}

/**
 * Masks every secret the inputs hold, in every form the redactor knows (each line of a
 * multi-line value, JSON- and URL-encoded), before anything is logged, and returns the redactor
 * every destination (./report/) applies before it escapes.
 */
export function maskSecrets(raw: RawInputs, sink: Pick<World['sink'], 'setSecret'>): Redactor {
  const values = secretValues(raw)
  // Each value as given (the runner masks even a short one), then every form the redactor knows.
  for (const form of new Set([...values, ...secretForms(values)])) sink.setSecret(form)
  return createRedactor(values)
}

/**
 * The action: inputs → config, then the operation. Only what reading the inputs needs is loaded
 * before they are judged; the HTTP client and the operations load after (issue 6: start-up).
 */
export async function run(world?: World): Promise<void> {
  if (world === undefined) {
    // @github/local-action calls run() with no argument: the runner's world, as index.ts makes.
    const { createRealWorld } = await import('./real-world')
    const real = createRealWorld()
    try {
      return await run(real)
    } finally {
      await real.close()
    }
  }
  const startedAt = world.clock.now()
  const raw = readRawInputs(world.env)
  const redact = maskSecrets(raw, world.sink)
  const log = createLog(redact, world.sink)

  try {
    await runWith(raw, redact, log, startedAt, world)
  } finally {
    // GitHub keeps 10 annotations of each kind: what the budget keeps is written once, at the end.
    log.flush()
  }
}

async function runWith(
  raw: RawInputs,
  redact: Redactor,
  log: Log,
  startedAt: number,
  world: World
): Promise<void> {
  let config: StepConfig
  try {
    config = await parseInputs(raw, world.env)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const counts =
      error instanceof InputError
        ? {
            inputs: error.problems.length,
            policy: error.policyProblems.length,
            policyPath: raw['release-policy']
          }
        : undefined
    if (error instanceof InputError) annotateProblems(error, raw, log)
    await writeSummary(
      renderInputErrorSummary(message, redact, raw.operation, counts),
      log,
      world.sink
    )
    log.fail(message)
    if (!(error instanceof InputError)) log.debug(() => stackOf(error))
    return
  }
  config.warnings.forEach((warning) => log.warning(warning, { rank: 'own' }))
  try {
    // The operation's row says what it needs; the services only reach the run through here.
    const report = {
      redact,
      summary: (markdown: string) => writeSummary(markdown, log, world.sink),
      links: { place: githubPlaceFromEnv(world.env), commit: world.env.GITHUB_SHA }
    }
    await startOperation(config, log, report, async (sending) => {
      sending.notices.forEach((notice) => log.notice(notice))
      logPolicy(sending.releasePolicy, log)
      const { execute } = await import(/* webpackChunkName: "execute" */ './execute')
      await execute(sending, redact, startedAt, world, log)
    })
  } catch (error) {
    // Not thrown on: Node would print it to stderr, unredacted and unescaped.
    log.fail(`The action failed: ${error instanceof Error ? error.message : String(error)}`)
    log.debug(() => stackOf(error))
  }
}

/**
 * Each problem as an annotation, after the step's failure line and within GitHub's limit: the
 * inputs' first, then the policy's in line order (so a pull request shows each on its diff),
 * then each file it names.
 */
function annotateProblems(error: InputError, raw: RawInputs, log: Log): void {
  for (const problem of error.problems) log.error(problem.message, `input ${problem.input}`)
  for (const problem of inAnnotationOrder(error.policyProblems, raw['release-policy']))
    log.errorAt(problem.message, {
      file: problem.file,
      line: problem.line,
      col: problem.col,
      title: problem.keyPath === '' ? 'release policy' : `release policy: ${problem.keyPath}`
    })
}

/** The policy's problems in line order, then each named file's, in the order first named. */
function inAnnotationOrder(
  problems: readonly PolicyProblem[],
  policyPath: string
): PolicyProblem[] {
  const files = [policyPath, ...new Set(problems.map((problem) => problem.file))]
  const rank = (file: string) => files.indexOf(file)
  return [...problems].sort(
    (a, b) =>
      rank(a.file) - rank(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0)
  )
}

/** The policy in effect, by its digest, or that there is none (only the serving check runs). */
function logPolicy(policy: StepPolicy | undefined, log: Log): void {
  if (policy === undefined) {
    log.info('No release-policy: only the serving check runs after DEPLOYED.')
    return
  }
  const { entry, digest } = policy.inEffect
  log.info(
    `Release policy ${policy.path}${entry === null ? '' : ` (environments.${entry})`}: digest ${digest}`
  )
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}
