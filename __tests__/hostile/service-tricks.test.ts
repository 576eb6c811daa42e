import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  startHostileControlPlane,
  type HostileControlPlane
} from '../helpers/hostile/control-plane'
import { AGENT_KEY, visibleLog } from '../helpers/hostile/secrets'
import { hostileStep } from '../helpers/hostile/step'
import { runnerOn, VirtualClock, type WorldRun } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

/**
 * Answers that try to make the action say or do the wrong thing: a storage error that quotes the
 * signed upload URL, a revision read by id that comes back as another, a deployment URL that
 * would carry the agent key in clear text.
 */
const SETUP_MS = 90_000
const GUARD = {}

describe('an upload refused with a 403 that quotes the signed URL', () => {
  const SIGNATURE = 'f00dfeed0123456789abcdefSIGNATURE'
  const CREDENTIAL = 'svc@proj.iam.example/20261124/auto/storage'
  const query = `X-Goog-Signature=${SIGNATURE}&X-Goog-Credential=${encodeURIComponent(CREDENTIAL)}`
  let upload = ''
  let cp: HostileControlPlane
  let run: WorldRun
  beforeAll(async () => {
    upload = mkdtempSync(join(tmpdir(), 'hostile-upload-'))
    const source = join(upload, 'app')
    mkdirSync(source)
    writeFileSync(join(source, 'graph.json'), '{}')
    cp = await startHostileControlPlane({
      answer: (route, seen) => {
        if (route === 'upload-url')
          return { json: { upload_url: `${cp.url}/_upload?${query}`, object_path: 'obj/1' } }
        if (seen.method !== 'PUT') return undefined
        const lower = query.replace(/%[0-9A-F]{2}/g, (c) => c.toLowerCase())
        return {
          status: 403,
          text: `<Error><Code>SignatureDoesNotMatch</Code><StringToSign>PUT /_upload?${query.replace(/&/g, '&amp;')}</StringToSign><Details>${lower} ${SIGNATURE} ${CREDENTIAL}</Details></Error>`
        }
      }
    })
    run = await runInProcess(
      hostileStep(cp.url, {
        source: 'internal_source',
        'source-dir': source,
        'integration-id': ''
      }),
      GUARD
    )
  }, SETUP_MS)
  afterAll(async () => {
    await cp.close()
    rmSync(upload, { recursive: true, force: true })
  })

  it('fails naming the upload and the status', () => {
    expect(run.code).toBe(1)
    expect(visibleLog(run)).toMatch(/PUT http:\/\/127\.0\.0\.1:\d+\/_upload .*HTTP 403/)
    expect(visibleLog(run)).toContain('SignatureDoesNotMatch')
  })
  it('shows no part of the signed query anywhere', () => {
    for (const text of [visibleLog(run), run.stderr, run.summary]) {
      expect(text).not.toContain(SIGNATURE)
      expect(text).not.toContain('proj.iam')
      expect(text).not.toContain('proj%2eiam')
    }
  })
  it('does not point at the API key, which the upload does not carry', () => {
    expect(visibleLog(run)).not.toMatch(/check api-key|check its permissions|tenant-id/)
  })
})

describe('a rollback whose revision, read by id, comes back as another', () => {
  const WANTED = '3a8c5d6b-9e4f-4cad-8b5a-6f7e8d9cab14'
  const OTHER = '4b9d6e7c-af5a-4dbe-9c6b-7a8f9eadbc25'
  let cp: HostileControlPlane
  let run: WorldRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({
      exists: true,
      answer: (route, seen) =>
        route === 'get-revision' && seen.method === 'GET'
          ? { json: { id: OTHER, status: 'DEPLOYED', created_at: null, updated_at: null } }
          : undefined
    })
    run = await runInProcess(
      hostileStep(cp.url, {
        operation: 'rollback',
        'to-revision': WANTED,
        'integration-id': '',
        'graph-config-path': '',
        secrets: ''
      }),
      GUARD
    )
  }, SETUP_MS)
  afterAll(() => cp.close())

  it('stops, saying the service answered with another revision', () => {
    expect(run.code).toBe(1)
    expect(visibleLog(run)).toContain(`not ${WANTED} that was asked for`)
  })
  it('redeploys nothing', () => {
    expect(cp.seen.filter((seen) => seen.method === 'POST')).toEqual([])
  })
})

describe('agent checks to an http:// deployment URL on another host', () => {
  let cp: HostileControlPlane
  let run: WorldRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({
      deployment: { source_config: { custom_url: 'http://agent.invalid:9' } }
    })
    run = await runInProcess(
      hostileStep(cp.url, {
        policy: { agent: { assistant: 'agent', timeout: '5s' } },
        'agent-api-key': AGENT_KEY
      }),
      GUARD
    )
  }, SETUP_MS)
  afterAll(() => cp.close())

  it('warns that the key travels in clear text, before any agent check', () => {
    const log = visibleLog(run)
    const warning = log.search(/^::warning::The deployment URL is http:\/\/ to agent\.invalid/m)
    expect(warning).toBeGreaterThan(-1)
    const firstCheck = log.search(/agent check|GET \/info|\/assistants/i)
    expect(firstCheck).toBeGreaterThan(warning)
  })
})
