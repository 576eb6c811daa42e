import { describe, expect, it } from '@jest/globals'
import { type AgentServerEmulator, type ControlPlaneOptions } from '../../emulator'
import { parseCases } from '../../src/smoke/case-file'
import { checksWith, failingVerdict } from '../../src/result'
import { runDelivery } from '../helpers/deploy-harness'
import { gitHostConfig } from '../helpers/config-fixture'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

const NAME = 'support-agent'
/** The suite, read as a case file is. */
const SUITE = {
  cases:
    parseCases(
      ['- message: hello', '  expect: "echo: hello"', '- message: bye', '  expect: echo'].join(
        '\n'
      ),
      false
    ).cases ?? []
}
const serving = servingAgentPerTest(NAME)
let agent: AgentServerEmulator | undefined

/** An existing deployment, its URL an agent server answering as the serving revision. */
async function start(options: ControlPlaneOptions = {}) {
  const started = await serving(options)
  agent = started.agent
  return { controlPlane: started.controlPlane, ...seedServing(started.controlPlane, NAME) }
}

const runsSent = () => agent?.requests.filter((request) => request.path === '/runs/wait') ?? []

describe('the smoke suite in safe delivery', () => {
  it('passes a deploy whose cases pass, and sets cases-passed and cases-failed', async () => {
    const { controlPlane } = await start()
    const run = await runDelivery({
      ...gitHostConfig(controlPlane.url),
      smoke: SUITE
    })
    expect(failingVerdict(run.checks)).toBeUndefined()
    expect(checksWith(run.checks, 'passed').map(({ check }) => check)).toEqual([
      'serving',
      'info',
      'assistant',
      'suite'
    ])
    expect(run.outputs).toMatchObject({ 'cases-passed': '2', 'cases-failed': '0' })
    expect(runsSent()).toHaveLength(2)
    expect(run.log).toContain(
      `Smoke suite: 2 cases against revision ${run.result.revisionId}, 4 at a time.`
    )
  })

  it('rolls back exactly once when the suite fails on the new revision, and runs it again on the one brought back', async () => {
    const { controlPlane, id, first } = await start({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'wrong-reply')
    })
    const run = await runDelivery({
      ...gitHostConfig(controlPlane.url),
      smoke: { ...SUITE, minPass: { kind: 'count', count: 1 } },
      rollback: { onFailure: true }
    })
    const [rollbackRevision, failed] = controlPlane.revisions(id)
    expect(failingVerdict(run.checks)?.why).toBe(
      `Smoke suite: 0 of 2 cases passed on revision ${failed?.id}; smoke.min-pass asks for 1.`
    )
    expect(controlPlane.redeploys().map((request) => request.path)).toEqual([
      `/v2/deployments/${id}/revisions/${first}/redeploy`
    ])
    expect(run.rollback).toMatchObject({
      revisionId: rollbackRevision?.id,
      outcome: 'deployed',
      restored: true,
      checks: { payloads: { suite: { revisionId: rollbackRevision?.id, passed: 2, failed: 0 } } }
    })
    expect(failingVerdict(run.rollback?.checks)).toBeUndefined()
    // Both revisions ran the whole suite; the outputs count this run's revision's cases.
    expect(runsSent()).toHaveLength(4)
    expect(run.log).toContain(`Smoke suite: 2 cases against revision ${failed?.id}, 4 at a time.`)
    expect(run.log).toContain(
      `Smoke suite: 2 cases against revision ${rollbackRevision?.id}, 4 at a time.`
    )
    expect(run.outputs).toMatchObject({ 'cases-passed': '0', 'cases-failed': '2' })
  })

  it('runs the suite after operation rollback, and fails the step when it does not pass', async () => {
    const { controlPlane, id, first } = await start()
    // The revision rolled back to answers wrong; its redeploy answers as it does.
    controlPlane.setRevisionAgent(first, 'wrong-reply')
    await runDelivery({ ...gitHostConfig(controlPlane.url), repoRef: 'next' })
    const run = await runDelivery({
      apiUrl: controlPlane.url,
      name: NAME,
      operation: 'rollback',
      smoke: SUITE
    })
    const [newest] = controlPlane.revisions(id)
    expect(run.result).toMatchObject({ outcome: 'checks-failed', revisionId: newest?.id })
    expect(run.checks?.payloads.suite).toMatchObject({
      revisionId: newest?.id,
      passed: 0,
      failed: 2
    })
    expect(failingVerdict(run.checks)?.why).toContain('Smoke suite: 0 of 2 cases passed')
    expect(run.outputs).toMatchObject({ 'cases-passed': '0', 'cases-failed': '2' })
    expect(controlPlane.redeploys()).toHaveLength(1)
  })
})
