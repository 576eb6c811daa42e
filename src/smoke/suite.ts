import { formatDuration } from '../lib/duration'
import { TransportError } from '../control-plane/transport'
import { describeExpectation, meetsExpectation } from '../lib/expectation'
import type { CaseResult, SuiteReport } from '../result'
import type { AgentServer } from '../agent-server/exchange'
import { RUN_PATH, statelessRun, type RunAnswer } from '../agent-server/run'
import type { agentSettingsOf } from '../agent-checks/section'
import { requiredPasses, type MinPass, type SmokeCase } from './cases'
import { passCount } from './report'
import type { SmokeSettings } from './section'

export interface SuiteOptions extends AgentServer {
  revisionId: string
  cases: readonly SmokeCase[]
  /** `agent.assistant`: the assistant of a case that names none. */
  defaultAssistant: string
  concurrency: number
  minPass: MinPass
  /** One line per case, as each ends. */
  onCase: (line: string) => void
}

/** The agent check inputs with `smoke.cases` given. */
export type SuiteInputs = NonNullable<ReturnType<typeof agentSettingsOf>> & { suite: SmokeSettings }

/** Characters of a reply kept; the summary shows its first line, the log one line of it. */
const MAX_REPLY = 4_000

/**
 * `smoke.cases`, once the other agent checks passed: the suite under `deps.deadline` (its own
 * `agent.timeout`, inside the run's). Below `smoke.min-pass` it fails, with why.
 */
export async function checkSmokeSuite(
  verify: SuiteInputs,
  server: AgentServer & { revisionId: string },
  deps: { deadline: number; info: (line: string) => void }
): Promise<{ suite: SuiteReport; failure?: string }> {
  const { cases, concurrency, minPass } = verify.suite
  deps.info(
    `Smoke suite: ${cases.length} case${cases.length === 1 ? '' : 's'} against revision ${server.revisionId}, ${concurrency} at a time.`
  )
  const report = await runSmokeSuite({
    ...server,
    deadline: deps.deadline,
    cases,
    defaultAssistant: verify.assistantId,
    concurrency,
    minPass,
    onCase: deps.info
  })
  const latency =
    report.medianMs === undefined
      ? ''
      : `; latency median ${seconds(report.medianMs)}, 95th percentile ${seconds(report.p95Ms ?? report.medianMs)}`
  deps.info(
    `Smoke suite: ${passCount(report)} (smoke.min-pass asks for ${report.required})${latency}.`
  )
  const failure = suiteFailure(report)
  return failure ? { suite: report, failure } : { suite: report }
}

/**
 * Runs every case once (one stateless POST /runs/wait each, never retried), at most
 * `concurrency` at a time, each bounded by the deadline (and its max-latency). Never throws for
 * what the agent server does; a cancellation goes through.
 */
export async function runSmokeSuite(options: SuiteOptions): Promise<SuiteReport> {
  const results: CaseResult[] = []
  let next = 0
  const worker = async () => {
    while (next < options.cases.length) {
      const index = next++
      const smokeCase = options.cases[index]
      if (smokeCase === undefined) break
      const result = await runCase(options, smokeCase)
      results[index] = result
      options.onCase(caseLine(result))
    }
  }
  const workers = Math.max(1, Math.min(options.concurrency, options.cases.length))
  await Promise.all(Array.from({ length: workers }, worker))
  const passed = results.filter((result) => result.passed).length
  const latencies = results
    .flatMap((result) => (result.latencyMs === undefined ? [] : [result.latencyMs]))
    .sort((a, b) => a - b)
  return {
    revisionId: options.revisionId,
    cases: results,
    passed,
    failed: results.length - passed,
    required: requiredPasses(options.minPass, results.length),
    ...(options.minPass.kind !== 'count' && { share: `${options.minPass.percent}%` }),
    medianMs: median(latencies),
    p95Ms: latencies[Math.ceil(0.95 * latencies.length) - 1]
  }
}

/** The sentence that fails the checks when fewer cases passed than smoke.min-pass asks for. */
export function suiteFailure(report: SuiteReport): string | undefined {
  if (report.passed >= report.required) return undefined
  return `Smoke suite: ${suiteShortfall(report)}`
}

/** How many cases passed against how many smoke.min-pass asks for, without the suite's name. */
export function suiteShortfall(report: SuiteReport): string {
  return `${passCount(report)} on revision ${report.revisionId}; smoke.min-pass asks for ${report.required}.`
}

async function runCase(options: SuiteOptions, smokeCase: SmokeCase): Promise<CaseResult> {
  const base = { name: smokeCase.name, reference: smokeCase.reference }
  const sentAt = options.now()
  const remaining = options.deadline - sentAt
  if (remaining <= 0)
    return { ...base, passed: false, failure: 'not sent: agent.timeout had run out' }
  let answer: RunAnswer
  try {
    answer = await statelessRun(options, {
      assistantId: smokeCase.assistant ?? options.defaultAssistant,
      input: smokeCase.input,
      // Waiting past max-latency cannot make the case pass.
      timeoutMs: smokeCase.maxLatencyMs ?? remaining
    })
  } catch (error) {
    if (!(error instanceof TransportError)) throw error
    const failure =
      error.kind === 'timeout'
        ? smokeCase.maxLatencyMs !== undefined && options.deadline - options.now() > 0
          ? `no answer within its max-latency of ${seconds(smokeCase.maxLatencyMs)}`
          : 'no answer before agent.timeout ran out'
        : error.kind === 'too-large'
          ? `the answer was ${error.reason}, more than any reply of an agent server`
          : `no answer: ${error.reason}`
    return { ...base, passed: false, failure }
  }
  const latencyMs = options.now() - sentAt
  const answered = { ...base, latencyMs }
  if (answer.status !== 200)
    return {
      ...answered,
      passed: false,
      reply: cut(answer.text),
      failure: `${RUN_PATH} answered ${answer.status}`
    }
  const run = answer.reply
  if (run.kind !== 'reply') return { ...answered, passed: false, failure: run.reason }
  // Judged on the whole reply; only what is shown is cut.
  const whole = run.text
  const reply = cut(whole)
  const failures = [
    smokeCase.expect &&
      !meetsExpectation(smokeCase.expect, whole) &&
      `the reply does not ${describeExpectation(smokeCase.expect)} (expect)`,
    smokeCase.expectNot &&
      meetsExpectation(smokeCase.expectNot, whole) &&
      `the reply does ${describeExpectation(smokeCase.expectNot)} (expect-not)`,
    smokeCase.maxLatencyMs !== undefined &&
      latencyMs > smokeCase.maxLatencyMs &&
      `took ${seconds(latencyMs)}, over its max-latency of ${seconds(smokeCase.maxLatencyMs)}`
  ].filter((failure): failure is string => typeof failure === 'string')
  return failures.length > 0
    ? { ...answered, reply, passed: false, failure: failures.join('; ') }
    : { ...answered, reply, passed: true }
}

/**
 * The case's one log line: the reply's line breaks shown as ⏎, so that no reply takes more than
 * the case's line (the log redacts it, cuts it and escapes what would act on the workflow).
 */
function caseLine(result: CaseResult): string {
  const oneLine = (text: string) => text.replace(/\s*(\r\n|\r|\n|\u2028|\u2029)\s*/g, ' ⏎ ')
  const verdict = result.passed ? 'passed' : `failed (${result.failure ?? 'no verdict'})`
  const latency = result.latencyMs === undefined ? '' : ` in ${seconds(result.latencyMs)}`
  const reply = result.reply === undefined ? '' : `: ${result.reply}`
  return oneLine(`Smoke case ${JSON.stringify(result.name)}: ${verdict}${latency}${reply}`)
}

function median(sorted: readonly number[]): number | undefined {
  if (sorted.length === 0) return undefined
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? sorted[middle]
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function seconds(ms: number): string {
  return formatDuration(ms, 'fine')
}

function cut(text: string): string {
  return text.length > MAX_REPLY ? `${text.slice(0, MAX_REPLY)}…` : text
}
