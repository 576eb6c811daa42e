import { afterEach, describe, expect, it } from '@jest/globals'
import { seedGate } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import type { Step } from '../helpers/policy-file'
import { NAME, controlPlaneWrites, gateFile, gateStep } from '../gate/gate-harness'

/**
 * Runs that end before the write, through the action in process: a dry run and a refusal still
 * read the deployment, so what serves is known and said; a refusal's headline says what was
 * refused and that nothing was deployed; a dry run shows the gate's plan in the summary.
 */
const { runInProcess, start } = gateFile()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function runBeforeWrite(given: Step) {
  const services = await start()
  const deployment = services.controlPlane.seedDeployment({ name: NAME })
  const { dataset } = seedGate(services.tracing, { examples: 3 })
  const github = await startGitHubApi()
  closers.push(github.close)
  const run = await runInProcess(
    gateStep(services, {
      'github-token': 'ghs_before_write_token_5a1c',
      environment: 'production',
      'pr-comment': 'true',
      ...given
    }),
    { pullRequest: { number: 7 }, githubApiUrl: github.url }
  )
  return {
    run,
    services,
    dataset,
    previous: String(deployment.active_revision_id),
    comment: github.comments.at(-1)?.body ?? '',
    status: github.deployments.flatMap((each) => each.statuses).at(-1)
  }
}

const line = (text: string, start: string) =>
  text.split('\n').find((each) => each.startsWith(start)) ?? ''

describe('a dry run with a gate', () => {
  it("says what serves, read from the deployment, and shows the gate's plan in the summary", async () => {
    const { run, services, dataset, previous } = await runBeforeWrite({
      'dry-run': 'true',
      policy: {
        gate: {
          'min-scores': { correctness: 0.5 },
          'max-regression': { correctness: 0.1 },
          repetitions: 2
        }
      }
    })
    expect(run.exitCode).toBe(0)
    expect(controlPlaneWrites(services)).toEqual([])
    const serving = line(run.summary, '- **Serving now:**')
    expect(serving).toContain(`\`${previous.slice(0, 8)}\``)
    expect(serving).not.toMatch(/unknown/)
    // The gate's plan in the summary, not only in the log.
    const plan = run.summary.slice(run.summary.indexOf('### Plan'))
    expect(plan).toContain(dataset.name)
    expect(plan).toContain('6 runs (3 examples × gate.repetitions 2)')
    expect(plan).toMatch(/correctness ≥ 0\.5, drop ≤ 0\.1/)
    const baseline = line(plan, '  compared with')
    expect(baseline).toContain('previous revision')
    expect(baseline).toContain(previous.slice(0, 8))
    expect(baseline).not.toContain(previous)
  }, 120_000)
})

describe('a gate refusal', () => {
  it('is headlined as what was refused with nothing deployed, and says what serves', async () => {
    const { run, services, comment, status, previous } = await runBeforeWrite({
      policy: { gate: { dataset: 'no-such-dataset', 'min-scores': { correctness: 0.5 } } }
    })
    expect(run.exitCode).toBe(1)
    expect(controlPlaneWrites(services)).toEqual([])
    expect(run.outputs['previous-revision-id']).toBe(previous)
    const headlines = [line(run.summary, '## '), line(comment, '### '), status?.description ?? '']
    for (const headline of headlines) {
      expect(headline).toContain('refused')
      expect(headline).toContain('gate.dataset')
      expect(headline).toContain('nothing was deployed')
      expect(headline).not.toMatch(/deploy failed/)
    }
    for (const text of [run.summary, comment]) {
      const serving = line(text, '- **Serving now:**')
      expect(serving).toContain(`\`${previous.slice(0, 8)}\``)
      expect(serving).not.toMatch(/unknown/)
    }
    // The first text of the red run says the same: what was refused, and that nothing deployed.
    const errorLine = line(run.stdout, '::error::')
    expect(errorLine).toContain('gate.dataset')
    expect(errorLine).toContain('nothing was deployed')
  }, 120_000)
})
