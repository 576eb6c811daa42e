import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startControlPlane, VirtualClock, type ControlPlaneEmulator } from '../emulator'
import type { RawInputs } from '../src/inputs/contract'
import { runInProcess } from './helpers/action-world'
import { gitHostStep } from './helpers/deploy-harness'

/**
 * run(world) in this process, as the runner would start it: inputs as INPUT_* variables, the log,
 * outputs and summary recorded as a runner sees them, the emulator a real server on 127.0.0.1
 * on the run's virtual clock.
 */
const clock = new VirtualClock()
let emulator: ControlPlaneEmulator

beforeAll(async () => {
  emulator = await startControlPlane({ stepMs: 2_000, now: clock.now })
})
afterAll(async () => {
  clock.close()
  await emulator.close()
})

async function runWith(inputs: Partial<RawInputs>) {
  const requestsBefore = emulator.requests.length
  const run = await runInProcess(inputs, { clock })
  return {
    exitCode: run.exitCode,
    log: run.stdout,
    outputs: run.outputs,
    summary: run.summary,
    requests: emulator.requests.slice(requestsBefore)
  }
}

describe('run() in process', () => {
  it('deploys: exit 0, every deploy output, the summary and the log say so', async () => {
    const name = 'in-process-ok'
    const result = await runWith({
      ...gitHostStep(emulator.url, name),
      'api-key': 'emulator-key',
      'poll-interval': '1'
    })
    const deployment = emulator.deployments().find((d) => d.name === name)
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toEqual({
      created: 'true',
      'deployment-id': deployment?.id,
      'revision-id': deployment?.latest_revision_id,
      'revision-status': 'DEPLOYED',
      'deployment-url': deployment?.source_config.custom_url,
      // A first deploy: no revision served before, so previous-revision-id stays unset.
      'rolled-back': 'false'
    })
    expect(result.summary).toMatch(/^## ✅ in-process-ok deployed in \d+s\n/)
    expect(result.summary).toContain(`| Revision | \`${deployment?.latest_revision_id}\` |`)
    expect(result.log).toMatch(
      new RegExp(`Revision ${deployment?.latest_revision_id}: DEPLOYED \\(12s\\)`)
    )
    expect(result.log).not.toMatch(/^::error::/m)
  })

  it('fails a failed revision with exit 1, naming the status and the revision', async () => {
    emulator.setOutcome('BUILD_FAILED')
    try {
      const result = await runWith({
        ...gitHostStep(emulator.url, 'in-process-fails'),
        'api-key': 'emulator-key',
        'poll-interval': '1',
        'log-lines': '0'
      })
      expect(result.exitCode).toBe(1)
      expect(result.outputs['revision-status']).toBe('BUILD_FAILED')
      const revision = result.outputs['revision-id'] ?? '?'
      // The annotation is the headline and the reason's first line, short ids; the log has all.
      expect(result.log).toMatch(
        new RegExp(
          `^::error::in-process-fails: build failed\\. Revision ${revision.slice(0, 8)} of .* ended BUILD_FAILED`,
          'm'
        )
      )
      expect(result.log).toMatch(new RegExp(`^Revision ${revision} of .* ended BUILD_FAILED`, 'm'))
      expect(result.summary).toContain('## ❌ in-process-fails: build failed\n\n> [!CAUTION]')
    } finally {
      emulator.setOutcome('DEPLOYED')
    }
  })

  it('stops on a cancel while waiting: exit 1, the log says so, the summary is written', async () => {
    const run = await runInProcess(
      { ...gitHostStep(emulator.url, 'in-process-cancel'), 'api-key': 'emulator-key' },
      {
        clock,
        onStdout: (line, _all, cancel) => {
          if (/: CREATING/.test(line)) cancel('SIGTERM')
        }
      }
    )
    expect(run.exitCode).toBe(1)
    expect(run.log).toContain('Received SIGTERM: stopping.')
    expect(run.outputs['revision-status']).toBe('CREATING')
    expect(run.log.at(-1)).toMatch(
      /^::error::in-process-cancel: Cancelled after 0s while revision \S{8} was CREATING/
    )
    expect(run.summary).not.toBe('')
    expect(run.annotations.filter((annotation) => annotation.kind === 'error')).toHaveLength(1)
  })

  it('refuses invalid inputs with exit 1, every problem named, and sends nothing', async () => {
    const result = await runWith({
      'api-url': emulator.url,
      'api-key': 'emulator-key',
      name: 'Not A Name',
      'poll-interval': '1ms'
    })
    expect(result.exitCode).toBe(1)
    expect(result.requests).toEqual([])
    expect(result.log).toMatch(/^::error::The action's inputs have 2 problems; nothing was sent/m)
    expect(result.log).toContain('name: must be lowercase letters')
    expect(result.log).toContain('poll-interval')
    expect(result.summary).toContain('Deploy not started: 2 problems in the inputs')
    expect(result.outputs).toEqual({})
  })
})
