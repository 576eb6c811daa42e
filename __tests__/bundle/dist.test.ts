import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { gitHostStep } from '../helpers/deploy-harness'
import { DIST, runAction } from '../helpers/run-action'
import { ACTION_VERSION } from '../../src/version'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

const API_KEY = 'cp-key-7f3a9c1e'
const SECRET_VALUE = 'sk-live-5d41402abc4b2a76'
const MULTILINE_SECRET = '-----BEGIN KEY-----\nMIIEowIBAAKCAQEA\n-----END KEY-----'

let emulator: ControlPlaneEmulator
beforeEach(async () => {
  emulator = await startControlPlane({ stepMs: 0, apiKey: API_KEY })
})
afterEach(async () => {
  await emulator.close()
})

const inputs = () => ({
  ...gitHostStep(emulator.url),
  'api-key': API_KEY,
  'poll-interval': '1',
  secrets: JSON.stringify({ OPENAI_API_KEY: SECRET_VALUE, TLS_KEY: MULTILINE_SECRET })
})

/** Every place a secret appears in what the action printed or wrote, outside ::add-mask::. */
function leaks(text: string, secrets: string[]): string[] {
  const visible = text
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  return secrets.filter((secret) => visible.includes(secret))
}

describe('dist/index.js run as a runner runs it', () => {
  it('is built', () => {
    expect(existsSync(DIST)).toBe(true)
  })

  it('creates, then patches on a second run, and writes outputs and the job summary', async () => {
    const first = await runAction(inputs())
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    const [deployment] = emulator.deployments()
    expect(first.outputs).toEqual({
      created: 'true',
      'deployment-id': deployment?.id,
      'revision-id': deployment?.latest_revision_id,
      'revision-status': 'DEPLOYED',
      'deployment-url': deployment?.source_config.custom_url,
      'rolled-back': 'false'
    })
    expect(first.summary).toMatch(/^## ✅ support-agent deployed in \d+s\n/)
    expect(first.summary).toContain(`| Revision | \`${deployment?.latest_revision_id}\` |`)

    const second = await runAction(inputs())
    expect(second.code).toBe(0)
    expect(second.outputs.created).toBe('false')
    expect(second.outputs['deployment-id']).toBe(deployment?.id)
    expect(second.outputs['revision-id']).not.toBe(first.outputs['revision-id'])
    expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    expect(emulator.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
    expect(new Set(emulator.requests.map((r) => r.headers['user-agent']))).toEqual(
      new Set([`deploy-agent-action/${ACTION_VERSION}`])
    )
  })

  it('loads the YAML parser and tar from their own chunks when a run needs them', async () => {
    const image = await runAction({
      'api-url': emulator.url,
      'api-key': API_KEY,
      name: 'image-agent',
      source: 'external_image',
      'image-uri': 'registry.example.com/agent:1',
      'resource-spec': 'min_scale: 1\nmax_scale: 3\ncpu: 2',
      'poll-interval': '1'
    })
    expect(image.stderr).toBe('')
    expect(image.code).toBe(0)
    const create = emulator.requests.find(
      (r) => r.method === 'POST' && r.path === '/v2/deployments'
    )
    expect(create?.body).toMatchObject({
      source_config: { resource_spec: { min_scale: 1, max_scale: 3, cpu: 2 } }
    })

    const folder = mkdtempSync(join(tmpdir(), 'dist-source-'))
    try {
      writeFileSync(join(folder, 'graph.json'), '{"graphs": {"agent": "./agent.js:graph"}}')
      writeFileSync(join(folder, 'agent.js'), 'export const graph = {}\n')
      const source = await runAction({
        'api-url': emulator.url,
        'api-key': API_KEY,
        name: 'source-agent',
        source: 'internal_source',
        'source-dir': folder,
        'graph-config-path': 'graph.json',
        'poll-interval': '1'
      })
      expect(source.stderr).toBe('')
      expect(source.code).toBe(0)
      expect(source.stdout).toContain('Packed 2 files')
      expect(emulator.uploads()).toHaveLength(1)
      expect(source.outputs['revision-status']).toBe('DEPLOYED')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('ships source maps: the stack of an unexpected error names the files in src/', async () => {
    // A GITHUB_OUTPUT the runner cannot append to: @actions/core throws from setOutput, an error
    // the action does not expect. It fails the step with the message (never a raw crash on
    // stderr, which nothing would redact) and puts the stack in the debug log.
    const unwritable = mkdtempSync(join(tmpdir(), 'dist-output-'))
    try {
      const run = await runAction(inputs(), {
        env: { GITHUB_OUTPUT: unwritable, RUNNER_DEBUG: '1' }
      })
      expect(run.code).not.toBe(0)
      expect(run.stdout).toMatch(/^::error::The action failed: .*EISDIR/m)
      expect(run.stderr).toBe('')
      const stack = run.stdout.split('\n').find((line) => line.startsWith('::debug::Error'))
      expect(stack).toBeDefined()
      expect(stack).not.toMatch(/dist\/[\w.]+\.js:\d+/)
      // The first frame in src/ names the TypeScript line that called @actions/core's setOutput
      // (src/report/outputs.ts passes it in as `set`).
      const frame = /\/(src\/[\w/-]+\.ts):(\d+):\d+\)/.exec(stack ?? '')
      expect(frame).not.toBeNull()
      const [, file = '', line = '0'] = frame ?? []
      const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').split('\n')
      expect(source[Number(line) - 1]).toMatch(/\bset(Output)?\(name, (judged\.)?value\)/)
    } finally {
      rmSync(unwritable, { recursive: true, force: true })
    }
  })

  it('refuses invalid inputs all at once, sending nothing', async () => {
    const run = await runAction({
      ...inputs(),
      name: 'Bad_Name',
      timeout: 'soon',
      'resource-spec': 'cpu: 99'
    })
    expect(run.code).toBe(1)
    const error = run.stdout.split('\n').find((line) => line.startsWith('::error::')) ?? ''
    expect(error).toContain('name: must be lowercase letters')
    expect(error).toContain('timeout: "soon" is not a positive duration')
    expect(error).toContain('resource-spec: is only for source external_image')
    expect(emulator.requests).toHaveLength(0)
    expect(run.summary).toMatch(/Deploy not started: \d+ problems in the inputs/)
  })

  it.each([
    ['', 'without debug'],
    ['1', 'with RUNNER_DEBUG=1']
  ])('shows secrets only inside ::add-mask:: (RUNNER_DEBUG=%s, %s)', async (debug) => {
    emulator.setOutcome('DEPLOY_FAILED')
    const run = await runAction(inputs(), { env: debug ? { RUNNER_DEBUG: debug } : {} })
    expect(run.code).toBe(1)
    const secrets = [API_KEY, SECRET_VALUE, ...MULTILINE_SECRET.split('\n')]
    expect(run.stdout).toContain(`::add-mask::${SECRET_VALUE}`)
    expect(run.stdout).toContain('::add-mask::MIIEowIBAAKCAQEA')
    expect(run.stdout.includes('::debug::GET /v2/deployments')).toBe(debug === '1')
    expect(leaks(run.stdout + run.stderr, secrets)).toEqual([])
    expect(leaks(run.summary, secrets)).toEqual([])
    // The emulator did receive them: the masking is ours, not a missing secret.
    expect(JSON.stringify(emulator.requests[1]?.body)).toContain(SECRET_VALUE)
  })

  // The contract's 2 s is not asserted as wall time (a busy machine stretches any run): with
  // 10 min between polls, ending on its own before a guard far below them shows the wait is
  // interrupted.
  it('stops on SIGTERM while waiting, without waiting for the next poll, exit 1, summary written', async () => {
    emulator.setOutcome('HANG')
    let signalled = false
    const run = await runAction(
      { ...inputs(), 'poll-interval': '10m', timeout: '30m' },
      {
        killAfterMs: 120_000,
        onStdout: (_chunk, text, kill) => {
          if (!signalled && text.includes(': BUILDING (')) {
            signalled = true
            kill('SIGTERM')
          }
        }
      }
    )
    expect({ signalled, killed: run.killed }).toEqual({ signalled: true, killed: false })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      /::error::support-agent: Cancelled after \d+s while revision \S{8} was BUILDING/
    )
    expect(run.stdout).toContain('goes on on the service')
    expect(run.summary).toMatch(/^## ❌ support-agent: cancelled after \d+s\n/)
    expect(run.outputs['revision-status']).toBe('BUILDING')
  }, 150_000)
})
