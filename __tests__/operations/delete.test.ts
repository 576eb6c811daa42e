import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { parseInputs, InputError } from '../../src/inputs/parse'
import { rawInputs } from '../helpers/action-yml'
import { gitHostConfig } from '../helpers/config-fixture'
import { BRANCH_ENV, INTEGRATION_ID, onClock, runDeploy } from '../helpers/deploy-harness'

let emulator: ControlPlaneEmulator
beforeEach(async () => {
  emulator = await startControlPlane({ ...onClock, stepMs: 10 })
})
afterEach(async () => {
  await emulator.close()
})

const gitHost = () => ({
  ...gitHostConfig(emulator.url, 'preview-pr-7'),
  secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-dry-run-secret' }]
})
const mutating = () => emulator.requests.filter((r) => r.method !== 'GET')

describe('dry-run', () => {
  it('prints the create it would send, with secret values hidden, and sends nothing that changes state', async () => {
    const { result, outputs, log } = await runDeploy({ ...gitHost(), dryRun: true })
    expect(result.outcome).toBe('dry-run')
    expect(mutating()).toEqual([])
    expect(outputs).toEqual({ created: 'false' })
    expect(result.planLines).toEqual([
      'Would create deployment preview-pr-7 (source git_host): POST /v2/deployments',
      '  name = preview-pr-7',
      '  source = git_host',
      `  source_config.integration_id = ${INTEGRATION_ID}`,
      '  source_config.repo_url = https://github.com/acme/support-agent',
      '  source_revision_config.repo_ref = main',
      '  source_revision_config.graph_config_path = graph.json',
      '  secrets = OPENAI_API_KEY=***',
      '  (creates the deployment and its first revision)'
    ])
    expect(log.join('\n')).not.toContain('sk-dry-run-secret')
  })

  it('prints the PATCH it would send to an existing deployment and marks what creates a revision', async () => {
    const existing = emulator.seedDeployment({ name: 'preview-pr-7' })
    const { result, outputs } = await runDeploy({ ...gitHost(), dryRun: true })
    expect(result.outcome).toBe('dry-run')
    expect(mutating()).toEqual([])
    expect(outputs).toEqual({
      created: 'false',
      'deployment-id': existing.id,
      'previous-revision-id': existing.active_revision_id
    })
    expect(result.planLines).toEqual([
      `Would update deployment preview-pr-7 (${existing.id}): PATCH /v2/deployments/${existing.id}`,
      '  source_revision_config.repo_ref = main   ← creates a revision',
      '  source_revision_config.graph_config_path = graph.json   ← creates a revision',
      '  secrets = OPENAI_API_KEY=***   ← creates a revision',
      'Note: integration-id of preview-pr-7 can only be set when the deployment is created; the deployment keeps its current value. To change it, delete the deployment or deploy under another name.'
    ])
  })
})

describe('operation: delete', () => {
  it('deletes the deployment of exactly that name and keeps its tracing project by default', async () => {
    emulator.seedDeployment({ name: 'preview-pr-70' })
    const target = emulator.seedDeployment({ name: 'preview-pr-7' })
    const { result, outputs } = await runDeploy({
      apiUrl: emulator.url,
      name: 'preview-pr-7',
      operation: 'delete'
    })
    expect(result.outcome).toBe('deleted')
    expect(outputs['deployment-id']).toBe(target.id)
    expect(emulator.deployments().map((d) => d.name)).toEqual(['preview-pr-70'])
    expect(mutating().map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /v2/deployments/${target.id}`
    ])
    expect(emulator.tracingProjects()).toContain('preview-pr-7')
    expect(result.message).toContain('the name preview-pr-7 stays taken')
  })

  it('deletes the tracing project too when asked, so the name can be created again', async () => {
    emulator.seedDeployment({ name: 'preview-pr-7' })
    const { result } = await runDeploy({
      apiUrl: emulator.url,
      name: 'preview-pr-7',
      operation: 'delete',
      deleteTracingProject: true
    })
    expect(result).toMatchObject({ outcome: 'deleted' })
    expect(mutating()[0]?.query).toEqual({ delete_tracing_project: 'true' })
    expect(emulator.tracingProjects()).not.toContain('preview-pr-7')
    const again = await runDeploy(gitHost())
    expect(again.result.outcome).toBe('deployed')
  })

  it('succeeds with nothing sent when the deployment is already absent', async () => {
    const byName = await runDeploy({
      apiUrl: emulator.url,
      name: 'preview-pr-7',
      operation: 'delete'
    })
    expect(byName.result.outcome).toBe('absent')
    expect(byName.outputs['deployment-id']).toBe('')
    const byId = await runDeploy({
      apiUrl: emulator.url,
      deploymentId: '3f0c2b4e-9d7a-4c1e-8b6f-2a5d7e9c1b30',
      operation: 'delete'
    })
    expect(byId.result.outcome).toBe('absent')
    expect(mutating()).toEqual([])
  })

  it('only says what it would delete with dry-run', async () => {
    const target = emulator.seedDeployment({ name: 'preview-pr-7' })
    const { result } = await runDeploy({
      apiUrl: emulator.url,
      name: 'preview-pr-7',
      operation: 'delete',
      dryRun: true
    })
    expect(result.outcome).toBe('dry-run')
    expect(result.planLines).toEqual([
      `Would delete deployment preview-pr-7 (${target.id}): DELETE /v2/deployments/${target.id}`
    ])
    expect(mutating()).toEqual([])
  })

  it('refuses deploy-only inputs by name', async () => {
    await expect(
      parseInputs(
        rawInputs({
          'api-url': 'https://cp.example.com',
          'api-key': 'k',
          name: 'a',
          operation: 'delete',
          'image-uri': 'x:1',
          secrets: 'A=1',
          source: 'external_image'
        }),
        BRANCH_ENV
      )
    ).rejects.toThrow(InputError)
    let problems: unknown
    try {
      await parseInputs(
        rawInputs({
          'api-url': 'https://cp.example.com',
          'api-key': 'k',
          name: 'a',
          operation: 'delete',
          'graph-config-path': 'g.json',
          secrets: 'A=1'
        }),
        BRANCH_ENV
      )
    } catch (error) {
      problems = (error as InputError).problems
    }
    {
      expect(problems).toEqual([
        { input: 'graph-config-path', message: 'is for operation deploy, not delete' },
        { input: 'secrets', message: 'is for operation deploy, not delete' }
      ])
    }
    await expect(
      parseInputs(
        rawInputs({
          'api-url': 'https://cp.example.com',
          'api-key': 'k',
          name: 'a',
          'delete-tracing-project': 'true'
        }),
        BRANCH_ENV
      )
    ).rejects.toThrow('delete-tracing-project: is only for operation delete')
  })

  it('names the way out in a 409 after a delete that kept the tracing project', async () => {
    const gone = emulator.seedDeployment({ name: 'preview-pr-7' })
    await runDeploy({ apiUrl: emulator.url, deploymentId: gone.id, operation: 'delete' })
    const { result } = await runDeploy(gitHost())
    expect(result.message).toContain('failed with HTTP 409')
    expect(result.message).toContain('delete-tracing-project: true')
  })
})
