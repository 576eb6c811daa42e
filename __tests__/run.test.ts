import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  jest
} from '@jest/globals'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startControlPlane, type ControlPlaneEmulator } from '../emulator'
import type { RawInputs } from '../src/inputs/contract'
import { run } from '../src/main'
import { inputEnv } from './helpers/action-yml'
import { gitHostStep } from './helpers/deploy-harness'
import { parseOutputFile } from './helpers/run-action'

/**
 * run() in this process, as the runner would start it: inputs as INPUT_* variables, outputs and
 * the summary in files, the log on stdout. The emulator is a real server on 127.0.0.1.
 */
const dir = mkdtempSync(join(tmpdir(), 'run-in-process-'))
const outputFile = join(dir, 'output')
// @actions/core reads the summary's path once per process: one file, emptied before each test.
const summaryFile = join(dir, 'summary')
const savedEnv = { ...process.env }
let emulator: ControlPlaneEmulator
let stdout: string[]

beforeAll(async () => {
  emulator = await startControlPlane({ stepMs: 20 })
})
afterAll(async () => {
  await emulator.close()
})

beforeEach(() => {
  writeFileSync(outputFile, '')
  writeFileSync(summaryFile, '')
  stdout = []
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk))
    return true
  })
})
afterEach(() => {
  jest.restoreAllMocks()
  process.env = { ...savedEnv }
  process.exitCode = undefined
})

async function runWith(inputs: Partial<RawInputs>) {
  process.env = {
    PATH: savedEnv.PATH,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/support-agent',
    ...inputEnv(inputs)
  }
  const requestsBefore = emulator.requests.length
  await run()
  return {
    exitCode: process.exitCode ?? 0,
    log: stdout.join(''),
    outputs: parseOutputFile(readFileSync(outputFile, 'utf8')),
    summary: readFileSync(summaryFile, 'utf8'),
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
      new RegExp(`Revision ${deployment?.latest_revision_id}: DEPLOYED \\(\\d+s\\)`)
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
      expect(result.log).toMatch(
        new RegExp(
          `^::error::Revision ${result.outputs['revision-id']} of .* ended BUILD_FAILED`,
          'm'
        )
      )
      expect(result.summary).toContain('## ❌ in-process-fails: build failed\n\n> [!CAUTION]')
    } finally {
      emulator.setOutcome('DEPLOYED')
    }
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
    expect(result.summary).toContain('Deploy not started: invalid inputs')
    expect(result.outputs).toEqual({})
  })
})
