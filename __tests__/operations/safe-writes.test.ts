import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator, type Fault } from '../../emulator'
import { clientOnClock, onClock, runDeploy } from '../helpers/deploy-harness'
import { gitHostConfig } from '../helpers/config-fixture'
import { until } from '../helpers/until'

let emulator: ControlPlaneEmulator
beforeEach(async () => {
  emulator = await startControlPlane({ ...onClock, stepMs: 10 })
})
afterEach(async () => {
  await emulator.close()
})

const gitHost = () => gitHostConfig(emulator.url)
const count = (method: string, path?: RegExp) =>
  emulator.requests.filter((r) => r.method === method && (path === undefined || path.test(r.path)))
    .length
const allRevisions = () => emulator.deployments().flatMap((d) => emulator.revisions(d.id))

describe('a create whose answer is lost', () => {
  it.each<[string, Fault]>([
    ['the connection reset after the service acted', { kind: 'reset-after' }],
    ['the body cut short after the service acted', { kind: 'truncate' }]
  ])('adopts the deployment after %s: one deployment, one revision', async (_, fault) => {
    emulator.injectFault({ ...fault, method: 'POST', path: '/v2/deployments' })
    const { result, log } = await runDeploy(gitHost())
    expect(result).toMatchObject({ outcome: 'deployed', created: true })
    expect(emulator.deployments()).toHaveLength(1)
    expect(allRevisions()).toHaveLength(1)
    expect(log).toContainEqual(
      expect.stringMatching(
        /^notice: The answer to POST \/v2\/deployments was lost .* this run created it/
      )
    )
  })

  it.each<[string, Fault]>([
    ['the connection reset before the service acted', { kind: 'reset-before' }],
    ['a 503 from the service', { kind: 'status', status: 503 }],
    ['a 502 from a proxy', { kind: 'status', status: 502 }]
  ])('looks up, then creates again after %s: one deployment, one revision', async (_, fault) => {
    emulator.injectFault({ ...fault, method: 'POST', path: '/v2/deployments' })
    const { result } = await runDeploy(gitHost())
    expect(result).toMatchObject({ outcome: 'deployed', created: true })
    expect(count('POST')).toBe(2)
    expect(emulator.deployments()).toHaveLength(1)
    expect(allRevisions()).toHaveLength(1)
  })

  it('ends with one deployment when the first create is slower than the request timeout', async () => {
    // The first POST acts after the client gave up on it; the second is sent in the meantime.
    emulator.injectFault({ method: 'POST', path: '/v2/deployments', kind: 'delay', delayMs: 2_400 })
    const { result } = await runDeploy(gitHost())
    expect(result.outcome).toBe('deployed')
    // The first POST acts when its delay ends, maybe after the run: wait for both answers.
    await until(() => emulator.requests.every((request) => request.status !== 0), 'every answer')
    expect(count('POST')).toBe(2)
    expect(emulator.deployments()).toHaveLength(1)
    expect(allRevisions()).toHaveLength(1)
  })

  it('sends a 429 again as is, after Retry-After', async () => {
    emulator.injectFault({ method: 'POST', kind: 'status', status: 429, retryAfter: '0' })
    const { result, log } = await runDeploy(gitHost())
    expect(result.outcome).toBe('deployed')
    expect(count('POST')).toBe(2)
    // One lookup by name: the 429 is not taken for a lost create (the list of the repository's
    // deployments a first deploy learns its timing from is another read).
    const lookups = emulator.requests.filter(
      (request) =>
        request.method === 'GET' &&
        request.path === '/v2/deployments' &&
        request.query.name_contains !== undefined &&
        request.query.name_contains !== ''
    )
    expect(lookups).toHaveLength(1)
    expect(log).toContain('retry POST /v2/deployments: HTTP 429')
    expect(emulator.deployments()).toHaveLength(1)
  })

  it('does not send a create again after a 500, an answer about a request not carried out', async () => {
    emulator.injectFault({ method: 'POST', kind: 'status', status: 500 })
    const { result } = await runDeploy(gitHost())
    expect(result.outcome).toBe('error')
    expect(result.message).toContain('POST /v2/deployments failed with HTTP 500')
    expect(count('POST')).toBe(1)
    expect(emulator.deployments()).toHaveLength(0)
  })
})

describe('an update whose answer is lost', () => {
  it.each<[string, Fault]>([
    ['the connection reset after the service acted', { kind: 'reset-after' }],
    ['the body cut short after the service acted', { kind: 'truncate' }]
  ])('adopts the new revision after %s: one new revision', async (_, fault) => {
    const seeded = emulator.seedDeployment({ name: 'support-agent' })
    emulator.injectFault({ ...fault, method: 'PATCH' })
    const { result, outputs, log } = await runDeploy(gitHost())
    expect(result).toMatchObject({ outcome: 'deployed', created: false })
    expect(count('PATCH')).toBe(1)
    const revisions = emulator.revisions(seeded.id)
    expect(revisions).toHaveLength(2)
    expect(outputs['revision-id']).toBe(revisions[0]?.id)
    expect(log).toContainEqual(
      expect.stringMatching(
        /^notice: The answer to PATCH .* was lost .* waits for it instead of patching again/
      )
    )
  })

  it.each<[string, Fault]>([
    ['the connection reset before the service acted', { kind: 'reset-before' }],
    ['a 504 from a proxy', { kind: 'status', status: 504 }]
  ])('patches again after %s: one new revision', async (_, fault) => {
    const seeded = emulator.seedDeployment({ name: 'support-agent' })
    emulator.injectFault({ ...fault, method: 'PATCH' })
    const { result } = await runDeploy(gitHost())
    expect(result.outcome).toBe('deployed')
    expect(count('PATCH')).toBe(2)
    expect(emulator.revisions(seeded.id)).toHaveLength(2)
  })
})

describe('an update whose answer is lost while another run patches', () => {
  it("does not adopt the other run's revision: patches again and waits for its own", async () => {
    const seeded = emulator.seedDeployment({ name: 'support-agent' })
    const otherRun = clientOnClock({
      baseUrl: emulator.url,
      apiKey: 'emulator-key',
      userAgent: 'another-run'
    })
    // Our PATCH is cut off before the service acts on it; just then another run's PATCH lands.
    emulator.injectFault({
      method: 'PATCH',
      kind: 'reset-before',
      before: async () => {
        await otherRun.patchDeployment(seeded.id, {
          source_revision_config: { repo_ref: 'someone-elses-branch' }
        })
      }
    })
    const { result, outputs, log } = await runDeploy({ ...gitHost(), repoRef: 'release' })
    expect(result.outcome).toBe('deployed')
    expect(count('PATCH')).toBe(3)
    const revisions = emulator.revisions(seeded.id)
    expect(revisions).toHaveLength(3)
    const ours = revisions.find((revision) => revision.id === outputs['revision-id'])
    expect(ours?.source_revision_config.repo_ref).toBe('release')
    expect(log).toContainEqual(
      expect.stringMatching(
        /^notice: The answer to PATCH .* was lost .*; the deployment has a new revision .*, but its repo_ref is not what this run sent: another run or a push created it, so it is not adopted\./
      )
    )
  })
})

describe('an update slower than the request timeout', () => {
  it('waits for the late revision instead of patching again: one new revision', async () => {
    const seeded = emulator.seedDeployment({ name: 'support-agent' })
    // The client gives up after 2 s; the service carries the PATCH out at 2.4 s.
    emulator.injectFault({ method: 'PATCH', kind: 'delay', delayMs: 2_400 })
    const { result, outputs, log } = await runDeploy(gitHost())
    expect(result.outcome).toBe('deployed')
    expect(count('PATCH')).toBe(1)
    expect(emulator.revisions(seeded.id)).toHaveLength(2)
    expect(outputs['revision-id']).toBe(emulator.revisions(seeded.id)[0]?.id)
    expect(log).toContainEqual(
      expect.stringMatching(/^notice: The answer to PATCH .* was lost \(no answer within 2s\)/)
    )
  })
})

describe('status checks', () => {
  it('ride out failing polls within the budget', async () => {
    emulator.injectFault({
      method: 'GET',
      path: /\/revisions\//,
      kind: 'status',
      status: 503,
      times: 12
    })
    const { result } = await runDeploy(gitHost())
    expect(result.outcome).toBe('deployed')
    expect(emulator.deployments()).toHaveLength(1)
  })

  it('give up after the budget of failed polls, naming the last error', async () => {
    emulator.injectFault({
      method: 'GET',
      path: /\/revisions\//,
      kind: 'status',
      status: 503,
      times: 1_000
    })
    const { result, outputs } = await runDeploy(gitHost())
    expect(result.outcome).toBe('error')
    expect(result.message).toMatch(
      /^5 status checks in a row failed; the last: GET \/v2\/deployments\/.*\/revisions\/.* failed with HTTP 503/
    )
    expect(outputs['revision-id']).toEqual(expect.any(String))
  })

  it('survive a cut-short status body and a reset', async () => {
    emulator.injectFault({ method: 'GET', path: /\/revisions\//, kind: 'truncate' })
    emulator.injectFault({ method: 'GET', path: /\/revisions\//, kind: 'reset-before' })
    const { result } = await runDeploy(gitHost())
    expect(result.outcome).toBe('deployed')
  })
})

describe('a revision queued behind a failed one', () => {
  it('says so when the wait times out', async () => {
    const held = await startControlPlane({ ...onClock, stepMs: 10, holdBehindFailed: true })
    try {
      // Seeded revisions have reached their status when seedDeployment returns.
      const seeded = held.seedDeployment({ name: 'support-agent', status: 'BUILD_FAILED' })
      const { result } = await runDeploy({
        ...gitHost(),
        apiUrl: held.url,
        timeoutMs: 1_000
      })
      expect(result.outcome).toBe('timeout')
      expect(result.message).toContain('its last status was QUEUED.')
      expect(result.message).toContain(
        `It is queued behind revision ${seeded.latest_revision_id}, which ended BUILD_FAILED`
      )
    } finally {
      await held.close()
    }
  })
})
