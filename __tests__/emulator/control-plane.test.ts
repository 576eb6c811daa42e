import { afterEach, describe, expect, it } from '@jest/globals'
import {
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from '../../emulator'
import { openApiValidator } from '../../emulator/openapi'
import {
  call,
  fakeClock,
  gitHostBody,
  imageBody,
  INTEGRATION,
  pollUntil,
  type Json
} from './client'

const validate = openApiValidator()
let emulator: ControlPlaneEmulator | undefined

async function start(options: ControlPlaneOptions = {}): Promise<ControlPlaneEmulator> {
  emulator = await startControlPlane({ stepMs: 20, ...options })
  return emulator
}
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

const idOf = (body: Json | undefined) => String(body?.id)
const locsOf = (body: Json | undefined) =>
  (body?.detail as { loc: (string | number)[] }[]).map((problem) => problem.loc.join('.'))

describe('control-plane emulator: deployments and revisions', () => {
  it('moves a new revision to DEPLOYED in real time, then sets active revision and URL', async () => {
    const cp = await start()
    const created = await call(cp, 'POST', '/v2/deployments', gitHostBody())
    expect(created.status).toBe(201)
    expect(validate('Deployment', created.body)).toEqual([])
    expect(created.body).toMatchObject({
      status: 'READY',
      active_revision_id: null,
      source_config: { custom_url: null }
    })
    const revisionPath = `/v2/deployments/${idOf(created.body)}/revisions/${String(created.body?.latest_revision_id)}`
    const readings = await pollUntil(
      async () => (await call(cp, 'GET', revisionPath)).body,
      (revision) => revision?.status === 'DEPLOYED'
    )
    for (const revision of readings) expect(validate('Revision', revision)).toEqual([])
    const deployment = (await call(cp, 'GET', `/v2/deployments/${idOf(created.body)}`)).body
    expect(deployment).toMatchObject({
      active_revision_id: created.body?.latest_revision_id,
      source_config: { custom_url: `${cp.url}/agent` }
    })
    expect(cp.tracingProjects()).toEqual(['agent'])
  })

  it('shows each status in turn with a fake clock; an external image keeps its own URL', async () => {
    const clock = fakeClock()
    const cp = await start({ stepMs: 1000, now: clock.now })
    const created = await call(cp, 'POST', '/v2/deployments', imageBody())
    const id = idOf(created.body)
    const statuses: unknown[] = []
    for (let step = 0; step < 6; step += 1) {
      statuses.push(cp.revisions(id)[0]?.status)
      clock.advance(1000)
    }
    expect(statuses).toEqual([
      'CREATING',
      'QUEUED',
      'AWAITING_DEPLOY',
      'DEPLOYING',
      'DEPLOYED',
      'DEPLOYED'
    ])
    expect(cp.deployments()[0]?.source_config.custom_url).toBe('https://agent.example.com')
  })

  it('never echoes secret values', async () => {
    const cp = await start()
    const created = await call(cp, 'POST', '/v2/deployments', {
      ...gitHostBody(),
      secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-secret' }]
    })
    expect(created.body?.secrets).toEqual([{ name: 'OPENAI_API_KEY', value: '' }])
    expect(JSON.stringify(cp.deployments())).not.toContain('sk-secret')
  })

  it('refuses a wrong key with 401 and a missing tenant with 403, and records both', async () => {
    const cp = await start({ tenantId: '0f0e0d0c-0b0a-4900-8800-770066005500' })
    const wrongKey = await call(cp, 'GET', '/v2/deployments', undefined, { 'x-api-key': 'nope' })
    expect([wrongKey.status, wrongKey.body]).toEqual([401, { detail: 'Invalid API key' }])
    const noTenant = await call(cp, 'GET', '/v2/deployments')
    expect(noTenant.status).toBe(403)
    const withTenant = await call(cp, 'GET', '/v2/deployments', undefined, {
      'x-tenant-id': '0f0e0d0c-0b0a-4900-8800-770066005500'
    })
    expect(withTenant.status).toBe(200)
    expect(cp.requests.map((request) => [request.method, request.path, request.status])).toEqual([
      ['GET', '/v2/deployments', 401],
      ['GET', '/v2/deployments', 403],
      ['GET', '/v2/deployments', 200]
    ])
  })

  it('serves under a base path and answers 404 for unknown routes and ids', async () => {
    const cp = await start({ basePath: '/api-host' })
    expect(cp.url).toMatch(/\/api-host$/)
    expect((await call(cp, 'GET', '/v2/deployments')).status).toBe(200)
    expect(cp.requests[0]?.path).toBe('/v2/deployments')
    expect((await call(cp, 'GET', '/v2/nothing')).body).toEqual({ detail: 'Not Found' })
    const unknown = await call(cp, 'GET', '/v2/deployments/abc')
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { detail: 'Deployment ID abc not found.' }
    ])
  })

  it('answers 409 for a taken name, and after a delete unless the tracing project goes too', async () => {
    const cp = await start()
    const first = await call(cp, 'POST', '/v2/deployments', gitHostBody())
    const taken = await call(cp, 'POST', '/v2/deployments', gitHostBody())
    expect([taken.status, taken.body]).toEqual([
      409,
      { detail: "A deployment or tracing project named 'agent' already exists" }
    ])
    expect((await call(cp, 'DELETE', `/v2/deployments/${idOf(first.body)}`)).status).toBe(204)
    expect((await call(cp, 'POST', '/v2/deployments', gitHostBody())).status).toBe(409)

    const seeded = cp.seedDeployment({ name: 'other' })
    expect(cp.revisions(seeded.id)[0]?.status).toBe('DEPLOYED')
    const deleted = await call(
      cp,
      'DELETE',
      `/v2/deployments/${seeded.id}?delete_tracing_project=true`
    )
    expect(deleted.status).toBe(204)
    expect(cp.tracingProjects()).toEqual(['agent'])
    expect((await call(cp, 'POST', '/v2/deployments', gitHostBody('other'))).status).toBe(201)
  })

  it('answers 422 listing every problem with its loc', async () => {
    const cp = await start()
    const answer = await call(cp, 'POST', '/v2/deployments', {
      ...gitHostBody('Bad_Name'),
      source_config: { repo_url: 'x', build_on_push: true, custom_url: 'https://a' },
      source_revision_config: { repo_ref: 'refs/tags/v1', image_uri: 'x:1' },
      secrets: [
        { name: 'POSTGRES_URI', value: 'x' },
        { name: '1BAD', value: 'x' }
      ],
      unknown_field: 1
    })
    expect(answer.status).toBe(422)
    expect(locsOf(answer.body).sort()).toEqual(
      [
        'body.name',
        'body.unknown_field',
        'body.source_revision_config.graph_config_path',
        'body.source_revision_config.image_uri',
        'body.source_config.integration_id',
        'body.source_config.custom_url',
        'body.source_config.build_on_push',
        'body.secrets.0.name',
        'body.secrets.1.name'
      ].sort()
    )
    const spec = await call(cp, 'POST', '/v2/deployments', {
      ...imageBody(),
      source_config: { resource_spec: { cpu: 9, cpu_limit: 0.05, memory_mb: 1.5 } }
    })
    expect(locsOf(spec.body).sort()).toEqual([
      'body.source_config.resource_spec.cpu',
      'body.source_config.resource_spec.cpu_limit',
      'body.source_config.resource_spec.memory_mb'
    ])
    const badJson = await fetch(`${cp.url}/v2/deployments`, {
      method: 'POST',
      headers: { 'x-api-key': 'emulator-key' },
      body: '{'
    })
    expect(badJson.status).toBe(422)
    expect(locsOf((await call(cp, 'GET', '/v2/deployments?limit=101')).body)).toEqual([
      'query.limit'
    ])
    expect(cp.deployments()).toEqual([])
  })

  it('pages the list with limit and offset, and filters by name and id', async () => {
    const cp = await start()
    for (const name of ['alpha', 'beta', 'gamma']) cp.seedDeployment({ name })
    const first = await call(cp, 'GET', '/v2/deployments?limit=2')
    expect(validate('DeploymentsList', first.body)).toEqual([])
    expect((first.body?.resources as Json[]).map((d) => d.name)).toEqual(['alpha', 'beta'])
    expect(first.body?.offset).toBe(2)
    const last = await call(cp, 'GET', '/v2/deployments?limit=2&offset=2')
    expect(last.body).toMatchObject({ resources: [{ name: 'gamma' }], offset: 3 })
    const filtered = await call(cp, 'GET', '/v2/deployments?name_contains=mm')
    expect((filtered.body?.resources as Json[]).map((d) => d.name)).toEqual(['gamma'])
    const beta = cp.deployments().find((deployment) => deployment.name === 'beta')
    const byId = await call(cp, 'GET', `/v2/deployments?deployment_ids=${String(beta?.id)}`)
    expect((byId.body?.resources as Json[]).map((d) => d.name)).toEqual(['beta'])
  })

  it('creates a revision on PATCH only for revision fields, and refuses create-only fields', async () => {
    const cp = await start()
    const created = await call(cp, 'POST', '/v2/deployments', gitHostBody())
    const path = `/v2/deployments/${idOf(created.body)}`
    const quiet = await call(cp, 'PATCH', path, {
      source_config: { build_on_push: false, install_command: 'npm ci' }
    })
    expect(quiet.status).toBe(200)
    expect(quiet.body?.latest_revision_id).toBe(created.body?.latest_revision_id)
    expect(quiet.body?.source_config).toMatchObject({ install_command: 'npm ci' })
    const loud = await call(cp, 'PATCH', path, { secrets: [{ name: 'A', value: 'b' }] })
    expect(loud.body?.latest_revision_id).not.toBe(created.body?.latest_revision_id)
    const refused = await call(cp, 'PATCH', path, {
      source_config: { integration_id: INTEGRATION, repo_url: 'https://x' }
    })
    expect(refused.status).toBe(422)
    expect(locsOf(refused.body)).toEqual([
      'body.source_config.integration_id',
      'body.source_config.repo_url'
    ])
    // Judged against the current repo_ref: a tag cannot be built on push.
    await call(cp, 'PATCH', path, { source_revision_config: { repo_ref: 'refs/tags/v1' } })
    const onTag = await call(cp, 'PATCH', path, { source_config: { build_on_push: true } })
    expect(locsOf(onTag.body)).toEqual(['body.source_config.build_on_push'])
    expect(cp.revisions(idOf(created.body))).toHaveLength(3)
  })

  it('keeps each revision at the step time it was created with, reporting when it ended', async () => {
    let clock = Date.parse('2026-01-01T00:00:00.000Z')
    const timed = await startControlPlane({ stepMs: 10_000, now: () => clock })
    try {
      const first = timed.seedDeployment({ name: 'timed' })
      timed.setStepMs(20_000)
      clock += 1_000_000
      const [older] = timed.revisions(first.id)
      expect(older).toMatchObject({ status: 'DEPLOYED' })
      // Six in-progress statuses of 10 s each: it ended 60 s after it was created.
      expect(Date.parse(older?.updated_at ?? '') - Date.parse(older?.created_at ?? '')).toBe(60_000)
      // A seeded revision starts at its status; one created through the API starts building.
      const response = await fetch(`${timed.url}/v2/deployments`, {
        method: 'POST',
        headers: { 'x-api-key': 'emulator-key', 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'slower',
          source: 'git_host',
          source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' },
          source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
          secrets: []
        })
      })
      const created = (await response.json()) as { id: string }
      // 70 s in: at 10 s a step it would be DEPLOYED; at 20 s it is in its fourth status.
      clock += 70_000
      expect(timed.revisions(created.id)[0]?.status).toBe('BUILDING')
    } finally {
      await timed.close()
    }
  })

  it('marks an unfinished revision SKIPPED when a newer one is created', async () => {
    const cp = await start({
      outcome: ({ revisionNumber }) => (revisionNumber === 1 ? 'HANG' : 'DEPLOYED')
    })
    const created = await call(cp, 'POST', '/v2/deployments', gitHostBody())
    const id = idOf(created.body)
    await call(cp, 'PATCH', `/v2/deployments/${id}`, {
      source_revision_config: { repo_ref: 'next' }
    })
    const [newer, older] = cp.revisions(id)
    expect(older).toMatchObject({ id: created.body?.latest_revision_id, status: 'SKIPPED' })
    expect(newer?.source_revision_config).toMatchObject({ repo_ref: 'next' })
    const listed = await call(cp, 'GET', `/v2/deployments/${id}/revisions?limit=1`)
    expect(listed.body).toMatchObject({ resources: [{ id: newer?.id }], offset: 1 })
  })

  it('hands out upload URLs and accepts only their object paths', async () => {
    const cp = await start()
    const created = await call(cp, 'POST', '/v2/deployments', {
      name: 'src',
      source: 'internal_source',
      source_config: {},
      source_revision_config: { graph_config_path: 'graph.json' },
      secrets: []
    })
    const id = idOf(created.body)
    expect(created.body?.latest_revision_id).toBeNull()
    const { body } = await call(cp, 'POST', `/v2/deployments/${id}/upload-url`)
    const tarball = Buffer.from([31, 139, 8])
    const wrongType = await fetch(String(body?.upload_url), { method: 'PUT', body: tarball })
    expect(wrongType.status).toBe(400)
    const put = await fetch(String(body?.upload_url), {
      method: 'PUT',
      headers: { 'content-type': 'application/gzip' },
      body: tarball
    })
    expect(put.status).toBe(200)
    expect(cp.uploads()).toEqual([
      { objectPath: body?.object_path, bytes: tarball, contentType: 'application/gzip' }
    ])
    const bogus = await call(cp, 'PATCH', `/v2/deployments/${id}`, {
      source_revision_config: { source_tarball_path: 'elsewhere.tar.gz' }
    })
    expect(locsOf(bogus.body)).toEqual(['body.source_revision_config.source_tarball_path'])
    const real = await call(cp, 'PATCH', `/v2/deployments/${id}`, {
      source_revision_config: { source_tarball_path: body?.object_path }
    })
    expect(real.body?.latest_revision_id).toEqual(expect.any(String))
  })

  it('builds a git_host ref into the commit it names now: one commit per ref until a test moves it', async () => {
    const cp = await start()
    const first = await call(cp, 'POST', '/v2/deployments', gitHostBody('one'))
    const second = await call(cp, 'POST', '/v2/deployments', gitHostBody('two'))
    const commitOf = (body: Json | undefined) =>
      cp.revisions(idOf(body))[0]?.source_revision_config.repo_commit_sha
    const main = cp.commitOf('main')
    expect(main).toMatch(/^[0-9a-f]{40}$/)
    expect(commitOf(first.body)).toBe(main)
    expect(commitOf(second.body)).toBe(main)
    // The deployment shows its latest revision's commit, valid against the published schema.
    const read = await call(cp, 'GET', `/v2/deployments/${idOf(first.body)}`)
    expect(read.body).toMatchObject({ source_revision_config: { repo_commit_sha: main } })
    expect(validate('Deployment', read.body)).toEqual([])
    const pushed = cp.moveRef('main')
    expect(pushed).not.toBe(main)
    expect(cp.commitOf('main')).toBe(pushed)
    await call(cp, 'PATCH', `/v2/deployments/${idOf(first.body)}`, {
      source_revision_config: { repo_ref: 'main' }
    })
    expect(commitOf(first.body)).toBe(pushed)
    expect(cp.moveRef('main', 'c'.repeat(40))).toBe('c'.repeat(40))
    expect(cp.commitOf('next')).not.toBe(cp.commitOf('main'))
  })

  it('accepts an object path upload-url handed out for another deployment (a promote reuses it)', async () => {
    const cp = await start()
    const body = (name: string): Json => ({
      name,
      source: 'internal_source',
      source_config: {},
      source_revision_config: { graph_config_path: 'graph.json' },
      secrets: []
    })
    const staging = idOf((await call(cp, 'POST', '/v2/deployments', body('staging'))).body)
    const prod = idOf((await call(cp, 'POST', '/v2/deployments', body('prod'))).body)
    const { body: upload } = await call(cp, 'POST', `/v2/deployments/${staging}/upload-url`)
    await fetch(String(upload?.upload_url), {
      method: 'PUT',
      headers: { 'content-type': 'application/gzip' },
      body: Buffer.from([31, 139, 8])
    })
    const promoted = await call(cp, 'PATCH', `/v2/deployments/${prod}`, {
      source_revision_config: { source_tarball_path: upload?.object_path }
    })
    expect(promoted.status).toBe(200)
    expect(cp.revisions(prod)).toHaveLength(1)
  })
})
