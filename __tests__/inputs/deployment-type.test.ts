import { afterEach, describe, expect, it } from '@jest/globals'
import {
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from '../../emulator'
import { runInProcess } from '../helpers/action-world'
import { clock, gitHostStep, onClock } from '../helpers/deploy-harness'

// deployment-type as the service of 2026 takes it (service-notes): the usage-based plans'
// `serverless` and `dedicated` beside the schema's three; a misspelling refused before any
// request with the nearest value; a plan's 422 on it explained, not retried.

let controlPlane: ControlPlaneEmulator | undefined
afterEach(async () => {
  await controlPlane?.close()
  controlPlane = undefined
})

const NAME = 'support-agent'
const FIVE = ['dev_free', 'dev', 'prod', 'serverless', 'dedicated']

async function deploy(type: string, options: ControlPlaneOptions = {}) {
  controlPlane = await startControlPlane({ ...onClock, stepMs: 5, ...options })
  const cp = controlPlane
  const result = await runInProcess(
    {
      ...gitHostStep(cp.url, NAME),
      'api-key': 'emulator-key',
      'poll-interval': '1',
      'deployment-type': type
    },
    { clock }
  )
  const creates = cp.requests.filter(
    (request) => request.method === 'POST' && request.path === '/v2/deployments'
  )
  const errors = result.annotations.filter(({ kind }) => kind === 'error').map(({ text }) => text)
  return { result, creates, requests: cp.requests, errors: errors.join('\n') }
}

const typeSent = (request: { body: unknown } | undefined) =>
  (request?.body as { source_config?: { deployment_type?: string } } | undefined)?.source_config
    ?.deployment_type

describe('deployment-type', () => {
  it.each(['serverless', 'dedicated'])('%s creates as given', async (type) => {
    const { result, creates } = await deploy(type)
    expect(result.exitCode).toBe(0)
    expect(result.outputs.created).toBe('true')
    expect(creates).toHaveLength(1)
    expect(typeSent(creates[0])).toBe(type)
  })

  it('a misspelt type is refused before any request, naming the input and the nearest value', async () => {
    const { result, requests, errors } = await deploy('servrless')
    expect(result.exitCode).toBe(1)
    expect(requests).toEqual([])
    expect(errors).toContain('deployment-type')
    expect(errors).toContain('serverless')
  })

  it("a plan's 422 on deployment_type is one request, explained with the values it names", async () => {
    const { result, creates, errors } = await deploy('serverless', {
      deploymentTypes: ['dev', 'prod']
    })
    expect(result.exitCode).toBe(1)
    expect(creates).toHaveLength(1)
    expect(creates[0]?.status).toBe(422)
    expect(errors).toContain('deployment-type')
    expect(errors).toContain('serverless')
    expect(errors).toMatch(/\bdev\b/)
    expect(errors).toMatch(/\bprod\b/)
    expect(errors).not.toContain('dedicated')
  })

  it('a 422 on deployment_type that names no values is explained with the five', async () => {
    controlPlane = await startControlPlane({ ...onClock, stepMs: 5 })
    controlPlane.injectFault({
      method: 'POST',
      path: '/v2/deployments',
      kind: 'status',
      status: 422,
      times: 5,
      body: {
        detail: [
          {
            loc: ['body', 'source_config', 'deployment_type'],
            msg: 'is not available on this plan',
            type: 'value_error'
          }
        ]
      }
    })
    const cp = controlPlane
    const result = await runInProcess(
      {
        ...gitHostStep(cp.url, NAME),
        'api-key': 'emulator-key',
        'poll-interval': '1',
        'deployment-type': 'dedicated'
      },
      { clock }
    )
    expect(result.exitCode).toBe(1)
    expect(
      cp.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v2/deployments'
      )
    ).toHaveLength(1)
    const errors = result.annotations.filter(({ kind }) => kind === 'error').map(({ text }) => text)
    const text = errors.join('\n')
    expect(text).toContain('deployment-type')
    for (const type of FIVE) expect(text).toContain(type)
  })
})
