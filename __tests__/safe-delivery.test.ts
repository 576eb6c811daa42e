import { describe, expect, it } from '@jest/globals'
import {
  type AgentServerEmulator,
  type AgentServerOptions,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from '../emulator'
import { openApiValidator } from '../emulator/openapi'
import { failingVerdict } from '../src/result'
import { gitHostStep, runDelivery } from './helpers/deploy-harness'
import { runInProcess } from './helpers/action-world'
import { gitHostConfig, type ConfigPartial } from './helpers/config-fixture'
import { seedServing, servingAgentPerTest } from './helpers/serving-agent'

const NAME = 'support-agent'
const validate = openApiValidator()
const serving = servingAgentPerTest(NAME)
let cp: ControlPlaneEmulator | undefined
let agent: AgentServerEmulator | undefined

/** A control plane whose deployments' URL is an agent server answering as the serving revision. */
async function start(options: ControlPlaneOptions = {}, agentOptions: AgentServerOptions = {}) {
  const started = await serving(options, agentOptions)
  cp = started.controlPlane
  agent = started.agent
  return cp
}

/** An existing deployment whose first revision serves. */
const seeded = (controlPlane: ControlPlaneEmulator) => seedServing(controlPlane, NAME)

const checked = (extra: ConfigPartial = {}): ConfigPartial => ({
  ...gitHostConfig(cp?.url ?? ''),
  ...extra,
  rollback: { onFailure: true, ...extra.rollback },
  agent: { assistantId: 'agent', message: 'hi', timeoutMs: 3_000, ...extra.agent }
})

/** Every request body the action sent and every answer is valid against the published schema. */
function expectSchemaValid(controlPlane: ControlPlaneEmulator) {
  const problems = controlPlane.requests.flatMap((request) => {
    const where = `${request.method} ${request.path}`
    if (request.method === 'PATCH')
      return validate('DeploymentPatchRequest', request.body).map(
        (problem) => `${where}: ${problem}`
      )
    if (request.method === 'POST' && request.path === '/v2/deployments')
      return validate('DeploymentCreateRequest', request.body).map(
        (problem) => `${where}: ${problem}`
      )
    // The redeploy takes no body.
    if (request.path.endsWith('/redeploy') && (request.body ?? null) !== null)
      return [`${where}: a body`]
    return []
  })
  expect(problems).toEqual([])
}

describe('rollback.on-failure against the emulator', () => {
  it('redeploys the previous revision once when the new one fails its checks, and checks it', async () => {
    const controlPlane = await start({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'run-error')
    })
    const { id, first } = seeded(controlPlane)
    const run = await runDelivery(checked())
    const [rollbackRevision, failed] = controlPlane.revisions(id)
    expect(controlPlane.redeploys().map((request) => request.path)).toEqual([
      `/v2/deployments/${id}/revisions/${first}/redeploy`
    ])
    expect(run.result).toMatchObject({ outcome: 'checks-failed', revisionId: failed?.id })
    expect(run.result.message).toMatch(/^Agent check "run" failed/)
    expect(failingVerdict(run.checks)).toMatchObject({ check: 'run', verdict: 'failed' })
    expect(failingVerdict(run.checks)?.why).toContain('Agent check "run" failed')
    expect(run.rollback).toMatchObject({
      failedRevisionId: failed?.id,
      toRevisionId: first,
      revisionId: rollbackRevision?.id,
      outcome: 'deployed',
      servingNow: rollbackRevision?.id,
      restored: true
    })
    expect(failingVerdict(run.rollback?.checks)).toBeUndefined()
    expect(run.outputs).toMatchObject({
      'previous-revision-id': first,
      'revision-id': failed?.id,
      'revision-status': 'DEPLOYED',
      'rolled-back': 'true',
      'rollback-revision-id': rollbackRevision?.id
    })
    expect(controlPlane.serving(NAME)?.revisionId).toBe(rollbackRevision?.id)
    expectSchemaValid(controlPlane)
  })

  it('fails the check when the reply does not meet agent.expect, and rolls back', async () => {
    const controlPlane = await start({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'wrong-reply')
    })
    seeded(controlPlane)
    const run = await runDelivery(
      checked({ agent: { expect: { kind: 'pattern', pattern: /^echo: hi$/ } } })
    )
    expect(failingVerdict(run.checks)?.saw).toContain(
      'agent.expect wants a reply matching /^echo: hi$/'
    )
    expect(run.result.message).toContain('does not match /^echo: hi$/ (agent.expect)')
    expect(run.rollback?.outcome).toBe('deployed')
    expect(run.rollback?.restored).toBe(true)
    expect(controlPlane.redeploys()).toHaveLength(1)
  })

  it('redeploys once when the answer to the redeploy is lost, adopting its revision', async () => {
    const controlPlane = await start({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'assistant-error')
    })
    const { id } = seeded(controlPlane)
    controlPlane.injectFault({ method: 'POST', path: /\/redeploy$/, kind: 'reset-after' })
    const run = await runDelivery(checked())
    expect(controlPlane.redeploys()).toHaveLength(1)
    const [rollbackRevision] = controlPlane.revisions(id)
    expect(run.rollback).toMatchObject({ revisionId: rollbackRevision?.id, outcome: 'deployed' })
    expect(run.log.join('\n')).toContain('waits for it instead of redeploying again')
  })

  it("fails the rollback's own serving check when its revision never serves: checks-failed, not a success", async () => {
    const controlPlane = await start({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'run-error')
    })
    const { id } = seeded(controlPlane)
    // The revision the redeploy makes is DEPLOYED but never becomes active.
    controlPlane.injectFault({
      method: 'POST',
      path: /\/redeploy$/,
      kind: 'delay',
      delayMs: 1,
      before: () => controlPlane.setActiveLagMs(10 * 60_000)
    })
    const run = await runDelivery(checked({ rollback: { timeoutMs: 4_000 } }))
    const [rollbackRevision, failed] = controlPlane.revisions(id)
    expect(controlPlane.redeploys()).toHaveLength(1)
    expect(rollbackRevision?.status).toBe('DEPLOYED')
    expect(run.rollback).toMatchObject({
      revisionId: rollbackRevision?.id,
      outcome: 'checks-failed'
    })
    expect(run.rollback).toMatchObject({ restored: false, servingNow: failed?.id })
    expect(failingVerdict(run.rollback?.checks)?.why).toBe(
      `Revision ${rollbackRevision?.id} is DEPLOYED but the deployment serves ${failed?.id} (active_revision_id, read for up to 1m 00s within rollback.timeout).`
    )
  })

  it('names rollback.timeout, not timeout, when the rollback runs out of time', async () => {
    const controlPlane = await start({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'run-error')
    })
    seeded(controlPlane)
    // The revision the redeploy makes builds for longer than rollback.timeout.
    controlPlane.injectFault({
      method: 'POST',
      path: /\/redeploy$/,
      kind: 'delay',
      delayMs: 1,
      before: () => controlPlane.setStepMs(60_000)
    })
    const run = await runDelivery(checked({ rollback: { timeoutMs: 4_000 }, timeoutMs: 600_000 }))
    expect(run.rollback).toMatchObject({ outcome: 'timeout' })
    expect(run.rollback?.message).toMatch(/raise rollback.timeout \(now 4s\)/)
    expect(run.rollback?.message).not.toMatch(/raise timeout \(now/i)
  })

  it('reports a rollback whose redeploy ends DEPLOY_FAILED as failed: not restored, and what the service names active', async () => {
    const controlPlane = await start({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'run-error'),
      outcome: ({ redeployOf }) => (redeployOf === undefined ? 'DEPLOYED' : 'DEPLOY_FAILED')
    })
    const { id } = seeded(controlPlane)
    const run = await runDelivery(checked())
    const [rollbackRevision, failed] = controlPlane.revisions(id)
    expect(rollbackRevision?.status).toBe('DEPLOY_FAILED')
    expect(run.result.outcome).toBe('checks-failed')
    expect(run.rollback).toMatchObject({
      revisionId: rollbackRevision?.id,
      outcome: 'failed',
      servingNow: failed?.id,
      restored: false
    })
    expect(run.rollback?.checks).toBeUndefined()
    expect(run.outputs).toMatchObject({
      'rolled-back': 'false',
      'rollback-revision-id': rollbackRevision?.id
    })
  })

  it('sends nothing when a failed build never replaced the serving revision', async () => {
    const controlPlane = await start({
      outcome: ({ revisionNumber }) => (revisionNumber === 1 ? 'DEPLOYED' : 'BUILD_FAILED')
    })
    const { first } = seeded(controlPlane)
    const run = await runDelivery(checked())
    expect(run.result.outcome).toBe('failed')
    expect(run.rollback).toBeUndefined()
    expect(controlPlane.redeploys()).toEqual([])
    expect(run.log).toContain(`notice: Revision ${first} still serves; nothing to roll back.`)
    expect(run.outputs['rolled-back']).toBe('false')
  })

  it('sends nothing on a first deploy, and says there is no earlier revision', async () => {
    const controlPlane = await start({ agent: () => 'run-error' })
    const run = await runDelivery(checked())
    expect(failingVerdict(run.checks)?.verdict).toBe('failed')
    expect(controlPlane.redeploys()).toEqual([])
    expect(run.log.join('\n')).toContain('there is no earlier revision to roll back to')
  })

  it('sends nothing on SKIPPED and on a timeout', async () => {
    const skipping = await start({
      outcome: ({ revisionNumber }) => (revisionNumber === 1 ? 'DEPLOYED' : 'SKIPPED')
    })
    seeded(skipping)
    expect((await runDelivery(checked())).result.outcome).toBe('superseded')
    expect(skipping.redeploys()).toEqual([])
    await skipping.close()
    await agent?.close()
    const slow = await start({ stepMs: 60_000 })
    seeded(slow)
    const run = await runDelivery(checked({ timeoutMs: 2_000 }))
    expect(run.result.outcome).toBe('timeout')
    expect(slow.redeploys()).toEqual([])
  })

  it('fails the serving check when /info names another revision, and rolls back', async () => {
    const controlPlane = await start({}, { infoHost: 'stale' })
    const { first } = seeded(controlPlane)
    const run = await runDelivery(checked({ agent: { timeoutMs: 1_000 } }))
    expect(failingVerdict(run.checks)?.why).toMatch(
      new RegExp(
        `^Revision ${run.result.revisionId} is DEPLOYED but the deployment serves ${first}`
      )
    )
    expect(controlPlane.redeploys()).toHaveLength(1)
  })
})

describe('operation rollback against the emulator', () => {
  it('redeploys the newest DEPLOYED revision older than the active one, then checks it', async () => {
    const controlPlane = await start()
    const { id, first } = seeded(controlPlane)
    const deployed = await runDelivery({ ...gitHostConfig(controlPlane.url), repoRef: 'next' })
    expect(deployed.result.outcome).toBe('deployed')
    const run = await runDelivery({
      apiUrl: controlPlane.url,
      name: NAME,
      operation: 'rollback',
      agent: { assistantId: 'agent' }
    })
    const [newest] = controlPlane.revisions(id)
    expect(controlPlane.redeploys().map((request) => request.path)).toEqual([
      `/v2/deployments/${id}/revisions/${first}/redeploy`
    ])
    expect(run.result).toMatchObject({ outcome: 'deployed', revisionId: newest?.id })
    expect(failingVerdict(run.checks)).toBeUndefined()
    expect(run.outputs).toMatchObject({
      'previous-revision-id': deployed.result.revisionId,
      'rolled-back': 'true',
      'rollback-revision-id': newest?.id,
      'revision-id': newest?.id
    })
    expect(newest?.source_revision_config?.repo_ref).toBe('main')
    expectSchemaValid(controlPlane)
  })

  it('redeploys to-revision, and refuses one that was never DEPLOYED by name', async () => {
    const controlPlane = await start({
      outcome: ({ revisionNumber }) => (revisionNumber === 2 ? 'BUILD_FAILED' : 'DEPLOYED')
    })
    const { id } = seeded(controlPlane)
    await runDelivery({ ...gitHostConfig(controlPlane.url), repoRef: 'broken' })
    const [failed] = controlPlane.revisions(id)
    const run = await runDelivery({
      apiUrl: controlPlane.url,
      name: NAME,
      operation: 'rollback',
      toRevision: failed?.id
    })
    expect(run.result.outcome).toBe('error')
    expect(run.result.message).toContain(`to-revision: revision ${failed?.id}`)
    expect(controlPlane.redeploys()).toEqual([])
  })
})

describe('safe delivery inputs and policy', () => {
  it.each([
    [{ policy: { rollback: { 'on-failure': true } }, wait: 'false' }, 'rollback.on-failure'],
    [{ 'to-revision': '123e4567-e89b-42d3-a456-426614174000' }, 'to-revision'],
    [{ policy: { agent: { assistant: 'agent', expect: 'ok' } } }, 'agent.expect'],
    [{ policy: { agent: { assistant: 'agent', message: 'hi', expect: '/(/' } } }, 'agent.expect']
  ])('refuses %j by name, before anything is sent', async (step, name) => {
    const controlPlane = await start()
    const run = await runInProcess({
      ...gitHostStep(controlPlane.url),
      'api-key': 'emulator-key',
      ...step
    })
    expect(run.exitCode).toBe(1)
    const texts = run.annotations.map((annotation) => annotation.text).join('\n')
    expect(texts).toMatch(new RegExp(`(- |^)${name.replace('.', '\\.')}`, 'm'))
    expect(controlPlane.requests).toEqual([])
  })

  it('runs rollback.on-failure under dry-run, with a notice that no rollback can happen', async () => {
    const controlPlane = await start()
    const run = await runInProcess({
      ...gitHostStep(controlPlane.url),
      'api-key': 'emulator-key',
      'dry-run': 'true',
      policy: { rollback: { 'on-failure': true } }
    })
    expect(run.exitCode).toBe(0)
    expect(run.annotations).toContainEqual({
      kind: 'notice',
      text: expect.stringMatching(/^rollback\.on-failure: .*no rollback can happen/)
    })
    expect(controlPlane.requests.filter((request) => request.method !== 'GET')).toEqual([])
  })
})
