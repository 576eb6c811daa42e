/**
 * Inputs read together: every problem at once, the agent server's key for the policy's checks,
 * the GitHub records, and operation validate.
 */
import { describe, expect, it } from '@jest/globals'
import { parseServiceInputs } from '../helpers/service-config'
import { rawInputs } from '../helpers/action-yml'
import { configOfStep } from '../helpers/policy-file'
import { branchEnv, gitHost, inputsOf, problemsOf } from './steps'

describe('parseInputs', () => {
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

  it("reads the agent server's key and scheme for the policy's checks, agent-api-key defaulting to api-key", async () => {
    const policy = { agent: { assistant: 'agent' } }
    expect((await configOfStep({ ...gitHost(), policy }, branchEnv)).agent).toEqual({
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
    expect(own.agent).toMatchObject({ apiKey: 'agent-key', authScheme: 'service-api-key' })
    expect((await parseServiceInputs(gitHost(), branchEnv)).agent).toBeUndefined()
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
})
