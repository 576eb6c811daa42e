import type { Step } from './helpers/policy-file'
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  startAgentServer,
  startControlPlane,
  type AgentServerEmulator,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from '../emulator'
import { checksWith, failingVerdict } from '../src/result'
import { BRANCH_ENV, gitHostStep, onClock, runDelivery } from './helpers/deploy-harness'

const NAME = 'support-agent'
const CASES = ['- message: hello', '  expect: "echo: hello"', '- message: bye', '  expect: echo']
let workspace = ''
let cp: ControlPlaneEmulator | undefined
let agent: AgentServerEmulator | undefined
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'suite-delivery-'))
  writeFileSync(join(workspace, 'cases.yml'), CASES.join('\n'))
})
afterAll(() => rmSync(workspace, { recursive: true, force: true }))
afterEach(async () => {
  await Promise.all([cp?.close(), agent?.close()])
  cp = undefined
  agent = undefined
})

/** A control plane whose deployment's URL is an agent server answering as the serving revision. */
async function start(options: ControlPlaneOptions = {}) {
  const holder: { controlPlane?: ControlPlaneEmulator } = {}
  agent = await startAgentServer({ host: () => holder.controlPlane?.serving(NAME) })
  const controlPlane = await startControlPlane({
    ...onClock,
    stepMs: 5,
    agentUrl: agent.url,
    ...options
  })
  holder.controlPlane = controlPlane
  cp = controlPlane
  const deployment = controlPlane.seedDeployment({
    name: NAME,
    source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
  })
  return { controlPlane, id: deployment.id, first: String(deployment.latest_revision_id) }
}

/** deliver() as execute() runs it, with the cases file in the workspace. */
const runInWorkspace = (given: Step) =>
  runDelivery(given, { ...BRANCH_ENV, GITHUB_WORKSPACE: workspace })

const runsSent = () => agent?.requests.filter((request) => request.path === '/runs/wait') ?? []

describe('the smoke suite in safe delivery', () => {
  it('passes a deploy whose cases pass, and sets cases-passed and cases-failed', async () => {
    const { controlPlane } = await start()
    const run = await runInWorkspace({
      ...gitHostStep(controlPlane.url),
      policy: { agent: { assistant: 'agent' }, smoke: { cases: 'cases.yml' } }
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
    const run = await runInWorkspace({
      ...gitHostStep(controlPlane.url),
      policy: {
        agent: { assistant: 'agent' },
        smoke: { cases: 'cases.yml', 'min-pass': 1 },
        rollback: { 'on-failure': true }
      }
    })
    const [rollbackRevision, failed] = controlPlane.revisions(id)
    expect(failingVerdict(run.checks)?.why).toBe(
      `Smoke suite: 0 of 2 cases passed on revision ${failed?.id}; verify-min-pass asks for 1.`
    )
    expect(controlPlane.redeploys().map((request) => request.path)).toEqual([
      `/v2/deployments/${id}/revisions/${first}/redeploy`
    ])
    expect(run.rollback).toMatchObject({
      revisionId: rollbackRevision?.id,
      outcome: 'deployed',
      restored: true,
      checks: { suite: { revisionId: rollbackRevision?.id, passed: 2, failed: 0 } }
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
    await runInWorkspace({ ...gitHostStep(controlPlane.url), 'repo-ref': 'next' })
    const run = await runInWorkspace({
      'api-url': controlPlane.url,
      name: NAME,
      operation: 'rollback',
      policy: { agent: { assistant: 'agent' }, smoke: { cases: 'cases.yml' } }
    })
    const [newest] = controlPlane.revisions(id)
    expect(run.result).toMatchObject({ outcome: 'checks-failed', revisionId: newest?.id })
    expect(run.checks?.suite).toMatchObject({ revisionId: newest?.id, passed: 0, failed: 2 })
    expect(failingVerdict(run.checks)?.why).toContain('Smoke suite: 0 of 2 cases passed')
    expect(run.outputs).toMatchObject({ 'cases-passed': '0', 'cases-failed': '2' })
    expect(controlPlane.redeploys()).toHaveLength(1)
  })
})
