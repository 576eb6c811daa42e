import { afterEach, describe, expect, it } from '@jest/globals'
import {
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions,
  type Deployment
} from '../emulator'
import { openApiValidator } from '../emulator/openapi'
import { ControlPlaneClient } from '../src/control-plane/client'
import { sleep } from '../src/control-plane/retry'
import type { OutputName, RawInputs } from '../src/inputs/contract'
import { InputError, parseInputs } from '../src/inputs/parse'
import { NO_SECRETS } from '../src/report/redact'
import { renderDeploySummary } from '../src/report/summary'
import { deliver, type Delivery } from '../src/safe-delivery'
import { rawInputs } from './helpers/action-yml'
import { BRANCH_ENV } from './helpers/deploy-harness'

const validate = openApiValidator()
const INTEGRATION = { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
const DIGEST = 'registry.example.com/acme/agent@sha256:' + 'ab'.repeat(32)
let cp: ControlPlaneEmulator | undefined
afterEach(async () => {
  await cp?.close()
  cp = undefined
})

async function start(options: ControlPlaneOptions = {}): Promise<ControlPlaneEmulator> {
  cp = await startControlPlane({ stepMs: 5, ...options })
  return cp
}

interface Run extends Delivery {
  outputs: Partial<Record<OutputName, string>>
  log: string[]
}

/** deliver() as execute() runs it for operation promote, in process, polling fast. */
async function runPromote(given: Partial<RawInputs>): Promise<Run> {
  const parsed = await parseInputs(
    rawInputs({
      'api-key': 'emulator-key',
      'api-url': cp?.url ?? '',
      operation: 'promote',
      name: 'prod',
      'from-deployment': 'staging',
      ...given
    }),
    BRANCH_ENV
  )
  const config = { ...parsed, pollIntervalMs: 20 }
  const outputs: Run['outputs'] = {}
  const log: string[] = []
  const client = new ControlPlaneClient({
    baseUrl: config.apiUrl,
    apiKey: config.apiKey,
    userAgent: 'deploy-agent-action/test',
    requestTimeoutMs: 1_000,
    backoff: { baseMs: 10, maxMs: 50 }
  })
  const delivery = await deliver(config, {
    client,
    io: {
      info: (message) => log.push(message),
      notice: (message) => log.push(`notice: ${message}`),
      warning: (message) => log.push(`warning: ${message}`),
      setOutput: (name, value) => {
        outputs[name] = value
      }
    },
    startedAt: Date.now(),
    now: Date.now,
    sleep
  })
  return { ...delivery, outputs, log }
}

/** Requests that change state: none may be sent when a promote is refused. */
const writes = (controlPlane: ControlPlaneEmulator) =>
  controlPlane.requests.filter((request) => request.method !== 'GET')

const patches = (controlPlane: ControlPlaneEmulator) =>
  controlPlane.requests.filter((request) => request.method === 'PATCH')

/** Every body sent is valid against the published schema, as the emulator itself checks it. */
function expectSchemaValid(controlPlane: ControlPlaneEmulator) {
  expect(patches(controlPlane).length).toBeGreaterThan(0)
  for (const request of writes(controlPlane)) {
    if (request.method === 'PATCH')
      expect(validate('DeploymentPatchRequest', request.body)).toEqual([])
    else if (request.path.endsWith('/redeploy')) expect(request.body ?? null).toBeNull()
    else throw new Error(`unexpected ${request.method} ${request.path}`)
    expect(request.status).toBe(200)
  }
}

const activeOf = (deployment: Deployment) => String(deployment.active_revision_id)

function seedImages(controlPlane: ControlPlaneEmulator, source = 'external_image') {
  const staging = controlPlane.seedDeployment({
    name: 'staging',
    source,
    source_revision_config: { image_uri: DIGEST }
  })
  const prod = controlPlane.seedDeployment({
    name: 'prod',
    source,
    source_revision_config: { image_uri: 'registry.example.com/acme/agent:1.0' }
  })
  return { staging, prod }
}

function seedGitHost(controlPlane: ControlPlaneEmulator, stagingRef = 'refs/tags/v1.2.0') {
  const staging = controlPlane.seedDeployment({
    name: 'staging',
    source_config: INTEGRATION,
    source_revision_config: { repo_ref: stagingRef, graph_config_path: 'agent/graph.json' }
  })
  const prod = controlPlane.seedDeployment({
    name: 'prod',
    source_config: INTEGRATION,
    source_revision_config: { repo_ref: 'refs/tags/v1.1.0', graph_config_path: 'graph.json' }
  })
  return { staging, prod }
}

describe('operation promote against the emulator', () => {
  it('patches the target with exactly the image the source serves, a digest kept a digest', async () => {
    const controlPlane = await start()
    const { staging, prod } = seedImages(controlPlane)
    const run = await runPromote({})
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      { source_revision_config: { image_uri: DIGEST } }
    ])
    expect(patches(controlPlane)[0]?.path).toBe(`/v2/deployments/${prod.id}`)
    expectSchemaValid(controlPlane)
    const [promoted] = controlPlane.revisions(prod.id)
    expect(promoted?.source_revision_config.image_uri).toBe(DIGEST)
    expect(run.result).toMatchObject({
      outcome: 'deployed',
      deploymentId: prod.id,
      revisionId: promoted?.id,
      previousRevisionId: activeOf(prod),
      promotion: {
        fromDeploymentId: staging.id,
        fromDeploymentName: 'staging',
        fromRevisionId: activeOf(staging),
        source: 'external_image',
        promoted: DIGEST
      }
    })
    expect(run.checks?.failure).toBeUndefined()
    expect(run.outputs).toMatchObject({
      'promoted-from': activeOf(staging),
      'revision-id': promoted?.id,
      'previous-revision-id': activeOf(prod),
      'revision-status': 'DEPLOYED'
    })
    expect(run.result.message).toContain(
      `It runs image ${DIGEST}, promoted from revision ${activeOf(staging)} of staging.`
    )
    // The summary names the source deployment, its revision and the image.
    const summary = renderDeploySummary(run.result, 'git_host', {}, NO_SECRETS)
    expect(summary).toContain('| Source | external\\_image |')
    expect(summary).toContain(`| Promoted from | staging (${staging.id}) |`)
    expect(summary).toContain(`| Its revision | ${activeOf(staging)} |`)
    expect(summary).toContain('| Image promoted | registry.example.com/acme/agent\\@sha256:ab')
  })

  it('finds the source by id as well as by name', async () => {
    const controlPlane = await start()
    const { staging } = seedImages(controlPlane, 'internal_image')
    const run = await runPromote({ 'from-deployment': staging.id })
    expect(run.result.outcome).toBe('deployed')
    expect(run.outputs['promoted-from']).toBe(activeOf(staging))
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      { source_revision_config: { image_uri: DIGEST } }
    ])
  })

  it('git_host: patches with the source revision ref, and checks the new revision built its commit', async () => {
    const controlPlane = await start()
    const { staging, prod } = seedGitHost(controlPlane)
    const run = await runPromote({ 'deployment-id': prod.id, name: '' })
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      {
        source_revision_config: {
          repo_ref: 'refs/tags/v1.2.0',
          graph_config_path: 'agent/graph.json'
        }
      }
    ])
    expectSchemaValid(controlPlane)
    const commit = controlPlane.commitOf('refs/tags/v1.2.0')
    const [promoted] = controlPlane.revisions(prod.id)
    expect(promoted?.source_revision_config.repo_commit_sha).toBe(commit)
    expect(run.result).toMatchObject({
      outcome: 'deployed',
      promotion: { fromRevisionId: activeOf(staging), fromCommit: commit, commit }
    })
    expect(run.result.promotion?.failure).toBeUndefined()
    expect(run.checks?.failure).toBeUndefined()
    expect(run.log).toContainEqual(expect.stringMatching(/^Commit check: .* commit [0-9a-f]{40}/))
    const summary = renderDeploySummary(run.result, 'git_host', {}, NO_SECRETS)
    expect(summary).toContain(`| Commit | ${commit} |`)
    expect(summary).toContain('| Ref promoted | refs/tags/v1.2.0 |')
  })

  it('git_host: a ref that moved fails the step naming both commits, and rollback-on-failure brings the old revision back', async () => {
    const controlPlane = await start()
    const { staging, prod } = seedGitHost(controlPlane, 'main')
    const verified = controlPlane.commitOf('main')
    const pushed = controlPlane.moveRef('main')
    const run = await runPromote({ 'rollback-on-failure': 'true' })
    const [rollbackRevision, promoted] = controlPlane.revisions(prod.id)
    expect(promoted?.source_revision_config).toMatchObject({
      repo_ref: 'main',
      repo_commit_sha: pushed
    })
    expect(run.result.outcome).toBe('deployed')
    expect(run.result.promotion?.failure).toBe(run.checks?.failure)
    expect(run.checks?.failure).toContain(`built from commit ${pushed}`)
    expect(run.checks?.failure).toContain(
      `revision ${activeOf(staging)} of staging was built from commit ${verified}`
    )
    expect(run.result.message).not.toContain('It runs')
    // rollback-on-failure applies as for a failed check: the revision that served comes back.
    expect(controlPlane.redeploys().map((request) => request.path)).toEqual([
      `/v2/deployments/${prod.id}/revisions/${activeOf(prod)}/redeploy`
    ])
    expect(run.rollback).toMatchObject({
      failedRevisionId: promoted?.id,
      toRevisionId: activeOf(prod),
      revisionId: rollbackRevision?.id,
      outcome: 'deployed'
    })
    expectSchemaValid(controlPlane)
    const summary = renderDeploySummary(run.result, 'git_host', {}, NO_SECRETS)
    expect(summary).toContain(`| Commit built instead | ${pushed} |`)
  })

  it('internal_source: reuses the tarball the source revision was built from', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({
      name: 'staging',
      source: 'internal_source',
      source_revision_config: {
        graph_config_path: 'graph.json',
        source_tarball_path: 'uploads/staging/build-7.tar.gz'
      }
    })
    controlPlane.seedDeployment({ name: 'prod', source: 'internal_source' })
    const run = await runPromote({})
    expect(run.result.outcome).toBe('deployed')
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      {
        source_revision_config: {
          source_tarball_path: 'uploads/staging/build-7.tar.gz',
          graph_config_path: 'graph.json'
        }
      }
    ])
    expectSchemaValid(controlPlane)
  })

  it('git_host: turns build_on_push off when the target follows the promoted tag from now on', async () => {
    const controlPlane = await start()
    seedGitHost(controlPlane)
    controlPlane.seedDeployment({
      name: 'prod-2',
      source_config: { ...INTEGRATION, build_on_push: true },
      source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' }
    })
    const run = await runPromote({ name: 'prod-2' })
    expect(run.result.outcome).toBe('deployed')
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      {
        source_config: { build_on_push: false },
        source_revision_config: {
          repo_ref: 'refs/tags/v1.2.0',
          graph_config_path: 'agent/graph.json'
        }
      }
    ])
    expect(run.log).toContainEqual(
      expect.stringMatching(/^notice: build_on_push of prod-2 is turned off/)
    )
    expectSchemaValid(controlPlane)
  })

  it('sends the secrets given with the promote in the same PATCH', async () => {
    const controlPlane = await start()
    seedImages(controlPlane)
    const run = await runPromote({ secrets: 'OPENAI_API_KEY=sk-prod' })
    expect(run.result.outcome).toBe('deployed')
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      {
        source_revision_config: { image_uri: DIGEST },
        secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-prod' }]
      }
    ])
    expectSchemaValid(controlPlane)
  })

  it('a lost PATCH answer is settled by the safe write: one revision, adopted', async () => {
    const controlPlane = await start()
    const { prod } = seedImages(controlPlane)
    controlPlane.injectFault({ method: 'PATCH', kind: 'reset-after' })
    const run = await runPromote({})
    expect(run.result.outcome).toBe('deployed')
    expect(patches(controlPlane)).toHaveLength(1)
    expect(controlPlane.revisions(prod.id)).toHaveLength(2)
    expect(run.log).toContainEqual(expect.stringContaining('this run created it'))
  })

  it('dry-run prints the PATCH it would send and writes nothing', async () => {
    const controlPlane = await start()
    const { staging, prod } = seedImages(controlPlane)
    const run = await runPromote({ 'dry-run': 'true' })
    expect(writes(controlPlane)).toEqual([])
    expect(run.result.outcome).toBe('dry-run')
    expect(run.result.planLines).toEqual([
      `Would update deployment prod (${prod.id}): PATCH /v2/deployments/${prod.id}`,
      `  source_revision_config.image_uri = ${DIGEST}   ← creates a revision`
    ])
    expect(run.result.message).toContain(`from revision ${activeOf(staging)} of staging`)
    expect(run.outputs['promoted-from']).toBe(activeOf(staging))
  })
})

describe('operation promote refuses, writing nothing', () => {
  const refused = async (
    controlPlane: ControlPlaneEmulator,
    given: Partial<RawInputs>,
    input: string,
    says: string | RegExp
  ) => {
    const run = await runPromote(given)
    expect(writes(controlPlane)).toEqual([])
    expect(run.result.outcome).toBe('error')
    expect(run.result.message).toContain(`  - ${input}: `)
    expect(run.result.message).toMatch(says)
    expect(run.outputs['promoted-from']).toBeUndefined()
    return run
  }

  it('when the two deployments have different sources', async () => {
    const controlPlane = await start()
    seedImages(controlPlane)
    controlPlane.seedDeployment({ name: 'git-staging', source_config: INTEGRATION })
    await refused(
      controlPlane,
      { 'from-deployment': 'git-staging' },
      'from-deployment',
      /has source git_host, but prod .* has source external_image/
    )
  })

  it('when the source does not exist, by name or by id', async () => {
    const controlPlane = await start()
    seedImages(controlPlane)
    await refused(
      controlPlane,
      { 'from-deployment': 'stagin' },
      'from-deployment',
      /no deployment stagin/
    )
    const unknown = '123e4567-e89b-42d3-a456-426614174999'
    await refused(controlPlane, { 'from-deployment': unknown }, 'from-deployment', unknown)
  })

  it('when the source serves nothing', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({ name: 'prod', source: 'internal_image' })
    controlPlane.seedDeployment({
      name: 'staging',
      source: 'internal_image',
      status: 'BUILD_FAILED'
    })
    await refused(controlPlane, {}, 'from-deployment', /serves no revision/)
  })

  it('when source and target are the same deployment, by name or by id', async () => {
    const controlPlane = await start()
    const { prod } = seedImages(controlPlane)
    await refused(
      controlPlane,
      { 'from-deployment': 'prod' },
      'from-deployment',
      /is the deployment promoted to/
    )
    await refused(
      controlPlane,
      { 'from-deployment': prod.id, name: '', 'deployment-id': prod.id },
      'from-deployment',
      /is the deployment promoted to/
    )
  })

  it('when the target does not exist: a promote never creates', async () => {
    const controlPlane = await start()
    seedImages(controlPlane)
    await refused(
      controlPlane,
      { name: 'production' },
      'name',
      /no deployment production to promote to/
    )
  })

  it('a source kind this action cannot promote', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({ name: 'staging', source: 'hosted_notebook' })
    controlPlane.seedDeployment({ name: 'prod', source: 'hosted_notebook' })
    await refused(
      controlPlane,
      {},
      'from-deployment',
      /has source hosted_notebook, which this action cannot promote/
    )
  })

  it('internal_source whose revision shows no tarball path', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({
      name: 'staging',
      source: 'internal_source',
      source_revision_config: { graph_config_path: 'graph.json' }
    })
    controlPlane.seedDeployment({ name: 'prod', source: 'internal_source' })
    await refused(controlPlane, {}, 'from-deployment', /shows no source_tarball_path/)
  })

  it('git_host whose revision shows no commit (nothing could check the build)', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({
      name: 'staging',
      source_config: INTEGRATION,
      history: [{ source_revision_config: { repo_commit_sha: null } }]
    })
    controlPlane.seedDeployment({ name: 'prod', source_config: INTEGRATION })
    await refused(controlPlane, {}, 'from-deployment', /shows no repo_commit_sha/)
  })
})

describe('promote inputs', () => {
  const problems = async (given: Partial<RawInputs>) => {
    const parsing = parseInputs(
      rawInputs({ 'api-url': 'http://127.0.0.1:1', 'api-key': 'k', name: 'prod', ...given }),
      BRANCH_ENV
    )
    const error = await parsing.then(
      () => undefined,
      (thrown: unknown) => thrown
    )
    expect(error).toBeInstanceOf(InputError)
    return (error as InputError).problems
  }

  it('refuses from-deployment without operation promote, and operation promote without it', async () => {
    expect(await problems({ 'from-deployment': 'staging' })).toEqual([
      { input: 'from-deployment', message: 'is only for operation promote, not deploy' }
    ])
    expect(await problems({ operation: 'promote' })).toEqual([
      {
        input: 'from-deployment',
        message:
          'is required with operation promote (the deployment whose serving revision is promoted)'
      }
    ])
  })

  it('refuses what says what to build, wait: false, and a from-deployment that is neither name nor id', async () => {
    const found = await problems({
      operation: 'promote',
      'from-deployment': 'Staging!',
      source: 'external_image',
      'image-uri': 'x:1',
      wait: 'false'
    })
    expect(found.map((problem) => problem.input)).toEqual([
      'from-deployment',
      'source',
      'image-uri',
      'wait'
    ])
  })
})
