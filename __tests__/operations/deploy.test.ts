import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator, type RecordedRequest } from '../../emulator'
import { BRANCH_ENV, INTEGRATION_ID, onClock, runDeploy } from '../helpers/deploy-harness'
import { gitHostConfig } from '../helpers/config-fixture'

let emulator: ControlPlaneEmulator

beforeEach(async () => {
  emulator = await startControlPlane({ ...onClock, stepMs: 20 })
})
afterEach(async () => {
  await emulator.close()
})

const gitHost = () => gitHostConfig(emulator.url)

const calls = (method: string, path?: string | RegExp): RecordedRequest[] =>
  emulator.requests.filter(
    (r) =>
      r.method === method &&
      (path === undefined || (typeof path === 'string' ? r.path === path : path.test(r.path)))
  )

describe('deploy against the emulator', () => {
  it('creates a missing deployment, waits for DEPLOYED and sets every output', async () => {
    const { result, outputs, log } = await runDeploy({
      ...gitHost(),
      secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-abc' }]
    })
    const [deployment] = emulator.deployments()
    expect(result).toMatchObject({ outcome: 'deployed', created: true, revisionStatus: 'DEPLOYED' })
    expect(outputs).toEqual({
      created: 'true',
      'deployment-id': deployment?.id,
      'revision-id': deployment?.latest_revision_id,
      'revision-status': 'DEPLOYED',
      'deployment-url': deployment?.source_config.custom_url
    })
    expect(outputs['deployment-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+/)
    expect(calls('POST')).toHaveLength(1)
    expect(calls('POST')[0]?.body).toEqual({
      name: 'support-agent',
      source: 'git_host',
      source_config: {
        integration_id: INTEGRATION_ID,
        repo_url: 'https://github.com/acme/support-agent'
      },
      source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
      secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-abc' }]
    })
    // The elapsed time in the line is wall time: its value is not asserted, only its form.
    expect(log).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Revision ${outputs['revision-id']}: DEPLOYED \\(\\d+s\\)$`)
      )
    )
    expect(result.message).toMatch(
      new RegExp(
        `^Deployed deployment support-agent \\(${deployment?.id}\\): revision ${outputs['revision-id']} is DEPLOYED at http`
      )
    )
  })

  it('patches the deployment on the second run: no second POST, a new revision waited on', async () => {
    const first = await runDeploy(gitHost())
    const second = await runDeploy({ ...gitHost(), secrets: [{ name: 'A', value: '1' }] })
    expect(calls('POST')).toHaveLength(1)
    expect(calls('PATCH')).toHaveLength(1)
    expect(calls('PATCH')[0]?.body).toEqual({
      source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
      secrets: [{ name: 'A', value: '1' }]
    })
    expect(second.result).toMatchObject({ outcome: 'deployed', created: false })
    expect(second.outputs.created).toBe('false')
    expect(second.outputs['deployment-id']).toBe(first.outputs['deployment-id'])
    expect(second.outputs['revision-id']).not.toBe(first.outputs['revision-id'])
    expect(emulator.deployments()).toHaveLength(1)
    expect(emulator.revisions(first.outputs['deployment-id'] ?? '')).toHaveLength(2)
  })

  it.each([
    [
      'a release tag',
      { GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/tags/v1.2.3' },
      'refs/tags/v1.2.3',
      false
    ],
    [
      'a branch',
      { GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/heads/release' },
      'release',
      undefined
    ],
    [
      'a pull request',
      {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_REF: 'refs/pull/9/merge',
        GITHUB_HEAD_REF: 'feature/login'
      },
      'feature/login',
      undefined
    ]
  ])('sends the ref of %s', async (_, refEnv, repoRef, buildOnPush) => {
    const { result } = await runDeploy(gitHost(), { env: { ...BRANCH_ENV, ...refEnv } })
    expect(result.outcome).toBe('deployed')
    const body = calls('POST')[0]?.body as { source_revision_config: object; source_config: object }
    expect(body.source_revision_config).toEqual({
      repo_ref: repoRef,
      graph_config_path: 'graph.json'
    })
    expect((body.source_config as { build_on_push?: boolean }).build_on_push).toBe(buildOnPush)
  })

  it.each(['BUILD_FAILED', 'DEPLOY_FAILED', 'CREATE_FAILED', 'INTERRUPTED'])(
    'fails on %s naming the status, revision and deployment',
    async (status) => {
      emulator.setOutcome(status)
      const { result, outputs } = await runDeploy(gitHost())
      expect(result.outcome).toBe('failed')
      expect(outputs['revision-status']).toBe(status)
      expect(result.message).toContain(`ended ${status}`)
      expect(result.message).toContain(`Revision ${outputs['revision-id']}`)
      expect(result.message).toContain(`(${outputs['deployment-id']})`)
      expect(outputs['deployment-url']).toBeUndefined()
    }
  )

  it('fails as superseded when a newer revision replaces ours, naming the newer one', async () => {
    const seeded = emulator.seedDeployment({ name: 'support-agent' })
    emulator.setOutcome('HANG')
    const running = runDeploy(gitHost())
    // Once our revision exists, another "run" patches the deployment too.
    while (calls('PATCH').length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    const response = await fetch(`${emulator.url}/v2/deployments/${seeded.id}`, {
      method: 'PATCH',
      headers: { 'x-api-key': 'emulator-key', 'content-type': 'application/json' },
      body: JSON.stringify({ source_revision_config: { repo_ref: 'other' } })
    })
    const newer = ((await response.json()) as { latest_revision_id: string }).latest_revision_id
    const { result, outputs } = await running
    expect(result.outcome).toBe('superseded')
    expect(outputs['revision-status']).toBe('SKIPPED')
    expect(result.message).toContain(`a newer revision (${newer}) superseded it`)
  })

  it('times out with the last status and says the deployment goes on', async () => {
    emulator.setOutcome('HANG')
    const { result, outputs } = await runDeploy({
      ...gitHost(),
      timeoutMs: 1_000
    })
    expect(result.outcome).toBe('timeout')
    expect(outputs['revision-status']).toBe('BUILDING')
    expect(result.message).toMatch(
      /^Timed out after 1s waiting for revision .* last status was BUILDING\. The deployment goes on on the service/
    )
  })

  it('keeps waiting through a status it does not know', async () => {
    emulator.setOutcome(({ revisionNumber }) => (revisionNumber === 1 ? 'WARMING_UP' : 'DEPLOYED'))
    const { result, outputs } = await runDeploy({ ...gitHost(), timeoutMs: 1_000 })
    expect(result.outcome).toBe('timeout')
    expect(outputs['revision-status']).toBe('WARMING_UP')
  })

  it('succeeds once the revision exists with wait: false', async () => {
    emulator.setOutcome('HANG')
    // A minute per status: the revision is still CREATING when it is read, however slow the run.
    emulator.setStepMs(60_000)
    const { result, outputs } = await runDeploy({ ...gitHost(), wait: false })
    expect(result.outcome).toBe('revision-created')
    expect(outputs['revision-status']).toBe('CREATING')
    expect(calls('GET', /\/revisions\//)).toHaveLength(1)
  })

  it('finds the exact name beyond the first page of name_contains results', async () => {
    for (let i = 0; i < 120; i++) emulator.seedDeployment({ name: `support-agent-${i}` })
    const target = emulator.seedDeployment({ name: 'support-agent' })
    const { result } = await runDeploy(gitHost())
    expect(result).toMatchObject({ outcome: 'deployed', created: false, deploymentId: target.id })
    expect(calls('GET', '/v2/deployments').map((r) => r.query)).toEqual([
      { name_contains: 'support-agent', limit: '100', offset: '0' },
      { name_contains: 'support-agent', limit: '100', offset: '100' }
    ])
    expect(calls('POST')).toHaveLength(0)
  })

  it('targets deployment-id directly, without a lookup by name', async () => {
    const target = emulator.seedDeployment({ name: 'by-id' })
    const { result } = await runDeploy({ ...gitHost(), name: undefined, deploymentId: target.id })
    expect(result).toMatchObject({ outcome: 'deployed', deploymentId: target.id })
    expect(calls('GET', '/v2/deployments')).toHaveLength(0)
  })

  it('says which input is missing for a create, and sends nothing that changes state', async () => {
    const { result } = await runDeploy({ apiUrl: emulator.url, name: 'new-agent' })
    expect(result.outcome).toBe('error')
    expect(result.message).toContain('integration-id: is required to create a git_host deployment')
    expect(result.message).toContain('graph-config-path: is required')
    expect(emulator.requests.filter((r) => r.method !== 'GET')).toHaveLength(0)
  })

  it('renders a refused key with its status and a hint, never the key', async () => {
    const { result } = await runDeploy(gitHost(), { apiKey: 'wrong-key-123' })
    expect(result.outcome).toBe('error')
    expect(result.message).toContain('GET /v2/deployments failed with HTTP 401')
    expect(result.message).toContain('check api-key')
    expect(result.message).not.toContain('wrong-key-123')
  })

  it('turns a taken name into a 409 with the tracing-project hint', async () => {
    const gone = emulator.seedDeployment({ name: 'support-agent' })
    await fetch(`${emulator.url}/v2/deployments/${gone.id}`, {
      method: 'DELETE',
      headers: { 'x-api-key': 'emulator-key' }
    })
    const { result } = await runDeploy(gitHost())
    expect(result.outcome).toBe('error')
    expect(result.message).toContain('POST /v2/deployments failed with HTTP 409')
    expect(result.message).toContain(
      'tracing project a deleted deployment of that name left behind'
    )
  })

  it('retries a GET after 503 and 429, honouring Retry-After', async () => {
    emulator.injectFault({ method: 'GET', path: '/v2/deployments', kind: 'status', status: 503 })
    emulator.injectFault({
      method: 'GET',
      path: '/v2/deployments',
      kind: 'status',
      status: 429,
      retryAfter: '0'
    })
    const { result, log } = await runDeploy(gitHost())
    expect(result.outcome).toBe('deployed')
    expect(log.filter((line) => line.startsWith('retry GET /v2/deployments'))).toEqual([
      'retry GET /v2/deployments: HTTP 503',
      'retry GET /v2/deployments: HTTP 429'
    ])
    expect(emulator.deployments()).toHaveLength(1)
  })

  it('retries a GET whose connection was reset or that outlived its request timeout', async () => {
    emulator.injectFault({ method: 'GET', path: '/v2/deployments', kind: 'reset-before' })
    emulator.injectFault({ method: 'GET', path: /\/revisions\//, kind: 'delay', delayMs: 2_300 })
    const { result, log } = await runDeploy(gitHost())
    expect(result.outcome).toBe('deployed')
    expect(log.filter((line) => line.startsWith('retry GET'))).toEqual([
      expect.stringMatching(/^retry GET \/v2\/deployments: .*(ECONNRESET|socket|closed)/i),
      expect.stringMatching(/^retry GET \/v2\/deployments\/.*\/revisions\/.*: no answer within 2s$/)
    ])
  })

  it('renders a 422 detail list as loc: msg lines', async () => {
    emulator.injectFault({
      method: 'POST',
      kind: 'status',
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'source_config', 'integration_id'],
            msg: 'Integration not found',
            type: 'value_error'
          },
          { loc: ['body', 'name'], msg: 'Name is reserved', type: 'value_error' }
        ]
      }
    })
    const { result } = await runDeploy(gitHost())
    expect(result.message).toBe(
      'POST /v2/deployments failed with HTTP 422:\n  body.source_config.integration_id: Integration not found\n  body.name: Name is reserved'
    )
  })

  it('reads a cut-short body again, and reports one that stays broken naming the path', async () => {
    emulator.injectFault({ method: 'GET', path: '/v2/deployments', kind: 'truncate' })
    const once = await runDeploy(gitHost())
    expect(once.result.outcome).toBe('deployed')
    expect(once.log).toContain('retry GET /v2/deployments: body cut short')
    emulator.injectFault({ method: 'GET', path: '/v2/deployments', kind: 'truncate', times: 5 })
    const { result } = await runDeploy({ ...gitHost(), name: 'other-agent' })
    expect(result.outcome).toBe('error')
    expect(result.message).toBe(
      'GET /v2/deployments answered with an unexpected body: the body is not JSON'
    )
  })
  it('reports JSON of the wrong shape at once, naming the path and the field', async () => {
    emulator.injectFault({
      method: 'GET',
      path: '/v2/deployments',
      kind: 'status',
      status: 200,
      body: { resources: 'none' }
    })
    const { result } = await runDeploy(gitHost())
    expect(result.outcome).toBe('error')
    expect(result.message).toMatch(
      /^GET \/v2\/deployments answered with an unexpected body: resources: /
    )
    expect(emulator.requests.filter((r) => r.path === '/v2/deployments')).toHaveLength(1)
  })
})

describe('deploy through a path prefix and a workspace header', () => {
  it('sends every request under the prefix with X-Tenant-Id', async () => {
    const tenant = '7f1b6a0e-4a8d-4c8f-9a53-1f2e3d4c5b6a'
    const prefixed = await startControlPlane({
      ...onClock,
      stepMs: 20,
      basePath: '/api-host',
      tenantId: tenant
    })
    try {
      const { result } = await runDeploy({
        apiUrl: `${prefixed.url}/`,
        tenantId: tenant,
        name: 'support-agent',
        integrationId: INTEGRATION_ID,
        graphConfigPath: 'graph.json'
      })
      expect(result.outcome).toBe('deployed')
      expect(prefixed.requests.every((r) => r.headers['x-tenant-id'] === tenant)).toBe(true)
      expect(
        prefixed.requests.every((r) => r.headers['user-agent'] === 'deploy-agent-action/test')
      ).toBe(true)
    } finally {
      await prefixed.close()
    }
  })

  it('explains a 403 for a missing workspace', async () => {
    const scoped = await startControlPlane({
      ...onClock,
      tenantId: '7f1b6a0e-4a8d-4c8f-9a53-1f2e3d4c5b6a'
    })
    try {
      const { result } = await runDeploy({ apiUrl: scoped.url, name: 'support-agent' })
      expect(result.message).toContain('failed with HTTP 403')
      expect(result.message).toContain('set tenant-id to the workspace id')
    } finally {
      await scoped.close()
    }
  })
})
