import { afterEach, describe, expect, it } from '@jest/globals'
import {
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from '../../emulator'
import { openApiValidator } from '../../emulator/openapi'
import { call, fakeClock, gitHostBody, type Json } from './client'

const validate = openApiValidator()
let emulator: ControlPlaneEmulator | undefined
const clock = fakeClock()

async function start(options: ControlPlaneOptions = {}): Promise<ControlPlaneEmulator> {
  emulator = await startControlPlane({ stepMs: 1000, now: clock.now, ...options })
  return emulator
}
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

/** A git_host deployment whose first revision is DEPLOYED, then a second revision started. */
async function deployedThenPatched(cp: ControlPlaneEmulator) {
  const created = await call(cp, 'POST', '/v2/deployments', gitHostBody())
  const id = String(created.body?.id)
  clock.advance(6000)
  const first = String(created.body?.latest_revision_id)
  const patched = await call(cp, 'PATCH', `/v2/deployments/${id}`, {
    source_revision_config: { repo_ref: 'next' }
  })
  return { id, first, second: String(patched.body?.latest_revision_id) }
}

const read = async (cp: ControlPlaneEmulator, id: string) => {
  const answer = await call(cp, 'GET', `/v2/deployments/${id}`)
  expect(validate('Deployment', answer.body)).toEqual([])
  return answer.body
}

describe('control-plane emulator: the active revision', () => {
  it('moves to a revision when it reaches DEPLOYED, and only after the lag', async () => {
    const cp = await start({ activeLagMs: 2500 })
    const { id, first, second } = await deployedThenPatched(cp)
    // The first revision was DEPLOYED at 6 s and went live at 8.5 s; it is 6 s now.
    expect((await read(cp, id))?.active_revision_id).toBeNull()
    clock.advance(2500)
    expect((await read(cp, id))?.active_revision_id).toBe(first)
    // The second, created at 6 s, is DEPLOYED at 12 s and goes live at 14.5 s.
    clock.advance(3500)
    expect(cp.revisions(id)[0]).toMatchObject({ id: second, status: 'DEPLOYED' })
    expect((await read(cp, id))?.active_revision_id).toBe(first)
    expect(cp.serving(id)?.revisionId).toBe(first)
    clock.advance(2499)
    expect((await read(cp, id))?.active_revision_id).toBe(first)
    clock.advance(1)
    expect(await read(cp, id)).toMatchObject({
      active_revision_id: second,
      source_config: { custom_url: `${cp.url}/agent` }
    })
    expect(cp.serving('agent')).toMatchObject({ revisionId: second, previousRevisionId: first })
  })

  it('stays on the previous revision when the new one fails', async () => {
    const cp = await start({
      outcome: ({ revisionNumber }) => (revisionNumber === 1 ? 'DEPLOYED' : 'BUILD_FAILED')
    })
    const { id, first, second } = await deployedThenPatched(cp)
    clock.advance(60_000)
    expect(cp.revisions(id)[0]).toMatchObject({ id: second, status: 'BUILD_FAILED' })
    expect(await read(cp, id)).toMatchObject({
      latest_revision_id: second,
      active_revision_id: first
    })
  })
})

describe('control-plane emulator: redeploy', () => {
  const redeployPath = (id: string, revision: string) =>
    `/v2/deployments/${id}/revisions/${revision}/redeploy`

  it('answers the Deployment and starts a revision built from that revision', async () => {
    const cp = await start()
    const { id, first, second } = await deployedThenPatched(cp)
    clock.advance(6000)
    const before = cp.revisions(id)
    const answer = await call(cp, 'POST', redeployPath(id, first))
    expect(answer.status).toBe(200)
    expect(validate('Deployment', answer.body)).toEqual([])
    const third = String(answer.body?.latest_revision_id)
    expect([first, second]).not.toContain(third)
    const [newest] = cp.revisions(id)
    const source = before.find((revision) => revision.id === first)
    expect(newest).toMatchObject({ id: third, status: 'CREATING' })
    // Same ref and the same commit as the revision it rebuilds.
    expect(newest?.source_revision_config).toEqual(source?.source_revision_config)
    expect(answer.body?.source_revision_config).toMatchObject({ repo_ref: 'main' })
    expect(answer.body?.active_revision_id).toBe(second)
    clock.advance(6000)
    expect((await read(cp, id))?.active_revision_id).toBe(third)
    expect(cp.redeploys().map((request) => [request.path, request.status])).toEqual([
      [redeployPath(id, first), 200]
    ])
  })

  it('refuses a revision that never deployed with 400, unknown ids with 404', async () => {
    const cp = await start({
      outcome: ({ revisionNumber }) => (revisionNumber === 1 ? 'DEPLOYED' : 'BUILD_FAILED')
    })
    const { id, second } = await deployedThenPatched(cp)
    const building = await call(cp, 'POST', redeployPath(id, second))
    expect(building.status).toBe(400)
    expect(building.body?.detail).toContain(second)
    clock.advance(6000)
    const failed = await call(cp, 'POST', redeployPath(id, second))
    expect([failed.status, failed.body?.detail]).toEqual([
      400,
      `Revision ${second} is BUILD_FAILED and was never deployed; only a deployed revision can be redeployed.`
    ])
    const unknownRevision = '5e0f3c4a-1111-4a5f-9f51-2b0d4b2f6c10'
    expect(await call(cp, 'POST', redeployPath(id, unknownRevision))).toMatchObject({
      status: 404,
      body: { detail: `Revision ID ${unknownRevision} not found.` }
    })
    const unknownDeployment = '0b7c5f57-3d0e-4a5f-9f51-2b0d4b2f6c10'
    expect((await call(cp, 'POST', redeployPath(unknownDeployment, second))).body?.detail).toBe(
      `Deployment ID ${unknownDeployment} not found.`
    )
    expect(cp.revisions(id)).toHaveLength(2)
    expect(cp.redeploys().map((request) => request.status)).toEqual([400, 400, 404, 404])
  })

  it('loses the answer of a redeploy it carried out when told to, and counts it once', async () => {
    const cp = await start()
    const { id, first } = await deployedThenPatched(cp)
    cp.injectFault({ method: 'POST', path: /\/redeploy$/, kind: 'reset-after' })
    await expect(call(cp, 'POST', redeployPath(id, first))).rejects.toThrow()
    expect(cp.revisions(id)).toHaveLength(3)
    expect(cp.redeploys()).toMatchObject([{ status: 0, faulted: true }])
  })
})

describe('control-plane emulator: revisions list and seeded histories', () => {
  it('filters the revisions list by status, a comma-separated list', async () => {
    const cp = await start({
      outcome: ({ revisionNumber }) => (revisionNumber === 2 ? 'BUILD_FAILED' : 'DEPLOYED')
    })
    const { id, first, second } = await deployedThenPatched(cp)
    clock.advance(6000)
    const path = `/v2/deployments/${id}/revisions`
    const deployed = await call(cp, 'GET', `${path}?status=DEPLOYED`)
    expect(validate('RevisionsList', deployed.body)).toEqual([])
    const ids = (body: Json | undefined) => (body?.resources as Json[]).map((r) => r.id)
    expect(ids(deployed.body)).toEqual([first])
    expect(ids((await call(cp, 'GET', `${path}?status=BUILD_FAILED,DEPLOYED`)).body)).toEqual([
      second,
      first
    ])
    expect(ids((await call(cp, 'GET', `${path}?status=SKIPPED`)).body)).toEqual([])
    expect(ids((await call(cp, 'GET', path)).body)).toEqual([second, first])
  })

  it('seeds a history with chosen durations, statuses and configurations', async () => {
    const cp = await start()
    const seeded = cp.seedDeployment({
      name: 'image-agent',
      source: 'external_image',
      source_revision_config: { image_uri: 'registry.example.com/agent:1' },
      history: [
        { durationMs: 90_000 },
        { status: 'DEPLOY_FAILED', durationMs: 30_000 },
        {
          durationMs: 150_000,
          source_revision_config: { image_uri: 'registry.example.com/agent:3' }
        }
      ]
    })
    expect(validate('Deployment', seeded)).toEqual([])
    const listed = await call(cp, 'GET', `/v2/deployments/${seeded.id}/revisions`)
    expect(validate('RevisionsList', listed.body)).toEqual([])
    const revisions = listed.body?.resources as Json[]
    const took = (revision: Json) =>
      Date.parse(String(revision.updated_at)) - Date.parse(String(revision.created_at))
    expect(revisions.map((revision) => [revision.status, took(revision)])).toEqual([
      ['DEPLOYED', 150_000],
      ['DEPLOY_FAILED', 30_000],
      ['DEPLOYED', 90_000]
    ])
    // The newest has just finished; each older one ended a minute before the next began.
    expect(Date.parse(String(revisions[0]?.updated_at))).toBe(clock.now())
    expect(
      Date.parse(String(revisions[0]?.created_at)) - Date.parse(String(revisions[1]?.updated_at))
    ).toBe(60_000)
    expect(
      revisions.map((revision) => (revision.source_revision_config as Json).image_uri)
    ).toEqual([
      'registry.example.com/agent:3',
      'registry.example.com/agent:1',
      'registry.example.com/agent:1'
    ])
    expect(seeded).toMatchObject({
      active_revision_id: revisions[0]?.id,
      source_revision_config: { image_uri: 'registry.example.com/agent:3' },
      created_at: revisions[2]?.created_at,
      updated_at: revisions[0]?.created_at
    })
  })

  it('seeds a chosen updated_at and git repo, and pages name_contains over several pages', async () => {
    const cp = await start()
    const old = '2025-12-01T00:00:00.000Z'
    const repo = {
      integration_id: '123e4567-e89b-42d3-a456-426614174000',
      repo_url: 'https://github.com/acme/agent'
    }
    for (let pr = 1; pr <= 45; pr += 1) {
      cp.seedDeployment({
        name: `preview-pr-${pr}`,
        source_config: repo,
        ...(pr % 2 === 0 ? { updated_at: old } : {})
      })
    }
    cp.seedDeployment({ name: 'production' })
    const names: unknown[] = []
    const updated: unknown[] = []
    let pages = 0
    for (let offset = 0; ; pages += 1) {
      const page = await call(
        cp,
        'GET',
        `/v2/deployments?name_contains=preview-pr-&limit=20&offset=${offset}`
      )
      expect(validate('DeploymentsList', page.body)).toEqual([])
      const resources = page.body?.resources as Json[]
      names.push(...resources.map((deployment) => deployment.name))
      updated.push(...resources.map((deployment) => deployment.updated_at))
      expect(
        resources.every(
          (deployment) => (deployment.source_config as Json).repo_url === repo.repo_url
        )
      ).toBe(true)
      if (resources.length < 20) break
      offset = Number(page.body?.offset)
    }
    expect(pages).toBe(2)
    expect(names).toHaveLength(45)
    expect(updated.filter((at) => at === old)).toHaveLength(22)
    expect(
      updated.filter((at) => at !== old).every((at) => Date.parse(String(at)) > Date.parse(old))
    ).toBe(true)
  })

  it('answers 404 to a delete of a deployment that vanished since it was listed', async () => {
    const cp = await start()
    const target = cp.seedDeployment({ name: 'preview-pr-1', updated_at: '2025-12-01T00:00:00Z' })
    const listed = await call(cp, 'GET', '/v2/deployments?name_contains=preview-')
    expect((listed.body?.resources as Json[]).map((deployment) => deployment.id)).toEqual([
      target.id
    ])
    // Someone else deletes it in between.
    expect((await call(cp, 'DELETE', `/v2/deployments/${target.id}`)).status).toBe(204)
    const late = await call(
      cp,
      'DELETE',
      `/v2/deployments/${target.id}?delete_tracing_project=true`
    )
    expect([late.status, late.body]).toEqual([
      404,
      { detail: `Deployment ID ${target.id} not found.` }
    ])
  })

  it('runs a build with chosen phase timings, from now on', async () => {
    const cp = await start({ stepMs: 5000 })
    cp.setPhaseMs({ BUILDING: 125_000 })
    const created = await call(cp, 'POST', '/v2/deployments', gitHostBody())
    const id = String(created.body?.id)
    const seen: [number, unknown][] = []
    for (let second = 0; second <= 150; second += 5) {
      const status = cp.revisions(id)[0]?.status
      if (seen.at(-1)?.[1] !== status) seen.push([second, status])
      clock.advance(5000)
    }
    expect(seen).toEqual([
      [0, 'CREATING'],
      [5, 'QUEUED'],
      [10, 'AWAITING_BUILD'],
      [15, 'BUILDING'],
      [140, 'AWAITING_DEPLOY'],
      [145, 'DEPLOYING'],
      [150, 'DEPLOYED']
    ])
    cp.setPhaseMs({})
    const patched = await call(cp, 'PATCH', `/v2/deployments/${id}`, { secrets: [] })
    clock.advance(30_000)
    expect(cp.revisions(id)[0]).toMatchObject({
      id: patched.body?.latest_revision_id,
      status: 'DEPLOYED'
    })
  })
})

describe('control-plane emulator: what each revision serves', () => {
  it('chooses agent behaviour per revision; a redeploy keeps its source revision behaviour', async () => {
    const cp = await start({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'run-error')
    })
    const { id, first, second } = await deployedThenPatched(cp)
    expect(cp.serving(id)).toMatchObject({
      revisionId: first,
      agent: 'well',
      previousRevisionId: null
    })
    clock.advance(6000)
    expect(cp.serving(id)).toMatchObject({ revisionId: second, agent: 'run-error' })
    const rollback = await call(cp, 'POST', `/v2/deployments/${id}/revisions/${first}/redeploy`)
    clock.advance(6000)
    expect(cp.serving(id)).toMatchObject({
      revisionId: rollback.body?.latest_revision_id,
      previousRevisionId: second,
      agent: 'well'
    })
    cp.setRevisionAgent(String(rollback.body?.latest_revision_id), 'wrong-reply')
    expect(cp.serving('agent')?.agent).toBe('wrong-reply')
    expect(cp.serving('nobody')).toBeUndefined()
  })
})
