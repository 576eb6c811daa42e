/**
 * What each source reads and refuses: git_host (and the ref it derives), internal_source,
 * external_image, and the inputs that belong to another source.
 */
import { describe, expect, it } from '@jest/globals'
import type { Config } from '../../src/inputs/parse'
import { parseServiceInputs } from '../helpers/service-config'
import { INTEGRATION, LISTENER, branchEnv, gitHost, image, inputsOf, problemsOf } from './steps'

describe('parseInputs', () => {
  it('turns a git_host workflow step into a config with the defaults of action.yml', async () => {
    const config: Config = await parseServiceInputs(
      gitHost({ secrets: 'OPENAI_API_KEY=sk-1=2\n' }),
      branchEnv
    )
    expect(config).toEqual({
      apiUrl: 'https://control.example.com',
      apiKey: 'key-123',
      name: 'support-agent',
      source: 'git_host',
      repoUrl: 'https://github.com/acme/support-agent',
      integrationId: INTEGRATION,
      repoRef: 'main',
      graphConfigPath: 'graph.json',
      secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-1=2' }],
      wait: true,
      timeoutMs: 30 * 60_000,
      pollIntervalMs: 10_000,
      logLines: 50,
      operation: 'deploy',
      dryRun: false,
      sourceDir: '.',
      deleteTracingProject: false,
      agent: undefined,
      rollback: { onFailure: false, timeoutMs: 15 * 60_000 },
      github: undefined,
      warnings: [],
      notices: []
    })
  })

  it.each([
    [
      'a branch push',
      { GITHUB_REF: 'refs/heads/release/2.x', GITHUB_EVENT_NAME: 'push' },
      'release/2.x'
    ],
    [
      'a release tag',
      { GITHUB_REF: 'refs/tags/v1.2.3', GITHUB_EVENT_NAME: 'push' },
      'refs/tags/v1.2.3'
    ],
    [
      'a pull request',
      {
        GITHUB_REF: 'refs/pull/7/merge',
        GITHUB_HEAD_REF: 'feature/x',
        GITHUB_EVENT_NAME: 'pull_request'
      },
      'feature/x'
    ],
    [
      'a pull_request_target run',
      {
        GITHUB_REF: 'refs/heads/main',
        GITHUB_HEAD_REF: 'fix',
        GITHUB_EVENT_NAME: 'pull_request_target'
      },
      'fix'
    ]
  ])('derives repo-ref from %s', async (_, env, expected) => {
    expect((await parseServiceInputs(gitHost(), env)).repoRef).toBe(expected)
  })

  it.each([
    ['main', 'main'],
    ['refs/heads/main', 'main'],
    ['refs/tags/v2.0.0', 'refs/tags/v2.0.0']
  ])('sends an explicit repo-ref %s as %s', async (given, expected) => {
    expect((await parseServiceInputs(gitHost({ 'repo-ref': given }), branchEnv)).repoRef).toBe(
      expected
    )
  })

  it('refuses a workflow ref that is neither branch nor tag, naming repo-ref', async () => {
    const problems = await problemsOf(gitHost(), {
      GITHUB_REF: 'refs/pull/7/merge',
      GITHUB_EVENT_NAME: 'merge_group'
    })
    expect(problems).toEqual([
      "repo-ref: is required: the workflow's ref (refs/pull/7/merge) is neither a branch nor a tag"
    ])
  })

  it('refuses build-on-push with a tag, derived or explicit', async () => {
    expect(
      await problemsOf(gitHost({ 'build-on-push': 'true' }), { GITHUB_REF: 'refs/tags/v1' })
    ).toEqual([
      'build-on-push: cannot be true when deploying the tag refs/tags/v1 (a tag is never pushed again)'
    ])
    expect(
      inputsOf(await problemsOf(gitHost({ 'build-on-push': 'true', 'repo-ref': 'refs/tags/v1' })))
    ).toEqual(['build-on-push'])
    expect(
      (
        await parseServiceInputs(gitHost({ 'build-on-push': 'false' }), {
          GITHUB_REF: 'refs/tags/v1'
        })
      ).buildOnPush
    ).toBe(false)
  })

  it('refuses inputs of another source by name', async () => {
    const fromImage = await problemsOf(
      image({
        'integration-id': INTEGRATION,
        'deployment-type': 'dev',
        'build-on-push': 'false',
        'repo-url': 'https://github.com/a/b',
        'repo-ref': 'main',
        'graph-config-path': 'graph.json'
      })
    )
    expect(inputsOf(fromImage).sort()).toEqual(
      [
        'build-on-push',
        'deployment-type',
        'graph-config-path',
        'integration-id',
        'repo-ref',
        'repo-url'
      ].sort()
    )
    const fromGitHost = await problemsOf(
      gitHost({
        'image-uri': 'x:1',
        'listener-id': LISTENER,
        'k8s-namespace': 'agents',
        'custom-url': 'https://a.example.com',
        'resource-spec': 'cpu: 1'
      })
    )
    expect(inputsOf(fromGitHost).sort()).toEqual(
      ['custom-url', 'image-uri', 'k8s-namespace', 'listener-id', 'resource-spec'].sort()
    )
    expect(
      inputsOf(await problemsOf(image({ source: 'internal_image', 'listener-id': LISTENER })))
    ).toEqual(['listener-id'])
  })

  it('refuses an unknown source', async () => {
    expect(await problemsOf(gitHost({ source: 'docker' }))).toEqual([
      'source: must be one of git_host, external_image, internal_image, internal_source'
    ])
    expect(
      inputsOf(await problemsOf(gitHost({ source: 'internal_source', 'image-uri': 'x:1' })))
    ).toEqual(['integration-id', 'image-uri'])
  })

  it('reads an internal_source step, and refuses source-dir and build commands where they mean nothing', async () => {
    const config = await parseServiceInputs(
      gitHost({
        source: 'internal_source',
        'integration-id': '',
        'source-dir': 'apps/agent',
        'install-command': 'npm ci',
        'build-command': 'npm run build'
      }),
      {}
    )
    expect(config).toMatchObject({
      source: 'internal_source',
      sourceDir: 'apps/agent',
      graphConfigPath: 'graph.json',
      installCommand: 'npm ci',
      buildCommand: 'npm run build'
    })
    expect(config.repoRef).toBeUndefined()
    expect(inputsOf(await problemsOf(gitHost({ 'source-dir': 'apps/agent' })))).toEqual([
      'source-dir'
    ])
    expect(inputsOf(await problemsOf(image({ 'install-command': 'npm ci' })))).toEqual([
      'install-command'
    ])
  })

  it('parses an external_image step with listener, namespace, URL and resource spec', async () => {
    const config = await parseServiceInputs(
      image({
        'listener-id': LISTENER,
        'k8s-namespace': 'agents',
        'custom-url': 'https://agent.example.com',
        'resource-spec': 'cpu: 1.04\nmemory_mb: 1024\nlabels:\n  team: support\n'
      }),
      {}
    )
    expect(config).toMatchObject({
      source: 'external_image',
      imageUri: 'registry.example.com/agent:1.2.3',
      listenerId: LISTENER,
      k8sNamespace: 'agents',
      customUrl: 'https://agent.example.com',
      resourceSpec: { cpu: 1, memory_mb: 1024, labels: { team: 'support' } }
    })
    expect(config.repoRef).toBeUndefined()
    expect(config.repoUrl).toBeUndefined()
  })
})
