import { afterEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { runInProcess } from '../helpers/action-world'
import { clock, gitHostStep, onClock } from '../helpers/deploy-harness'

// `assistants.on-drift` says what to do with the entries' assistants: without entries it applies
// to nothing, and is refused by its key path before any request.

let controlPlane: ControlPlaneEmulator | undefined
afterEach(async () => {
  await controlPlane?.close()
  controlPlane = undefined
})

describe('assistants.on-drift without assistants.entries', () => {
  it.each(['deploy', 'validate'])(
    'is refused by key path under operation %s, nothing sent',
    async (operation) => {
      controlPlane = await startControlPlane({ ...onClock, stepMs: 5 })
      const result = await runInProcess(
        {
          ...gitHostStep(controlPlane.url, 'support-agent'),
          'api-key': 'emulator-key',
          operation,
          policy: { assistants: { 'on-drift': 'fail' } }
        },
        { clock }
      )
      expect(result.exitCode).toBe(1)
      expect(
        result.annotations.some(
          ({ kind, text }) => kind === 'error' && text.includes('assistants.on-drift')
        )
      ).toBe(true)
      expect(controlPlane.requests).toEqual([])
    }
  )
})
