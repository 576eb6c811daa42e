/**
 * The bake window through the action in process (`run(world)` on a virtual clock shared with the
 * control plane, agent server and tracing emulators), so a 15-minute bake takes seconds:
 * - cost: the reads the tracing emulator logged (`POST /runs/stats`) against ⌈duration /
 *   interval⌉, plus the previous window's read with `bake.max-regression`; the attempts a fault
 *   answered (a 503, a 429 with `Retry-After`) are counted apart, since their retries are reads
 *   the plan did not add;
 * - lag: from the traffic generator's switch (the new revision's healthy phase turning to errors
 *   mid-window) to the redeploy request the rollback sends, for switches spread over one
 *   interval, against failure-limit × interval + settling + one interval.
 */
import { startServices, VirtualClock, type Services, type TrafficProfile } from '../emulator'
import { runInProcess } from '../__tests__/helpers/action-world'
import type { Step } from '../__tests__/helpers/policy-file'
import { gitHostStep } from '../__tests__/helpers/step-inputs'

const NAME = 'bench-agent'
const MINUTE = 60_000
/** Where the virtual clock starts. */
const T0 = Date.parse('2026-11-26T12:00:00Z')
const HEALTHY = { runsPerMinute: 30, errorShare: 0, latency: { p50: 1, p99: 2 } }
/** The runner's variables a deploy's records need. */
const ENV = { GITHUB_RUN_ID: '4242', GITHUB_SHA: 'f'.repeat(40) }

export interface BakeCost {
  /** What the bake was, in a few words. */
  label: string
  /** With `bake.max-regression`: the previous window is read once before any write. */
  previousWindow: boolean
  /** ⌈duration / interval⌉, plus one with `bake.max-regression`. */
  expected: number
  /** Reads answered without a fault. */
  reads: number
  /** Attempts a fault answered, each retried. */
  faulted: number
  verdict: string
}

export interface BakeLag {
  /** Where the switch fell, from the window's start. */
  switchIntoWindowMs: number
  /** From the switch to the rollback's redeploy request; undefined when none was sent. */
  lagMs: number | undefined
}

export interface BakeFigures {
  costs: BakeCost[]
  lag: {
    runs: BakeLag[]
    intervalMs: number
    failureLimit: number
    settlingMs: number
    boundMs: number
  }
}

/** The services on one virtual clock, the deployment serving its first revision with traffic. */
async function world(profile: TrafficProfile | ((servedAtStart: boolean) => TrafficProfile)) {
  const clock = new VirtualClock({ start: T0 })
  const services: Services = await startServices({
    now: clock.now,
    serve: NAME,
    controlPlane: { sleep: clock.sleep, stepMs: 10 }
  })
  services.controlPlane.seedDeployment({ name: NAME })
  const { generator } = services.traffic(NAME, {
    profile: typeof profile === 'function' ? (revision) => profile(revision.servedAtStart) : profile
  })
  const step = (policy: Record<string, unknown>): Step => ({
    ...gitHostStep(services.controlPlane.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1',
    'tracing-url': services.tracing.url,
    policy
  })
  return {
    clock,
    services,
    generator,
    run: (policy: Record<string, unknown>) => runInProcess(step(policy), { clock, env: ENV }),
    close: async () => {
      await services.close()
      clock.close()
    }
  }
}

const verdictOf = (outputs: Record<string, string>) =>
  String((JSON.parse(outputs['bake-stats'] ?? 'null') as { verdict?: string } | null)?.verdict)

/** One healthy bake: its reads as the tracing emulator logged them. */
export async function bakeCost(options: {
  duration: string
  interval: string
  durationMs: number
  intervalMs: number
  maxRegression?: boolean
  /** A 503, then a 429 with `Retry-After: 20`, on the first reads. */
  faults?: boolean
}): Promise<BakeCost> {
  const bench = await world(HEALTHY)
  try {
    const bake: Record<string, unknown> = {
      duration: options.duration,
      interval: options.interval,
      'max-error-rate': '5%',
      ...(options.maxRegression === true && { 'max-regression': { p50: '20%' } })
    }
    // The previous revision's window holds a whole bake's traffic before the deploy.
    if (options.maxRegression === true) bench.clock.advance(options.durationMs)
    if (options.faults === true) {
      bench.services.tracing.injectFault({ path: '/runs/stats', kind: 'status', status: 503 })
      bench.services.tracing.injectFault({
        path: '/runs/stats',
        kind: 'status',
        status: 429,
        retryAfter: '20'
      })
    }
    const run = await bench.run({ bake })
    const logged = bench.services.tracing.statsReads()
    return {
      label:
        `${options.duration} bake read every ${options.interval}` +
        (options.maxRegression === true ? ', with max-regression' : '') +
        (options.faults === true ? ', a 503 and a 429 on the first reads' : ''),
      previousWindow: options.maxRegression === true,
      expected:
        Math.ceil(options.durationMs / options.intervalMs) +
        (options.maxRegression === true ? 1 : 0),
      reads: logged.filter((read) => !read.faulted).length,
      faulted: logged.filter((read) => read.faulted).length,
      verdict: run.exitCode === 0 ? verdictOf(run.outputs) : `exit 1: ${verdictOf(run.outputs)}`
    }
  } finally {
    await bench.close()
  }
}

/**
 * One bake whose new revision turns to errors `switchAfterMs` after the run starts (the deploy
 * itself takes a few virtual seconds, so the switch falls that much earlier in the window).
 */
export async function bakeLag(options: {
  switchAfterMs: number
  duration: string
  interval: string
}): Promise<BakeLag> {
  const bench = await world((servedAtStart) =>
    servedAtStart
      ? HEALTHY
      : [HEALTHY, { ...HEALTHY, from: T0 + options.switchAfterMs, errorShare: 0.5 }]
  )
  try {
    const run = await bench.run({
      bake: { duration: options.duration, interval: options.interval, 'max-error-rate': '5%' },
      rollback: { 'on-failure': true }
    })
    const switched = bench.generator.firstSwitch()
    if (switched === undefined) throw new Error("the bench's traffic did not switch")
    if (run.outputs['rolled-back'] !== 'true')
      throw new Error(`the bench's bake did not roll back: ${verdictOf(run.outputs)}`)
    const windowStart = bench.services.tracing.statsReads()[0]?.start ?? Number.NaN
    const redeploy = bench.services.firstRedeployAfter(switched.at)
    return {
      switchIntoWindowMs: switched.at - windowStart,
      lagMs: redeploy === undefined ? undefined : redeploy - switched.at
    }
  } finally {
    await bench.close()
  }
}

export async function benchBake(): Promise<BakeFigures> {
  const costs = [
    await bakeCost({
      duration: '15m',
      interval: '1m',
      durationMs: 15 * MINUTE,
      intervalMs: MINUTE
    }),
    await bakeCost({
      duration: '30m',
      interval: '4m',
      durationMs: 30 * MINUTE,
      intervalMs: 4 * MINUTE,
      maxRegression: true,
      faults: true
    })
  ]
  // Switches spread over one interval, 4 min into a 15-min bake read every minute: the worst
  // falls where the next read holds just too little of the errors to be evidence.
  const runs: BakeLag[] = []
  for (let offset = 0; offset < MINUTE; offset += MINUTE / 8)
    runs.push(
      await bakeLag({ switchAfterMs: 4 * MINUTE + offset, duration: '15m', interval: '1m' })
    )
  const intervalMs = MINUTE
  const failureLimit = 2
  const settlingMs = Math.min(30_000, intervalMs)
  return {
    costs,
    lag: {
      runs,
      intervalMs,
      failureLimit,
      settlingMs,
      boundMs: failureLimit * intervalMs + settlingMs + intervalMs
    }
  }
}

if (process.argv[1]?.endsWith('bake.ts')) console.log(JSON.stringify(await benchBake(), null, 2))
