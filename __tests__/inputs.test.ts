import { describe, expect, it } from '@jest/globals'
import { InputError, type Config } from '../src/inputs/parse'
import { parseServiceInputs } from './helpers/service-config'
import type { RawInputs } from '../src/inputs/contract'
import { rawInputs } from './helpers/action-yml'
import { configOfStep } from './helpers/policy-file'

const INTEGRATION = '123e4567-e89b-42d3-a456-426614174000'
const LISTENER = '9d2f4c1e-6a55-4f0b-8e4c-0a3d2b1c7e11'
const branchEnv = {
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'acme/support-agent'
}

const gitHost = (given: Partial<RawInputs> = {}) =>
  rawInputs({
    'api-url': 'https://control.example.com/',
    'api-key': 'key-123',
    name: 'support-agent',
    'integration-id': INTEGRATION,
    'graph-config-path': 'graph.json',
    ...given
  })

const image = (given: Partial<RawInputs> = {}) =>
  rawInputs({
    'api-url': 'https://control.example.com',
    'api-key': 'key-123',
    name: 'image-agent',
    source: 'external_image',
    'image-uri': 'registry.example.com/agent:1.2.3',
    ...given
  })

/** The problems of inputs that must be refused, as `input: message` lines. */
async function problemsOf(
  raw: RawInputs,
  env: Record<string, string> = branchEnv
): Promise<string[]> {
  try {
    await parseServiceInputs(raw, env)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as InputError).problems.map((p) => `${p.input}: ${p.message}`)
  }
  throw new Error('the inputs were accepted')
}

function inputsOf(problems: string[]): string[] {
  return problems.map((line) => line.split(':')[0] ?? '')
}

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
      verify: undefined,
      rollbackOnFailure: false,
      rollbackTimeoutMs: 15 * 60_000,
      github: undefined,
      warnings: [],
      notices: []
    })
  })

  it('keeps a path prefix of api-url and drops trailing slashes', async () => {
    const config = await parseServiceInputs(
      gitHost({ 'api-url': 'https://host.example.com/api-host//' }),
      branchEnv
    )
    expect(config.apiUrl).toBe('https://host.example.com/api-host')
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

  it('lists every problem at once, each with its input name', async () => {
    const problems = await problemsOf(
      rawInputs({
        'api-url': 'ftp://control.example.com',
        'tenant-id': 'workspace-1',
        name: 'Support_Agent',
        'deployment-id': '42',
        'integration-id': 'abc',
        'deployment-type': 'staging',
        'build-on-push': 'yes',
        'custom-url': 'https://agent.example.com',
        wait: 'maybe',
        timeout: '0',
        'poll-interval': 'often',
        secrets: '1BAD=x\nGOOD=y\nGOOD=z\nno-separator'
      })
    )
    expect(inputsOf(problems).sort()).toEqual(
      [
        'api-key',
        'api-url',
        'build-on-push',
        'custom-url',
        'deployment-id',
        'deployment-type',
        'integration-id',
        'name',
        'poll-interval',
        'secrets',
        'secrets',
        'secrets',
        'tenant-id',
        'timeout',
        'wait'
      ].sort()
    )
  })

  it('requires name or deployment-id, and accepts deployment-id alone', async () => {
    expect(await problemsOf(gitHost({ name: '' }))).toEqual([
      'name: is required unless deployment-id is given'
    ])
    const config = await parseServiceInputs(
      gitHost({ name: '', 'deployment-id': INTEGRATION }),
      branchEnv
    )
    expect(config.deploymentId).toBe(INTEGRATION)
    expect(config.name).toBeUndefined()
  })

  it.each(['1agent', 'agent_1', 'Agent', '-agent', 'agent.one'])(
    'refuses the deployment name %s',
    async (name) => {
      expect(inputsOf(await problemsOf(gitHost({ name })))).toEqual(['name'])
    }
  )

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

  it('names the resource-spec key of each problem', async () => {
    const problems = await problemsOf(
      image({
        'resource-spec': JSON.stringify({
          cpu: 8.5,
          cpu_limit: 0.04,
          memory_mb: 512.5,
          queue_cpu: 2,
          gpu: 1,
          orchestrator_cpu: 1
        })
      })
    )
    expect(problems).toEqual([
      'resource-spec: key "orchestrator_cpu" is not to be used (api.md 2.5)',
      'resource-spec: cpu: must be from 0.1 to 8 cores',
      'resource-spec: cpu_limit: must be from 0.1 to 16 cores',
      'resource-spec: memory_mb: must be a whole number of MB',
      'resource-spec: key "gpu" is not a ResourceSpec field'
    ])
  })

  it('reads secrets as JSON, and never quotes a value in a problem', async () => {
    expect(
      (await parseServiceInputs(gitHost({ secrets: '{"A": "1", "B_2": "x=y"}' }), branchEnv))
        .secrets
    ).toEqual([
      { name: 'A', value: '1' },
      { name: 'B_2', value: 'x=y' }
    ])
    const problems = await problemsOf(
      gitHost({ secrets: '{"POSTGRES_URI": "postgres://user:hunter2@db", "N": 5}' })
    )
    expect(problems).toEqual([
      'secrets: secret "N" must have a string value',
      'secrets: secret name "POSTGRES_URI" is reserved by the agent server; choose another name'
    ])
    const broken = await problemsOf(gitHost({ secrets: '{"A": "hunter2",' }))
    expect(broken.join('\n')).not.toContain('hunter2')
  })

  it('refuses a control character in a secret value, raw or JSON-escaped, by where it is', async () => {
    const escaped = await problemsOf(
      gitHost({ secrets: '{"A": "fine", "B": "hunter2\\u0000x", "C": "line\\nbreak\\tok"}' })
    )
    expect(escaped).toEqual([
      'secrets: key 2 of the JSON object holds a control character in its value (U+0000); only tabs and line breaks may appear'
    ])
    const escapedEscape = await problemsOf(gitHost({ secrets: '{"A": "hunter2\\u001b[31m"}' }))
    expect(escapedEscape).toEqual([
      'secrets: key 1 of the JSON object holds a control character in its value (U+001B); only tabs and line breaks may appear'
    ])
    const raw = await problemsOf(gitHost({ secrets: 'A=ok\nB=hunter2\u0007' }))
    expect(raw).toHaveLength(1)
    expect(raw[0]).toMatch(/^secrets: line 2 holds a control character \(U\+0007\)/)
    expect([...escaped, ...escapedEscape, ...raw].join('\n')).not.toContain('hunter2')
  })

  it('skips blank lines and comments in NAME=value secrets; absent secrets stay undefined', async () => {
    const config = await parseServiceInputs(
      gitHost({ secrets: '\n# the model key\nA=1\n\n  B = two words \n' }),
      branchEnv
    )
    expect(config.secrets).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: ' two words ' }
    ])
    expect((await parseServiceInputs(gitHost(), branchEnv)).secrets).toBeUndefined()
  })

  it.each([
    ['900', 900_000],
    ['15m', 900_000],
    ['1h30m', 5_400_000],
    ['45s', 45_000]
  ])('reads the timeout %s', async (timeout, ms) => {
    expect((await parseServiceInputs(gitHost({ timeout }), branchEnv)).timeoutMs).toBe(ms)
  })

  it.each([
    ['0', 0],
    ['200', 200]
  ])('reads log-lines %s', async (logLines, expected) => {
    expect((await parseServiceInputs(gitHost({ 'log-lines': logLines }), branchEnv)).logLines).toBe(
      expected
    )
  })

  it.each(['-1', '201', '2.5', 'many'])('refuses log-lines %s', async (logLines) => {
    expect(inputsOf(await problemsOf(gitHost({ 'log-lines': logLines })))).toEqual(['log-lines'])
  })

  it("reads the agent server's key and scheme for the policy's checks, agent-api-key defaulting to api-key", async () => {
    const policy = { agent: { assistant: 'agent' } }
    expect((await configOfStep({ ...gitHost(), policy }, branchEnv)).verify).toEqual({
      assistantId: 'agent',
      a2a: false,
      timeoutMs: 5 * 60_000,
      apiKey: 'key-123',
      message: undefined,
      expect: undefined,
      authScheme: undefined
    })
    const own = await configOfStep(
      {
        ...gitHost({ 'agent-api-key': 'agent-key', 'agent-auth-scheme': 'service-api-key' }),
        policy
      },
      branchEnv
    )
    expect(own.verify).toMatchObject({ apiKey: 'agent-key', authScheme: 'service-api-key' })
    expect((await parseServiceInputs(gitHost(), branchEnv)).verify).toBeUndefined()
  })

  it('refuses pr-comment without github-token; environment alone only picks the policy entry', async () => {
    expect(await problemsOf(gitHost({ environment: 'prod', 'pr-comment': 'true' }))).toEqual([
      'pr-comment: needs github-token to write the comment'
    ])
    const alone = await parseServiceInputs(gitHost({ environment: 'prod' }), branchEnv)
    expect(alone.github).toBeUndefined()
    expect(
      (await parseServiceInputs(gitHost({ 'github-token': 't', environment: 'prod' }), branchEnv))
        .github
    ).toEqual({
      token: 't',
      environment: 'prod',
      prComment: false
    })
  })

  it('is operation validate with nothing but operation and release-policy required', async () => {
    expect(await problemsOf(rawInputs({ operation: 'validate' }))).toEqual([
      'release-policy: is required with operation validate (the file it checks)'
    ])
    expect(inputsOf(await problemsOf(rawInputs({ name: 'agent' })))).toEqual(['api-url', 'api-key'])
  })

  it('reads wait: false', async () => {
    expect((await parseServiceInputs(gitHost({ wait: 'false' }), branchEnv)).wait).toBe(false)
  })

  it.each([
    ['api-key', 'key-1\r\nX-Injected: 1', 'U+000D at character 6'],
    ['repo-ref', 'main\u0000', 'U+0000 at character 5'],
    ['api-url', 'https://control.example.com/\u001b[31m', 'U+001B at character 29'],
    ['name', 'agent\u007f', 'U+007F at character 6'],
    ['environment', 'a\tb', 'U+0009 at character 2']
  ] as const)(
    'refuses a control character in %s by name, without quoting it',
    async (input, value, where) => {
      const problems = await problemsOf(gitHost({ [input]: value }))
      expect(problems).toEqual([
        `${input}: holds a control character (${where}); it must be a single line of text`
      ])
      expect(problems.join('\n')).not.toContain(value)
    }
  )

  it('refuses a control character in an external_image input, the one-line rule for each', async () => {
    const problems = await problemsOf(
      image({ 'image-uri': 'registry.example.com/agent:1\n2', 'k8s-namespace': 'a\u0007' })
    )
    expect(inputsOf(problems)).toEqual(['image-uri', 'k8s-namespace'])
  })

  it('lets tabs and line breaks through in multi-line inputs, and no other control character', async () => {
    const config = await parseServiceInputs(gitHost({ secrets: 'A=1\tx\r\nB=2\n' }), branchEnv)
    expect(config.secrets).toEqual([
      { name: 'A', value: '1\tx' },
      { name: 'B', value: '2' }
    ])
    const problems = await problemsOf(gitHost({ secrets: 'A=1\nB=sk-\u0000-9' }))
    expect(problems).toEqual([
      'secrets: line 2 holds a control character (U+0000); only tabs and line breaks may appear'
    ])
    expect(await problemsOf(image({ 'resource-spec': 'cpu: 1\nlabels:\n  a: "\u001b"' }))).toEqual([
      'resource-spec: line 3 holds a control character (U+001B); only tabs and line breaks may appear'
    ])
  })

  it.each(['0.05', '500ms', '0.999', '999ms'])(
    'refuses poll-interval %s (under 1 s)',
    async (poll) => {
      expect(await problemsOf(gitHost({ 'poll-interval': poll }))).toEqual([
        'poll-interval: must be at least 1s (checking more often only loads the service; 10s is the default)'
      ])
    }
  )

  it.each([
    ['1', 1_000],
    ['1s', 1_000],
    ['1000ms', 1_000],
    ['1m', 60_000]
  ])('reads poll-interval %s', async (poll, ms) => {
    expect(
      (await parseServiceInputs(gitHost({ 'poll-interval': poll }), branchEnv)).pollIntervalMs
    ).toBe(ms)
  })

  it.each([
    ['a YAML __proto__ key', '__proto__:\n  cpu: 1\nmemory_mb: 512', '__proto__'],
    ['a JSON __proto__ key', '{"__proto__": {"cpu": 1}}', '__proto__'],
    ['a nested __proto__ key', 'labels:\n  __proto__:\n    team: x', 'labels.__proto__'],
    ['constructor', 'constructor: 1', 'constructor'],
    [
      'prototype deep in a list',
      '{"sidecars": [{"name": "a", "image": "b", "securityContext": {"prototype": 1}}]}',
      'sidecars.0.securityContext.prototype'
    ]
  ])('refuses %s in resource-spec by name', async (_, spec, where) => {
    expect(await problemsOf(image({ 'resource-spec': spec }))).toEqual([
      `resource-spec: key "${where}" is not allowed (it would reach the object prototype)`
    ])
  })

  it('refuses unknown keys in resource-spec at any depth of a known shape', async () => {
    expect(
      await problemsOf(image({ 'resource-spec': 'volumes:\n  - name: v\n    hostPath: /etc' }))
    ).toEqual(['resource-spec: key "volumes.0.hostPath" is not a ResourceSpec field'])
  })

  it('warns about an http api-url to another host, and not about loopback', async () => {
    const remote = await parseServiceInputs(
      gitHost({ 'api-url': 'http://control.example.com' }),
      branchEnv
    )
    expect(remote.warnings).toEqual([
      'api-url is http:// to control.example.com, not this machine: the api-key travels in clear text. Use https://.'
    ])
    for (const local of ['http://127.0.0.1:8123', 'http://localhost/api', 'http://[::1]:9']) {
      expect((await parseServiceInputs(gitHost({ 'api-url': local }), branchEnv)).warnings).toEqual(
        []
      )
    }
  })

  it('refuses credentials in api-url without printing them', async () => {
    const problems = await problemsOf(
      gitHost({ 'api-url': 'https://deployer:hunter2@control.example.com' })
    )
    expect(problems).toEqual([
      'api-url: must not carry a user name or password (the key goes in api-key)'
    ])
  })

  it('names the line of a secret that is not NAME=value, never what it holds', async () => {
    const pem = '-----BEGIN PRIVATE KEY-----'
    const problems = await problemsOf(
      gitHost({ secrets: `A=1\n# a key\n${pem}\nMIIEow+IBAAKCAQEA==\n-----END PRIVATE KEY-----` })
    )
    expect(problems).toEqual([
      'secrets: line 3 is not NAME=value',
      'secrets: line 5 is not NAME=value',
      'secrets: line 4 is not NAME=value (NAME must be a C identifier: letters, digits and _, not starting with a digit)'
    ])
    expect(problems.join('\n')).not.toMatch(/BEGIN|END|MIIE|owIB/)
    const json = await problemsOf(gitHost({ secrets: '{"A": "1", "sk-live-42": "x"}' }))
    expect(json).toEqual([
      'secrets: the name of key 2 of the JSON object is not valid (NAME must be a C identifier: letters, digits and _, not starting with a digit)'
    ])
  })
})
