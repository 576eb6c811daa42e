import { afterEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { clock, gitHostStep, onClock } from '../helpers/deploy-harness'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { POLICY_PATH } from '../helpers/policy-file'

/**
 * GitHub keeps 10 error annotations per step and drops the rest without a word. The run writes
 * at most 10 (the recording world keeps every one, so this asserts what was written): its own
 * failure line first, then the first problems or ERROR lines, then one saying how many more.
 */
let emulator: ControlPlaneEmulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

const errors = (result: WorldRun) =>
  result.annotations.filter((annotation) => annotation.kind === 'error')

describe('error annotations within GitHub limit', () => {
  it('12 policy problems: the failure line, eight problems in line order, and how many more', async () => {
    const keys = Array.from({ length: 12 }, (_, index) => `  unknown-${index + 1}: 1`)
    const policy = ['version: 1', 'agent:', ...keys, ''].join('\n')
    const result = await runInProcess({ operation: 'validate', policy }, { clock })
    expect(result.exitCode).toBe(1)
    const written = errors(result)
    expect(written).toHaveLength(10)
    const [failure, ...rest] = written
    // The step's own line first: it names no file.
    expect(failure?.file).toBeUndefined()
    expect(failure?.text).toContain('12 problems')
    expect(rest.slice(0, 8).map((each) => [each.file, each.line])).toEqual(
      Array.from({ length: 8 }, (_, index) => [POLICY_PATH, index + 3])
    )
    expect(rest[8]?.file).toBeUndefined()
    expect(rest[8]?.text).toMatch(/^4 more/)
    // The summary lists all twelve.
    for (let index = 1; index <= 12; index++) expect(result.summary).toContain(`unknown-${index}`)
  })

  it('a build log with 15 ERROR lines: the failure line, then the first ERROR lines, 10 in all', async () => {
    emulator = await startControlPlane({ ...onClock, stepMs: 10 })
    emulator.setOutcome('BUILD_FAILED')
    emulator.setRevisionLogs(() =>
      Array.from({ length: 30 }, (_, index) => ({
        timestamp: `2026-01-01T00:00:${String(index).padStart(2, '0')}.000Z`,
        level: index % 2 === 0 ? 'INFO' : 'ERROR',
        message: `line ${index}`
      }))
    )
    const result = await runInProcess(
      { ...gitHostStep(emulator.url), 'api-key': 'emulator-key', 'poll-interval': '1' },
      { clock }
    )
    expect(result.exitCode).toBe(1)
    const written = errors(result)
    expect(written).toHaveLength(10)
    const [failure, ...rest] = written
    expect(failure?.title).toBeUndefined()
    // The first ERROR lines (1, 3, 5, …): a root cause is near the top more often than the end.
    expect(rest.slice(0, 8).map((each) => each.text)).toEqual(
      [1, 3, 5, 7, 9, 11, 13, 15].map((index) => `line ${index}`)
    )
    expect(rest[8]?.text).toMatch(/^7 more/)
  })
})
