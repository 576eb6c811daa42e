import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startAgentServer, startControlPlane, type ControlPlaneEmulator } from '../../emulator'

const KEY = { 'x-api-key': 'emulator-key', 'content-type': 'application/json' }
const INTEGRATION = '123e4567-e89b-42d3-a456-426614174000'
let emulator: ControlPlaneEmulator

beforeEach(async () => {
  emulator = await startControlPlane({ stepMs: 15 })
})
afterEach(async () => {
  await emulator.close()
})

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: KEY,
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined
  }
}

const gitHostBody = (name = 'agent') => ({
  name,
  source: 'git_host',
  source_config: { integration_id: INTEGRATION, repo_url: 'https://github.com/a/b' },
  source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
  secrets: []
})

async function statusOf(deploymentId: string, revisionId: string): Promise<string> {
  return String(
    (await call('GET', `/v2/deployments/${deploymentId}/revisions/${revisionId}`)).body?.status
  )
}

describe('control-plane emulator', () => {
  it('moves a new revision through the statuses to DEPLOYED, then sets the URL', async () => {
    const created = await call('POST', '/v2/deployments', gitHostBody())
    expect(created.status).toBe(201)
    const id = String(created.body?.id)
    const revision = String(created.body?.latest_revision_id)
    expect((created.body?.source_config as { custom_url: unknown }).custom_url).toBeNull()
    const seen = new Set<string>()
    while (!seen.has('DEPLOYED')) {
      seen.add(await statusOf(id, revision))
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect([...seen]).toEqual(expect.arrayContaining(['BUILDING', 'DEPLOYING', 'DEPLOYED']))
    const deployment = await call('GET', `/v2/deployments/${id}`)
    expect(deployment.body).toMatchObject({
      active_revision_id: revision,
      source_config: { custom_url: `${new URL(emulator.url).origin}/agent` }
    })
  })

  it('refuses a wrong key with 401 and records the request', async () => {
    const response = await fetch(`${emulator.url}/v2/deployments`, {
      headers: { 'x-api-key': 'nope' }
    })
    expect(response.status).toBe(401)
    expect(emulator.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v2/deployments',
      status: 401
    })
  })

  it('answers 422 with every problem located, for shape and for the rules', async () => {
    const answer = await call('POST', '/v2/deployments', {
      ...gitHostBody('Bad_Name'),
      source_config: { repo_url: 'x', build_on_push: true, custom_url: 'https://a' },
      source_revision_config: { repo_ref: 'refs/tags/v1' },
      secrets: [{ name: 'POSTGRES_URI', value: 'x' }]
    })
    expect(answer.status).toBe(422)
    const locs = (answer.body?.detail as { loc: string[] }[]).map((p) => p.loc.join('.'))
    expect(locs).toEqual(
      expect.arrayContaining([
        'body.name',
        'body.source_revision_config.graph_config_path',
        'body.source_config.integration_id',
        'body.source_config.custom_url',
        'body.source_config.build_on_push',
        'body.secrets.0.name'
      ])
    )
    expect(
      (await call('POST', '/v2/deployments', { ...gitHostBody(), unknown_field: 1 })).status
    ).toBe(422)
    expect((await call('GET', '/v2/deployments?limit=101')).status).toBe(422)
  })

  it('creates a revision on PATCH only for revision fields, and refuses create-only fields', async () => {
    const created = await call('POST', '/v2/deployments', gitHostBody())
    const id = String(created.body?.id)
    const quiet = await call('PATCH', `/v2/deployments/${id}`, {
      source_config: { build_on_push: false }
    })
    expect(quiet.body?.latest_revision_id).toBe(created.body?.latest_revision_id)
    const loud = await call('PATCH', `/v2/deployments/${id}`, {
      secrets: [{ name: 'A', value: 'b' }]
    })
    expect(loud.body?.latest_revision_id).not.toBe(created.body?.latest_revision_id)
    const refused = await call('PATCH', `/v2/deployments/${id}`, {
      source_config: { integration_id: INTEGRATION }
    })
    expect(refused.status).toBe(422)
    expect(emulator.revisions(id)).toHaveLength(2)
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
      const created = timed.seedDeployment({ name: 'slower' })
      // 70 s in: at 10 s a step it would be DEPLOYED; at 20 s it is in its fourth status.
      clock += 70_000
      expect(timed.revisions(created.id)[0]?.status).toBe('BUILDING')
    } finally {
      await timed.close()
    }
  })

  it('marks an unfinished revision SKIPPED when a newer one is created', async () => {
    emulator.setOutcome('HANG')
    const created = await call('POST', '/v2/deployments', gitHostBody())
    const id = String(created.body?.id)
    await call('PATCH', `/v2/deployments/${id}`, { source_revision_config: { repo_ref: 'next' } })
    expect(await statusOf(id, String(created.body?.latest_revision_id))).toBe('SKIPPED')
  })

  it('keeps the name taken by the tracing project after a delete, unless it is deleted too', async () => {
    const first = await call('POST', '/v2/deployments', gitHostBody())
    expect((await call('POST', '/v2/deployments', gitHostBody())).status).toBe(409)
    expect((await call('DELETE', `/v2/deployments/${String(first.body?.id)}`)).status).toBe(204)
    expect((await call('POST', '/v2/deployments', gitHostBody())).status).toBe(409)
    const second = emulator.seedDeployment({ name: 'other' })
    await call('DELETE', `/v2/deployments/${second.id}?delete_tracing_project=true`)
    expect(emulator.tracingProjects()).toEqual(['agent'])
    expect((await call('POST', '/v2/deployments', gitHostBody('other'))).status).toBe(201)
  })

  it('injects each kind of fault, once', async () => {
    emulator.injectFault({ path: '/v2/deployments', kind: 'status', status: 503, retryAfter: '2' })
    const injected = await fetch(`${emulator.url}/v2/deployments`, { headers: KEY })
    expect([injected.status, injected.headers.get('retry-after')]).toEqual([503, '2'])
    expect((await call('GET', '/v2/deployments')).status).toBe(200)

    emulator.injectFault({ method: 'POST', kind: 'reset-after' })
    await expect(call('POST', '/v2/deployments', gitHostBody('after'))).rejects.toThrow()
    expect(emulator.deployments().map((d) => d.name)).toEqual(['after'])

    emulator.injectFault({ method: 'POST', kind: 'reset-before' })
    await expect(call('POST', '/v2/deployments', gitHostBody('before'))).rejects.toThrow()
    expect(emulator.deployments().map((d) => d.name)).toEqual(['after'])

    emulator.injectFault({ kind: 'truncate' })
    const truncated = await fetch(`${emulator.url}/v2/deployments`, { headers: KEY })
    await expect(truncated.json()).rejects.toThrow()

    emulator.injectFault({ kind: 'delay', delayMs: 150 })
    const started = Date.now()
    expect((await call('GET', '/v2/deployments')).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('hands out upload URLs and accepts only their object paths', async () => {
    const created = await call('POST', '/v2/deployments', {
      name: 'src',
      source: 'internal_source',
      source_config: {},
      source_revision_config: { graph_config_path: 'graph.json' },
      secrets: []
    })
    const id = String(created.body?.id)
    expect(created.body?.latest_revision_id).toBeNull()
    const { body } = await call('POST', `/v2/deployments/${id}/upload-url`)
    const put = await fetch(String(body?.upload_url), {
      method: 'PUT',
      headers: { 'content-type': 'application/gzip' },
      body: Buffer.from([31, 139, 8])
    })
    expect(put.status).toBe(200)
    expect(emulator.uploads()).toEqual([
      {
        objectPath: body?.object_path,
        bytes: Buffer.from([31, 139, 8]),
        contentType: 'application/gzip'
      }
    ])
    const bogus = await call('PATCH', `/v2/deployments/${id}`, {
      source_revision_config: { source_tarball_path: 'elsewhere.tar.gz' }
    })
    expect(bogus.status).toBe(422)
    const real = await call('PATCH', `/v2/deployments/${id}`, {
      source_revision_config: { source_tarball_path: body?.object_path }
    })
    expect(real.body?.latest_revision_id).toEqual(expect.any(String))
  })
})

describe('agent server emulator', () => {
  it('answers /ok, assistants with the right key, and a stateless echo run as text/plain', async () => {
    const agent = await startAgentServer()
    try {
      expect(await (await fetch(`${agent.url}/ok`)).json()).toEqual({ ok: true })
      expect(
        (await fetch(`${agent.url}/assistants/agent`, { headers: { 'x-api-key': 'wrong' } })).status
      ).toBe(404)
      expect((await fetch(`${agent.url}/assistants/agent`, { headers: KEY })).status).toBe(200)
      const run = await fetch(`${agent.url}/runs/wait`, {
        method: 'POST',
        headers: KEY,
        body: JSON.stringify({
          assistant_id: 'agent',
          input: { messages: [{ role: 'human', content: 'hi' }] }
        })
      })
      expect(run.headers.get('content-type')).toBe('text/plain')
      expect(JSON.parse(await run.text())).toMatchObject({
        messages: [{ content: 'hi' }, { type: 'ai', content: 'echo: hi' }]
      })
    } finally {
      await agent.close()
    }
  })
})
