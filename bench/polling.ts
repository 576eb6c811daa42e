/**
 * Status polling on the emulator with scaled time: for builds of several lengths, the status
 * requests and the detection lag (from the revision's final status to the wait noticing it) of the
 * action's wait against the baseline, the service's command-line client polling every 3 s.
 */
import { startControlPlane } from '../emulator'
import { ControlPlaneClient } from '../src/control-plane/client'
import { judgeStatus } from '../src/wait/revision-status'
import { siblingHistory } from '../src/operations/sibling-history'
import { waitForRevision } from '../src/wait/wait'
import { median } from './measure'

/** The baseline's fixed gap between status checks. */
const BASELINE_GAP_MS = 3_000
/** The action's default `poll-interval`. */
const POLL_INTERVAL_MS = 10_000
/** The emulated build walks six in-progress statuses before its outcome. */
const BUILD_PHASES = 6
/** Build lengths of the 'varied' history, as shares of the build length. */
const VARIED_SHARES = [0.9, 0.95, 1, 1.05, 1.1]

export type Poller = 'action' | 'baseline'
export type History = 'same' | 'slower' | 'varied' | 'none' | 'siblings'

export interface PollingRow {
  buildMinutes: number
  history: History
  poller: Poller
  /** Medians over the start offsets. */
  requests: number
  lagMs: number
}

/**
 * Service time for one run: it moves only while the poller sleeps (and on `jump`), so 15 minutes
 * of a build pass in the time its requests take, and a request takes no service time: the figures
 * measure the polling strategy, the same on every run and machine.
 */
class FakeClock {
  #now = Date.parse('2026-01-01T00:00:00.000Z')
  now = (): number => this.#now
  sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
    await new Promise((resolve) => setImmediate(resolve))
    signal?.throwIfAborted()
    this.#now += ms
  }
  jump(ms: number): void {
    this.#now += ms
  }
}

const BENCH_REPO = 'https://github.com/acme/bench-agent'

/** A first deploy of the bench agent (the deployment's only revision is the one waited on). */
function createFirst(client: ControlPlaneClient, name: string) {
  return client.createDeployment({
    name,
    source: 'git_host',
    source_config: {
      integration_id: '123e4567-e89b-42d3-a456-426614174000',
      repo_url: BENCH_REPO
    },
    source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
    secrets: []
  })
}

/**
 * One wait on its own emulator and clock: an earlier DEPLOYED revision (unless history is
 * 'none' or 'siblings'), then a new revision, then the poller starts `offsetMs` after it was
 * created. 'siblings': a first deploy, with three earlier previews of the same repository whose
 * builds took as long.
 */
async function pollOnce(
  buildMinutes: number,
  history: History,
  poller: Poller,
  offsetMs: number,
  /** 0 to 1: which of the 'varied' build lengths this run has, shortest to longest. */
  variant: number
): Promise<{ requests: number; lagMs: number }> {
  const clock = new FakeClock()
  const stepMs = (buildMinutes * 60_000) / BUILD_PHASES
  const emulator = await startControlPlane({ stepMs, now: clock.now })
  try {
    const client = new ControlPlaneClient({
      baseUrl: emulator.url,
      apiKey: 'emulator-key',
      userAgent: 'deploy-agent-action/bench',
      now: clock.now
    })
    let deploymentId: string
    let getHistory = (limit: number, call: object) =>
      client.listRevisions(deploymentId, limit, call)
    if (history === 'none') {
      // A first deploy: the deployment's only revision is the one waited on, created now.
      deploymentId = (await createFirst(client, 'bench-agent')).id
    } else if (history === 'siblings') {
      for (const number of [1, 2, 3]) {
        emulator.seedDeployment({
          name: `bench-agent-pr-${number}`,
          source_config: {
            integration_id: '123e4567-e89b-42d3-a456-426614174000',
            repo_url: BENCH_REPO
          },
          history: [{ durationMs: buildMinutes * 60_000 }, { durationMs: buildMinutes * 60_000 }]
        })
      }
      emulator.seedDeployment({ name: 'other-agent', history: [{ durationMs: 60_000 }] })
      clock.jump(buildMinutes * 60_000 * 2)
      const created = await createFirst(client, 'bench-agent-pr-4')
      deploymentId = created.id
      getHistory = siblingHistory(client, created)
    } else if (history === 'varied') {
      // Five earlier builds up to 10 % either side of the build length; this one as long as one
      // of them, spread evenly over the start offsets.
      const seeded = emulator.seedDeployment({ name: 'bench-agent' })
      clock.jump(buildMinutes * 60_000 * 2)
      for (const share of VARIED_SHARES) {
        emulator.setStepMs(stepMs * share)
        await client.patchDeployment(seeded.id, {
          source_revision_config: { repo_ref: `earlier-${share}` }
        })
        clock.jump(buildMinutes * 60_000 * share + 60_000)
      }
      const share = VARIED_SHARES[Math.round(variant * (VARIED_SHARES.length - 1))] ?? 1
      emulator.setStepMs(stepMs * share)
      const patched = await client.patchDeployment(seeded.id, {
        source_revision_config: { repo_ref: 'next' }
      })
      deploymentId = patched.id
    } else {
      // Seeded revisions start at their final status: this one is the history.
      const seeded = emulator.seedDeployment({ name: 'bench-agent' })
      clock.jump(buildMinutes * 60_000 * 2)
      if (history === 'slower') emulator.setStepMs(stepMs * 1.1)
      const patched = await client.patchDeployment(seeded.id, {
        source_revision_config: { repo_ref: 'next' }
      })
      deploymentId = patched.id
    }
    const revisionId = emulator.revisions(deploymentId)[0]?.id ?? ''
    clock.jump(offsetMs)
    const before = emulator.requests.length
    let noticedAt = 0
    const deadline = clock.now() + 60 * 60_000
    if (poller === 'action') {
      await waitForRevision({
        getRevision: (call) => client.getRevision(deploymentId, revisionId, call),
        getHistory,
        deadline,
        pollIntervalMs: POLL_INTERVAL_MS,
        now: clock.now,
        sleep: clock.sleep,
        onStatus: (status) => {
          if (judgeStatus(status) !== 'waiting') noticedAt = clock.now()
        }
      })
    } else {
      for (;;) {
        const revision = await client.getRevision(deploymentId, revisionId)
        if (judgeStatus(revision.status) !== 'waiting') break
        await clock.sleep(BASELINE_GAP_MS)
      }
      noticedAt = clock.now()
    }
    const final = emulator.revisions(deploymentId)[0]
    const endedAt = Date.parse(final?.updated_at ?? '')
    const requests = emulator.requests
      .slice(before)
      .filter((request) => request.method === 'GET' && request.path.includes('/revisions')).length
    return { requests, lagMs: noticedAt - endedAt }
  } finally {
    await emulator.close()
  }
}

/**
 * Every build length × history × poller, each from several start offsets spread over the
 * baseline's gap; all runs at once (each has its own emulator and clock).
 */
export async function benchPolling(options: {
  buildMinutes: number[]
  offsets: number
}): Promise<PollingRow[]> {
  const histories: History[] = ['same', 'slower', 'varied', 'none', 'siblings']
  const pollers: Poller[] = ['action', 'baseline']
  const jobs = options.buildMinutes.flatMap((buildMinutes) =>
    histories.flatMap((history) =>
      pollers.map(async (poller): Promise<PollingRow> => {
        const runs = await Promise.all(
          Array.from({ length: options.offsets }, (_, i) =>
            pollOnce(
              buildMinutes,
              history,
              poller,
              (i * BASELINE_GAP_MS) / options.offsets,
              i / Math.max(1, options.offsets - 1)
            )
          )
        )
        return {
          buildMinutes,
          history,
          poller,
          requests: median(runs.map((run) => run.requests)),
          lagMs: median(runs.map((run) => run.lagMs))
        }
      })
    )
  )
  return Promise.all(jobs)
}
