import { describe, expect, it } from '@jest/globals'
import type { Deployment } from '../../src/control-plane/schemas'
import { InputError } from '../../src/inputs/parse'
import { parseResourceSpec } from '../../src/inputs/resource-spec'
import { planDeployment } from '../../src/operations/plan'
import { configFor, type ConfigPartial } from '../helpers/config-fixture'
import { openApiValidator } from '../../emulator/openapi'

const INTEGRATION = '123e4567-e89b-42d3-a456-426614174000'
const LISTENER = '9d2f4c1e-6a55-4f0b-8e4c-0a3d2b1c7e11'
const env = {
  GITHUB_REF: 'refs/heads/main',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'acme/agent'
}
const validate = openApiValidator()

const config = (given: ConfigPartial, workflowEnv: Record<string, string> = env) =>
  configFor({ apiUrl: 'https://cp.example.com', apiKey: 'k', name: 'agent', ...given }, workflowEnv)

const existing = (overrides: Partial<Deployment> = {}): Deployment => ({
  id: '0b7c5f57-3d0e-4a5f-9f51-2b0d4b2f6c10',
  name: 'agent',
  source: 'git_host',
  status: 'READY',
  source_config: { integration_id: INTEGRATION, build_on_push: false },
  source_revision_config: { repo_ref: 'main' },
  latest_revision_id: '5e0f3c4a-1111-4a5f-9f51-2b0d4b2f6c10',
  active_revision_id: '5e0f3c4a-1111-4a5f-9f51-2b0d4b2f6c10',
  ...overrides
})

const gitHostInputs: ConfigPartial = {
  integrationId: INTEGRATION,
  graphConfigPath: 'graph.json',
  deploymentType: 'dev',
  buildOnPush: true,
  secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-test' }]
}
const externalInputs: ConfigPartial = {
  source: 'external_image',
  imageUri: 'registry.example.com/agent:2',
  listenerId: LISTENER,
  k8sNamespace: 'agents',
  customUrl: 'https://agent.example.com',
  resourceSpec: parseResourceSpec(
    'cpu: 2\nmemory_mb: 2048\nmax_scale: 3\nvolumes:\n  - name: cache\n    emptyDir: {}\n'
  ).spec
}

describe('planDeployment', () => {
  it('creates a git_host deployment with every field, secrets [] when none are given', async () => {
    const plan = planDeployment(config({ ...gitHostInputs, secrets: undefined }), undefined)
    expect(plan).toEqual({
      kind: 'create',
      notices: [],
      body: {
        name: 'agent',
        source: 'git_host',
        source_config: {
          integration_id: INTEGRATION,
          repo_url: 'https://github.com/acme/agent',
          deployment_type: 'dev',
          build_on_push: true
        },
        source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
        secrets: []
      }
    })
  })

  it('sends build_on_push false on create from a release tag', async () => {
    const plan = planDeployment(
      config(
        { ...gitHostInputs, buildOnPush: undefined },
        { ...env, GITHUB_REF: 'refs/tags/v1.0.0' }
      ),
      undefined
    )
    expect(plan.body).toMatchObject({
      source_config: { build_on_push: false },
      source_revision_config: { repo_ref: 'refs/tags/v1.0.0' }
    })
  })

  it('patches a git_host deployment with only what PATCH may carry', async () => {
    const plan = planDeployment(config(gitHostInputs), existing())
    expect(plan).toEqual({
      kind: 'update',
      deploymentId: existing().id,
      notices: [],
      body: {
        source_config: { build_on_push: true },
        source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
        secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-test' }]
      }
    })
  })

  it('turns build_on_push off, with a notice, when an update moves to a tag', async () => {
    const plan = planDeployment(
      config({ ...gitHostInputs, buildOnPush: undefined }, { GITHUB_REF: 'refs/tags/v2' }),
      existing({ source_config: { build_on_push: true } })
    )
    expect(plan.body).toMatchObject({ source_config: { build_on_push: false } })
    expect(plan.notices).toEqual([expect.stringContaining('build_on_push of agent is turned off')])
  })

  it('notices create-only inputs that differ from the deployment, and does not send them', async () => {
    const plan = planDeployment(
      config({ ...gitHostInputs, deploymentType: 'prod' }),
      existing({ source_config: { integration_id: INTEGRATION, deployment_type: 'dev' } })
    )
    expect(plan.notices).toEqual([
      expect.stringMatching(
        /^deployment-type of agent can only be set when the deployment is created/
      )
    ])
    expect(JSON.stringify(plan.body)).not.toContain('deployment_type')
  })

  it('creates and patches an external_image deployment', async () => {
    const create = planDeployment(config(externalInputs, {}), undefined)
    expect(create.body).toEqual({
      name: 'agent',
      source: 'external_image',
      source_config: {
        listener_id: LISTENER,
        listener_config: { k8s_namespace: 'agents' },
        custom_url: 'https://agent.example.com',
        resource_spec: {
          cpu: 2,
          memory_mb: 2048,
          max_scale: 3,
          volumes: [{ name: 'cache', emptyDir: {} }]
        }
      },
      source_revision_config: { image_uri: 'registry.example.com/agent:2' },
      secrets: []
    })
    const update = planDeployment(
      config(externalInputs, {}),
      existing({ source: 'external_image', source_config: { listener_id: LISTENER } })
    )
    expect(update.body).toEqual({
      source_config: {
        custom_url: 'https://agent.example.com',
        resource_spec: {
          cpu: 2,
          memory_mb: 2048,
          max_scale: 3,
          volumes: [{ name: 'cache', emptyDir: {} }]
        }
      },
      source_revision_config: { image_uri: 'registry.example.com/agent:2' }
    })
  })

  it('names every input a create still needs, before anything is sent', async () => {
    const missingInputs = (run: () => unknown): string[] => {
      try {
        run()
      } catch (error) {
        if (error instanceof InputError) return error.problems.map((p) => p.input)
        throw error
      }
      throw new Error('the plan was made')
    }
    const defaults = config({})
    const noRepository = config({}, { GITHUB_REF: 'refs/heads/main' })
    const internalImage = config({ source: 'internal_image' }, {})
    expect(missingInputs(() => planDeployment(defaults, undefined))).toEqual([
      'integration-id',
      'graph-config-path'
    ])
    expect(missingInputs(() => planDeployment(noRepository, undefined))).toEqual([
      'integration-id',
      'repo-url',
      'graph-config-path'
    ])
    expect(missingInputs(() => planDeployment(internalImage, undefined))).toEqual(['image-uri'])
    // An update needs none of them.
    expect(planDeployment(config({}), existing()).kind).toBe('update')
  })

  it('refuses an update that would create no revision, and a change of source', async () => {
    const noImage = config({ source: 'external_image', customUrl: 'https://a.example.com' }, {})
    expect(() => planDeployment(noImage, existing({ source: 'external_image' }))).toThrow(
      /image-uri: nothing to deploy/
    )
    const otherSource = config({ source: 'internal_image', imageUri: 'x:1' }, {})
    expect(() => planDeployment(otherSource, existing())).toThrow(
      /source: is internal_image, but the deployment agent .* has source git_host/
    )
  })

  it.each<[string, ConfigPartial, Record<string, string>, string]>([
    ['git_host', gitHostInputs, env, 'git_host'],
    [
      'git_host from a tag',
      { ...gitHostInputs, buildOnPush: undefined },
      { ...env, GITHUB_REF: 'refs/tags/v3' },
      'git_host'
    ],
    ['external_image', externalInputs, {}, 'external_image'],
    [
      'internal_image',
      { source: 'internal_image', imageUri: 'agent:3', secrets: [{ name: 'A', value: 'b' }] },
      {},
      'internal_image'
    ],
    [
      'internal_source',
      {
        source: 'internal_source',
        graphConfigPath: 'graph.json',
        installCommand: 'npm ci',
        buildCommand: 'npm run build',
        secrets: [{ name: 'A', value: 'b' }]
      },
      {},
      'internal_source'
    ]
  ])(
    'sends %s bodies that the published schema accepts',
    async (_, inputs, workflowEnv, source) => {
      const parsed = config(inputs, workflowEnv)
      const create = planDeployment(parsed, undefined)
      expect(validate('DeploymentCreateRequest', create.body)).toEqual([])
      const update = planDeployment(parsed, existing({ source, source_config: {} }))
      const patches = [
        update.body,
        create.sourcePatch?.('uploads/x.tar.gz'),
        update.sourcePatch?.('uploads/y.tar.gz')
      ]
      const sent = patches.filter((body) => body !== undefined)
      expect(sent.length).toBeGreaterThan(0)
      for (const body of sent) expect(validate('DeploymentPatchRequest', body)).toEqual([])
    }
  )

  it('has a validator that does refuse what the schema does not allow', async () => {
    expect(
      validate('DeploymentPatchRequest', { source_config: { listener_idx: 'a' } })
    ).not.toEqual([])
    expect(validate('DeploymentCreateRequest', { name: 'a' })).not.toEqual([])
  })
})
