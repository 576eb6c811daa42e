import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { deploymentSchema } from '../../src/control-plane/schemas'
import { siblingHistory, siblingKey } from '../../src/operations/sibling-history'
import { clientOnClock, onClock, runDeploy } from '../helpers/deploy-harness'
import { gitHostConfig } from '../helpers/config-fixture'

/** A first deploy learns its timing from deployments of the same repository or image. */
let emulator: ControlPlaneEmulator
beforeEach(async () => {
  emulator = await startControlPlane({ ...onClock, stepMs: 10 })
})
afterEach(async () => {
  await emulator.close()
})

const REPO = 'https://github.com/acme/support-agent'
const INTEGRATION = { integration_id: '00000000-0000-4000-8000-000000000001' }
const revisionReads = () =>
  emulator.requests
    .filter((request) => request.method === 'GET' && request.path.endsWith('/revisions'))
    .map((request) => request.path)

describe('sibling history', () => {
  it('reads the revisions of the most recently updated deployment of the same repository', async () => {
    const older = emulator.seedDeployment({
      name: 'pr-1',
      source_config: { ...INTEGRATION, repo_url: REPO },
      updated_at: '2026-01-01T00:00:00Z',
      history: [{ durationMs: 300_000 }]
    })
    const newer = emulator.seedDeployment({
      name: 'pr-2',
      source_config: { ...INTEGRATION, repo_url: `${REPO}.git` },
      updated_at: '2026-01-02T00:00:00Z',
      history: [{ durationMs: 240_000 }, { durationMs: 250_000 }]
    })
    emulator.seedDeployment({
      name: 'other',
      source_config: { ...INTEGRATION, repo_url: 'https://github.com/acme/other' },
      history: [{ durationMs: 1_000 }]
    })
    const client = clientOnClock({
      baseUrl: emulator.url,
      apiKey: 'emulator-key',
      userAgent: 'test'
    })
    const created = await client.createDeployment({
      name: 'pr-3',
      source: 'git_host',
      source_config: { ...INTEGRATION, repo_url: REPO },
      source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
      secrets: []
    })
    const history = await siblingHistory(client, created)(10, {})
    expect(history.map((revision) => revision.id)).toEqual(
      emulator.revisions(newer.id).map((revision) => revision.id)
    )
    expect(revisionReads()).toEqual([`/v2/deployments/${newer.id}/revisions`])
    expect(older.id).not.toBe(newer.id)
  })

  it('tells images apart by repository, not by tag or digest', () => {
    const image = (source: string, uri: string) =>
      siblingKey(
        deploymentSchema.parse({
          id: 'd',
          name: 'n',
          source,
          status: 'READY',
          latest_revision_id: null,
          source_revision_config: { image_uri: uri }
        })
      )
    expect(image('external_image', 'registry:5000/team/agent:1.2')).toBe(
      image('external_image', 'registry:5000/team/agent@sha256:abc')
    )
    expect(image('external_image', 'registry:5000/team/agent:1.2')).not.toBe(
      image('external_image', 'registry:5000/team/other:1.2')
    )
    expect(image('external_image', 'team/agent:1')).not.toBe(
      image('internal_image', 'team/agent:1')
    )
  })

  it('is what the wait of a first deploy reads; an update reads its own', async () => {
    const sibling = emulator.seedDeployment({
      name: 'support-agent-pr-1',
      source_config: { ...INTEGRATION, repo_url: REPO },
      history: [{ durationMs: 60 }]
    })
    const step = { ...gitHostConfig(emulator.url), pollIntervalMs: 10_000 }
    // The history is read once the first poll finds the revision still building: a build of
    // 1.5 s is still building at the first poll however busy the machine (one of 10-ms steps
    // could be DEPLOYED already).
    emulator.setPhaseMs({ BUILDING: 1_500 })
    const first = await runDeploy(step)
    expect(first.result.outcome).toBe('deployed')
    expect(revisionReads()).toEqual([`/v2/deployments/${sibling.id}/revisions`])
    const second = await runDeploy(step)
    expect(second.result.outcome).toBe('deployed')
    expect(revisionReads().at(-1)).toBe(`/v2/deployments/${first.result.deploymentId}/revisions`)
  })
})
