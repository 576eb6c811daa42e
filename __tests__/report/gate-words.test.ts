import { afterEach, describe, expect, it } from '@jest/globals'
import { seedGate, type Services } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import type { Step } from '../helpers/policy-file'
import { NAME, gateFile, gateStep } from '../gate/gate-harness'

/**
 * The evaluation gate in the reader's words, through the action in process: the baseline named as
 * a reader knows it (never the tracing service's full experiment id), the reason said once per
 * screen, the service's trouble only when it had some, and each fact once in the GitHub status.
 */
const { runInProcess, start } = gateFile()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
const REGRESSION = { gate: { 'max-regression': { correctness: 0.1 } } }

/** A gated deploy on a pull request, with the records a reader meets. */
async function gated(services: Services, given: Step) {
  const github = await startGitHubApi()
  closers.push(github.close)
  const run = await runInProcess(
    gateStep(services, {
      'github-token': 'ghs_gate_words_token_3b9e',
      environment: 'production',
      'pr-comment': 'true',
      ...given
    }),
    { pullRequest: { number: 7 }, githubApiUrl: github.url }
  )
  const status = github.deployments.flatMap((deployment) => deployment.statuses).at(-1)
  return { run, comment: github.comments.at(-1)?.body ?? '', status }
}

const count = (text: string, part: string) => text.split(part).length - 1

/** The summary and the comment name the baseline by `words`, never by the full experiment id. */
function namesBaseline(texts: string[], words: string[], experimentId: string | undefined) {
  expect(experimentId).toMatch(UUID_TEXT)
  for (const text of texts) {
    for (const word of words) expect(text).toContain(word)
    // (A policy that names the experiment shows its value in the policy's changes: that is not
    // the gate's words.)
    expect(text).not.toContain(`experiment ${String(experimentId)}`)
    expect(text).not.toMatch(/(Compared with|against) experiment [0-9a-f]{8}-/)
    expect(text).not.toContain('against the baseline')
  }
}

describe('the gate names its baseline as a reader knows it', () => {
  it('the previous revision evaluated just before this deploy: the reason once, no word of a degraded service, each fact once in the status', async () => {
    const services = await start({
      controlPlane: {
        agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'wrong-reply')
      }
    })
    const deployment = services.controlPlane.seedDeployment({ name: NAME })
    const previous = String(deployment.active_revision_id)
    seedGate(services.tracing, { examples: 3 })
    const { run, comment, status } = await gated(services, {
      policy: { ...REGRESSION, rollback: { 'on-failure': true } }
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['rolled-back']).toBe('true')
    namesBaseline(
      [run.summary, comment],
      ['previous revision', `\`${previous.slice(0, 8)}\``, 'just before this deploy'],
      run.outputs['baseline-experiment-id']
    )
    // The reason, said under the headline, is not said again in the gate's section.
    const reason = 'dropped 1 below the baseline'
    expect(count(run.summary, reason)).toBe(1)
    expect(count(comment, reason)).toBe(1)
    // A plain regression on a healthy service: no word of a degraded one, anywhere.
    const annotations = run.annotations.map((each) => each.text).join('\n')
    for (const text of [run.summary, comment, annotations]) expect(text).not.toMatch(/degraded/)
    expect(run.summary).toContain('not evaluated again')
    // The comment's line and the table in words: a mean and of how many scores, a change with a
    // true minus sign against what it is measured from; never "0 (-1)".
    const line = comment.split('\n').find((each) => each.startsWith('**Evaluation gate:**')) ?? ''
    expect(line).toMatch(/correctness 0, mean of 3, −1\.00 against the previous revision/)
    expect(line).not.toMatch(/\(-?\d/)
    expect(run.summary).toMatch(/\| correctness \| 0, mean of 3 \|/)
    // The status: the gate's verdict once, its numbers left to the reason's words.
    expect(status?.state).toBe('failure')
    const description = status?.description ?? ''
    expect(count(description, 'gate failed')).toBe(1)
    expect(description).toContain('correctness')
    expect(description).not.toContain('(-1)')
    expect(description).not.toMatch(UUID_TEXT)
    expect(description.length).toBeLessThanOrEqual(140)
  }, 120_000)

  it("the previous revision's gate run, the next time", async () => {
    const services = await start()
    services.controlPlane.seedDeployment({ name: NAME })
    seedGate(services.tracing, { examples: 3 })
    const first = await gated(services, { policy: REGRESSION })
    expect(first.run.exitCode).toBe(0)
    services.controlPlane.setAgent('wrong-reply')
    const { run, comment } = await gated(services, { policy: REGRESSION })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['baseline-experiment-id']).toBe(first.run.outputs['experiment-id'])
    const previous = String(first.run.outputs['revision-id'])
    namesBaseline(
      [run.summary, comment],
      ["previous revision's gate run", `\`${previous.slice(0, 8)}\``],
      run.outputs['baseline-experiment-id']
    )
  }, 180_000)

  it("the dataset's baseline, and an experiment gate.baseline names by its short id", async () => {
    const services = await start()
    services.controlPlane.seedDeployment({ name: NAME })
    services.controlPlane.setAgent('wrong-reply')
    const { dataset } = seedGate(services.tracing, { examples: 3 })
    const pinned = services.tracing.seedExperiment({
      dataset_id: dataset.id,
      scores: () => ({ correctness: 0.9 })
    })
    services.tracing.setDatasetBaseline(dataset.id, pinned.session.id)
    const byDataset = await gated(services, {
      policy: { gate: { ...REGRESSION.gate, baseline: 'dataset' } }
    })
    expect(byDataset.run.exitCode).toBe(1)
    namesBaseline(
      [byDataset.run.summary, byDataset.comment],
      ["the dataset's baseline"],
      byDataset.run.outputs['baseline-experiment-id']
    )
    const byId = await gated(services, {
      policy: { gate: { ...REGRESSION.gate, baseline: pinned.session.id } }
    })
    expect(byId.run.exitCode).toBe(1)
    namesBaseline(
      [byId.run.summary, byId.comment],
      [`\`${pinned.session.id.slice(0, 8)}\``, 'gate.baseline'],
      byId.run.outputs['baseline-experiment-id']
    )
  }, 180_000)
})

describe('a gate on a degraded service', () => {
  it('says a second experiment would double the cost only then', async () => {
    const services = await start()
    services.controlPlane.seedDeployment({ name: NAME })
    // The evaluators stop after two scores: the gate cannot conclude before gate.timeout.
    seedGate(services.tracing, { examples: 4, spendingLimit: 2 })
    const { run } = await gated(services, {
      policy: {
        gate: { 'min-scores': { correctness: 0.5 }, timeout: '2m' },
        rollback: { 'on-failure': true }
      }
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['rolled-back']).toBe('true')
    expect(run.summary).toMatch(/not evaluated again[^\n]*degraded/)
  }, 120_000)
})
