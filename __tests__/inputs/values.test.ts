/**
 * One input's value at a time: api-url, the deployment's name or id, durations and counts,
 * wait, and resource-spec's keys.
 */
import { describe, expect, it } from '@jest/globals'
import { parseServiceInputs } from '../helpers/service-config'
import { INTEGRATION, branchEnv, gitHost, image, inputsOf, problemsOf } from './steps'

describe('parseInputs', () => {
  it('keeps a path prefix of api-url and drops trailing slashes', async () => {
    const config = await parseServiceInputs(
      gitHost({ 'api-url': 'https://host.example.com/api-host//' }),
      branchEnv
    )
    expect(config.apiUrl).toBe('https://host.example.com/api-host')
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

  it('reads wait: false', async () => {
    expect((await parseServiceInputs(gitHost({ wait: 'false' }), branchEnv)).wait).toBe(false)
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
})
