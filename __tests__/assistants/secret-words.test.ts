import { afterEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { runInProcess } from '../helpers/action-world'
import { clock, gitHostStep, onClock } from '../helpers/deploy-harness'

// The secret words of an entry's keys, singular and plural, a list holding a value included:
// refused before any request by key path and word, never by value. Model settings named with
// `token` (a count, a special token, a list of stop tokens) are not secrets.

let controlPlane: ControlPlaneEmulator | undefined
afterEach(async () => {
  await controlPlane?.close()
  controlPlane = undefined
})

const SECRET = 'sk-live-4f1d9a'

async function runWith(config: Record<string, unknown>, operation = 'deploy') {
  controlPlane = await startControlPlane({ ...onClock, stepMs: 5 })
  const result = await runInProcess(
    {
      ...gitHostStep(controlPlane.url, 'support-agent'),
      'api-key': 'emulator-key',
      operation,
      policy: {
        assistants: { entries: [{ name: 'support', 'graph-id': 'agent', config }] }
      }
    },
    { clock }
  )
  return { result, requests: controlPlane.requests }
}

describe('secret words in assistant entries', () => {
  it.each([
    ['api_keys', { api_keys: SECRET }, 'config.api_keys', 'apikey'],
    ['db_credentials', { db_credentials: SECRET }, 'config.db_credentials', 'credential'],
    [
      'passwords',
      { configurable: { passwords: SECRET } },
      'config.configurable.passwords',
      'password'
    ],
    ['a list under openai_api_key', { openai_api_key: [SECRET] }, 'config.openai_api_key', 'apikey']
  ])('%s is refused by key path and word, before any request', async (_, config, path, word) => {
    const { result, requests } = await runWith(config)
    expect(result.exitCode).toBe(1)
    const refusals = result.annotations.filter(({ kind }) => kind === 'error')
    expect(refusals.some(({ text }) => text.includes(path) && text.includes(`"${word}"`))).toBe(
      true
    )
    expect(result.stdout).not.toContain(SECRET)
    expect(result.summary).not.toContain(SECRET)
    expect(requests).toEqual([])
  })

  it('model settings named with token pass', async () => {
    const { result } = await runWith(
      {
        max_tokens: 512,
        configurable: {
          max_tokens: '512',
          stop_tokens: ['</s>'],
          eos_token: '</s>',
          pad_token: '[PAD]'
        }
      },
      'validate'
    )
    expect(result.exitCode).toBe(0)
  })
})
