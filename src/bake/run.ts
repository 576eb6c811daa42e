/**
 * The bake after the checks (spec: Bake window): the cumulative window read every
 * `bake.interval`, a settling time behind, on the run's clock; each read retried until the next
 * is due; breaching and failed reads counted in a row; the verdict at the last read. Never
 * throws for what the tracing service does: a verdict, and the report of what it saw.
 */
import { revisionFilter, type TracingProject } from '../tracing/run-stats'
import { findProject, readRunStats } from '../tracing/stats-read'
import type { BakeSettings } from './section'
import type { BakeDeps, PreparedBake } from './prepare'
import type { BakeReadPoint, BakeReport } from './report-types'
import { statsOf } from './stats'
import type { BakeBounds, BoundJudgement, WindowStats } from './types'
import {
  breaches,
  countRead,
  finalVerdict,
  judgeRead,
  missedWhy,
  metricWords,
  type ReadTally
} from './verdict'
import { bakingWords, lengthWords, statsWords } from './words'
import { bakeSchedule, type BakeRead } from './windows'

/** How often a first deploy's project is looked for, within the first interval. */
const LOOKUP_EVERY_MS = 5_000
/** The log is never silent longer than this while the bake waits for its next read. */
const QUIET_MS = 60_000

export interface BakeRunDeps extends BakeDeps {
  /** "baking: 6 of 15 min" (the frame throttles it to the log and GitHub, once a minute). */
  progress(text: string): void
  /** The step's own bound (its start plus its overtime): no read runs past it. */
  deadline: number
}

export type BakeOutcome = { kind: 'skipped'; why: string } | { kind: 'baked'; report: BakeReport }

export function boundsOf(settings: BakeSettings): BakeBounds {
  return {
    minRuns: settings.minRuns,
    ...(settings.maxErrorRate !== undefined && { maxErrorRate: settings.maxErrorRate }),
    maxLatencyMs: settings.maxLatencyMs,
    maxRegression: settings.maxRegression,
    failureLimit: settings.failureLimit
  }
}

/** The bake of `revisionId`, from now: its reads, its verdict. */
export async function runBake(
  prepared: PreparedBake,
  revisionId: string,
  deps: BakeRunDeps
): Promise<BakeOutcome> {
  const startedAt = deps.clock.now()
  const cut: { report?: BakeReport } = {}
  try {
    return await bake(prepared, revisionId, deps, cut)
  } catch (error) {
    // A cancel is no verdict on the revision: what was read is kept, and said to be cut short.
    if (!deps.signal?.aborted || cut.report === undefined) throw error
    const report = cut.report
    report.cutShort = true
    report.verdict = 'inconclusive'
    report.watchedMs = deps.clock.now() - startedAt
    report.why = `the bake was cut short by a cancel after ${lengthWords(report.watchedMs)} of ${lengthWords(report.durationMs)}`
    return { kind: 'baked', report }
  }
}

async function bake(
  prepared: PreparedBake,
  revisionId: string,
  deps: BakeRunDeps,
  cut: { report?: BakeReport }
): Promise<BakeOutcome> {
  const { settings, previous } = prepared
  const bounds = boundsOf(settings)
  const absolute =
    settings.maxErrorRate !== undefined ||
    settings.maxLatencyMs.p50 !== undefined ||
    settings.maxLatencyMs.p99 !== undefined
  if (!absolute && previous.kind !== 'read')
    return {
      kind: 'skipped',
      why: `the bake has only bounds relative to the previous window, and ${previous.kind === 'none' ? previous.why : 'none was read'}`
    }
  // With min-runs 0 an empty previous window skips the relative bounds: none would be judged.
  if (!absolute && previous.kind === 'read' && previous.stats.runs === 0 && settings.minRuns === 0)
    return {
      kind: 'skipped',
      why: 'the bake has only bounds relative to the previous window, and the previous window holds no runs (bake.min-runs is 0), so no bound could be judged'
    }
  const start = deps.clock.now()
  const schedule = bakeSchedule(start, settings.durationMs, settings.intervalMs)
  const report: BakeReport = {
    verdict: 'inconclusive',
    rows: [],
    window: null,
    previous: previous.kind === 'read' ? previous.stats : null,
    reads: [],
    answered: 0,
    durationMs: settings.durationMs,
    intervalMs: settings.intervalMs,
    startedAt: start,
    watchedMs: 0
  }
  cut.report = report
  const done = (verdict: BakeReport['verdict'], why?: string, decided?: BoundJudgement) => {
    report.verdict = verdict
    if (why !== undefined) report.why = why
    if (decided !== undefined) report.decided = decided
    report.watchedMs = deps.clock.now() - start
    return { kind: 'baked' as const, report }
  }
  if (previous.kind === 'none' && Object.keys(settings.maxRegression).length > 0)
    deps.notice(`Bake window: the relative bounds are skipped: ${previous.why}.`)
  const project =
    prepared.project ?? (await projectAfterCreate(prepared, start + settings.intervalMs, deps))
  if (project === undefined)
    return done(
      'inconclusive',
      `no tracing project named ${JSON.stringify(prepared.deploymentName)} was found within ${lengthWords(settings.intervalMs)} of the create, so its traffic could not be watched`
    )
  report.project = {
    id: project.id,
    tenantId: project.tenantId,
    ...(settings.tracingWebUrl !== undefined && { webUrl: settings.tracingWebUrl })
  }
  const filter =
    settings.revisionKey === undefined
      ? undefined
      : revisionFilter(settings.revisionKey, revisionId)
  let tally: ReadTally = { breaches: 0, failedReads: 0 }
  let lastReason = ''
  for (const [position, read] of schedule.reads.entries()) {
    await waitUntil(read.due, start, settings.durationMs, deps)
    const until = Math.min(schedule.reads[position + 1]?.due ?? schedule.end, deps.deadline)
    const answer = await readWindow(project, read, filter, until, deps)
    const point: BakeReadPoint = {
      index: read.index,
      elapsedMs: read.to - start,
      stats: answer.kind === 'answered' ? answer.stats : null
    }
    report.reads.push(point)
    deps.progress(bakingWords(read.to - start, settings.durationMs))
    if (answer.kind === 'refused') return done('inconclusive', answer.why)
    if (answer.kind === 'unanswered') {
      lastReason = answer.reason
      deps.info(
        `Bake read ${read.index} of ${schedule.reads.length}: no answer (${answer.reason}); ${lengthWords(Math.max(0, start + settings.durationMs - deps.clock.now()))} left`
      )
      if (read.last)
        return done(
          'inconclusive',
          `the tracing service did not answer the last read of the ${lengthWords(settings.durationMs)} window (${answer.reason})`
        )
      const counted = countRead(tally, 'failed', settings.failureLimit)
      tally = counted.tally
      if (counted.ends) {
        report.endedEarly = 'failed-reads'
        return done(
          'inconclusive',
          `${tally.failedReads} reads in a row got no answer from the tracing service (${lastReason}), ${lengthWords(read.to - start)} into the ${lengthWords(settings.durationMs)} window`
        )
      }
      continue
    }
    const stats = answer.stats
    report.window = stats
    report.answered += 1
    const rows = judgeRead(stats, previous, bounds, read.last ? 'final' : 'interim')
    report.rows = rows
    deps.info(
      readLine(
        read,
        schedule.reads.length,
        stats,
        report.previous,
        start + settings.durationMs - deps.clock.now()
      )
    )
    if (read.last)
      return finish(
        report,
        stats,
        rows,
        project,
        filter,
        read,
        deps,
        done,
        Math.min(schedule.end, deps.deadline)
      )
    const counted = countRead(tally, breaches(rows) ? 'breach' : 'clear', settings.failureLimit)
    tally = counted.tally
    if (counted.ends) {
      report.endedEarly = 'breach'
      const missed = rows.find((row) => row.verdict === 'fail')
      return done(
        'fail',
        `${missed ? missedWhy(missed, stats) : 'a bound was missed'}, ${tally.breaches} reads in a row, ${lengthWords(read.to - start)} into the ${lengthWords(settings.durationMs)} window`,
        missed
      )
    }
  }
  return done('inconclusive', 'the bake made no read')
}

/** The last read: the verdict on the values, and whether a revision key was missing. */
async function finish(
  report: BakeReport,
  stats: WindowStats,
  rows: BoundJudgement[],
  project: TracingProject,
  filter: string | undefined,
  read: BakeRead,
  deps: BakeRunDeps,
  done: (
    verdict: BakeReport['verdict'],
    why?: string,
    decided?: BoundJudgement
  ) => { kind: 'baked'; report: BakeReport },
  /** The bake's bound: the unfiltered read too ends by then. */
  until: number
) {
  const window = lengthWords(report.durationMs)
  for (const row of rows.filter((row) => row.verdict === 'skipped'))
    deps.notice(`Bake window: ${metricWords(row)} was not judged: ${row.why ?? 'no value'}.`)
  const verdict = finalVerdict(stats, rows)
  if (verdict.verdict === 'fail')
    return done('fail', `${verdict.why ?? ''}, over the ${window} window`, verdict.decided)
  if (verdict.verdict === 'pass') return done('pass')
  if (filter !== undefined && stats.runs === 0) {
    // Whether the runs are there without the key: one read of the same window, unfiltered.
    const unfiltered = await readWindow(project, read, undefined, until, deps)
    if (unfiltered.kind === 'answered' && unfiltered.stats.runs > 0)
      return done(
        'inconclusive',
        `no run of the ${window} window carries the revision's id in the metadata key named by bake.revision-key (${unfiltered.stats.runs} runs without it)`
      )
  }
  return done(
    'inconclusive',
    `${verdict.why ?? 'it could not be judged'}, over the ${window} window`,
    verdict.decided
  )
}

type WindowAnswer =
  | { kind: 'answered'; stats: WindowStats }
  | { kind: 'unanswered'; reason: string }
  | { kind: 'refused'; why: string }

/** One read, retried until `until`; a refusal that will not change ends the bake. */
async function readWindow(
  project: TracingProject,
  read: BakeRead,
  filter: string | undefined,
  until: number,
  deps: BakeRunDeps
): Promise<WindowAnswer> {
  try {
    const answer = await readRunStats(
      deps.client,
      project.id,
      { start: read.from, end: read.to, ...(filter !== undefined && { filter }) },
      { deadline: until, signal: deps.signal }
    )
    return answer.kind === 'answered'
      ? { kind: 'answered', stats: statsOf(answer.stats) }
      : { kind: 'unanswered', reason: answer.reason }
  } catch (error) {
    if (deps.signal?.aborted) throw error
    return {
      kind: 'refused',
      why: `the tracing service refused read ${read.index}: ${error instanceof Error ? error.message : String(error)}`
    }
  }
}

/** Sleeps until `at`, saying how far the bake is at least once a minute. */
async function waitUntil(at: number, start: number, durationMs: number, deps: BakeRunDeps) {
  for (let now = deps.clock.now(); now < at; now = deps.clock.now()) {
    await deps.clock.sleep(Math.min(at - now, QUIET_MS), deps.signal)
    deps.progress(bakingWords(deps.clock.now() - start, durationMs))
  }
}

/** A first deploy's project, looked for until `until` (one interval after the bake began). */
async function projectAfterCreate(
  prepared: PreparedBake,
  until: number,
  deps: BakeRunDeps
): Promise<TracingProject | undefined> {
  for (;;) {
    try {
      const lookup = await findProject(
        deps.client,
        { name: prepared.deploymentName },
        { deadline: until, signal: deps.signal }
      )
      if (lookup.kind === 'found') return lookup.project
    } catch (error) {
      if (deps.signal?.aborted) throw error
    }
    const now = deps.clock.now()
    if (now + LOOKUP_EVERY_MS >= until) return undefined
    await deps.clock.sleep(LOOKUP_EVERY_MS, deps.signal)
  }
}

/** "Bake read 6 of 15: 120 runs, errors 0.8%, … (previous: …); 9 min left". */
function readLine(
  read: BakeRead,
  of: number,
  stats: WindowStats,
  previous: WindowStats | null,
  leftMs: number
): string {
  const before = previous === null ? '' : ` (previous window: ${statsWords(previous)})`
  return `Bake read ${read.index} of ${of}: ${statsWords(stats)}${before}; ${lengthWords(Math.max(0, leftMs))} left`
}
