import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { ControlPlaneClient } from '../../src/control-plane/client'
import {
  readLastLogLines,
  showRevisionLogs,
  toLogLine,
  type LogIo
} from '../../src/after-deploy/revision-logs'
import { NO_SECRETS } from '../../src/report/redact'
import { renderDeploySummary } from '../../src/report/summary'
import type { DeployResult } from '../../src/result'
import { phaseOf } from '../../src/wait/revision-status'
import { clientOnClock, onClock } from '../helpers/deploy-harness'

describe('phaseOf', () => {
  it.each([
    [['BUILDING', 'BUILD_FAILED'], 'build'],
    [['QUEUED', 'CREATE_FAILED'], 'build'],
    [['BUILDING', 'DEPLOYING', 'DEPLOY_FAILED'], 'deploy'],
    [['QUEUED', 'BUILDING'], 'build'],
    [['BUILDING', 'AWAITING_DEPLOY'], 'deploy'],
    [['DEPLOYING', 'INTERRUPTED'], 'deploy'],
    [['BUILDING', 'DEPLOYING', 'UNKNOWN'], 'deploy'],
    [['BUILDING', 'SKIPPED'], 'build'],
    [[], 'build']
  ])('reads %j as the %s phase', (seen, phase) => {
    expect(phaseOf(seen)).toBe(phase)
  })
})

describe('toLogLine', () => {
  it('reads the usual keys and falls back to the whole object', () => {
    expect(toLogLine({ timestamp: 't1', level: 'error', message: 'boom' })).toEqual({
      time: 't1',
      level: 'ERROR',
      message: 'boom'
    })
    expect(toLogLine({ time: 't2', severity: 'warning', msg: 'hm' })).toEqual({
      time: 't2',
      level: 'WARNING',
      message: 'hm'
    })
    expect(toLogLine({ foo: 1 })).toEqual({ time: '', level: '', message: '{"foo":1}' })
  })
})

describe('readLastLogLines', () => {
  const page = (logs: number[], next: string | null) => ({
    logs: logs.map((n) => ({ message: `line ${n}` })),
    next_offset: next
  })

  it('reads newest first over at most 3 pages and returns oldest first', async () => {
    const queries: unknown[] = []
    const pages = [
      page([300, 299], 'a'),
      page([298, 297], 'b'),
      page([296, 295], 'c'),
      page([294], null)
    ]
    const lines = await readLastLogLines(
      async (query) => (queries.push(query), pages.shift() ?? page([], null)),
      200,
      {}
    )
    expect(lines.map((l) => l.message)).toEqual([
      'line 295',
      'line 296',
      'line 297',
      'line 298',
      'line 299',
      'line 300'
    ])
    expect(queries).toEqual([
      { order: 'desc', limit: 100, offset: undefined },
      { order: 'desc', limit: 100, offset: 'a' },
      { order: 'desc', limit: 100, offset: 'b' }
    ])
  })

  it('never asks for more than it shows, and stops at the last page', async () => {
    const lines = await readLastLogLines(
      async ({ limit }) =>
        page(
          Array.from({ length: limit + 5 }, (_, i) => 1000 - i),
          'more'
        ),
      7,
      {}
    )
    expect(lines).toHaveLength(7)
    expect(lines.at(-1)?.message).toBe('line 1000')
    let calls = 0
    await readLastLogLines(async () => (calls++, page([1], null)), 50, {})
    expect(calls).toBe(1)
  })
})

describe('showRevisionLogs against the emulator', () => {
  let emulator: ControlPlaneEmulator
  let client: ControlPlaneClient
  beforeEach(async () => {
    emulator = await startControlPlane({ ...onClock, stepMs: 1, outcome: 'BUILD_FAILED' })
    client = clientOnClock({
      baseUrl: emulator.url,
      apiKey: 'emulator-key',
      userAgent: 'test',
      backoff: { baseMs: 1, maxMs: 5 }
    })
  })
  afterEach(async () => {
    await emulator.close()
  })

  function recordingIo() {
    const events: string[] = []
    const io: LogIo = {
      startGroup: (title) => events.push(`group: ${title}`),
      endGroup: () => events.push('endgroup'),
      info: (message) => events.push(message),
      error: (message, title) => events.push(`error [${title}]: ${message}`),
      notice: (message) => events.push(`notice: ${message}`)
    }
    return { events, io }
  }

  async function failedRevision() {
    // Seeded revisions have reached their status when seedDeployment returns.
    const deployment = emulator.seedDeployment({ name: 'agent', status: 'BUILD_FAILED' })
    return { deploymentId: deployment.id, revisionId: deployment.latest_revision_id ?? '' }
  }

  it('shows the last lines oldest first in a group, with ERROR lines as annotations', async () => {
    const { deploymentId, revisionId } = await failedRevision()
    const { events, io } = recordingIo()
    const logs = await showRevisionLogs(
      (phase, query, call) => client.getRevisionLogs(deploymentId, revisionId, phase, query, call),
      {
        revisionId,
        statusesSeen: ['BUILDING', 'BUILD_FAILED'],
        maxLines: 5,
        redact: (t) => t,
        call: {},
        io
      }
    )
    expect(logs?.phase).toBe('build')
    expect(events).toEqual([
      `group: Last 5 lines of the build log of revision ${revisionId}`,
      expect.stringMatching(/^2026-01-01T00:01:57.000Z INFO build step 118 of 120/),
      expect.stringMatching(/INFO build step 119 of 120/),
      expect.stringMatching(/INFO build step 120 of 120/),
      '2026-01-01T00:02:00.000Z ERROR build failed: exit code 1',
      '2026-01-01T00:02:01.000Z CRITICAL revision BUILD_FAILED',
      'endgroup',
      'error [build log error at 00:02:00 UTC]: build failed: exit code 1',
      'error [build log error at 00:02:01 UTC]: revision BUILD_FAILED'
    ])
    const logRequests = emulator.requests.filter((r) => r.path.endsWith('/logs'))
    expect(logRequests.map((r) => r.query)).toEqual([{ type: 'build', order: 'desc', limit: '5' }])
  })

  it('reads 200 lines at the most, over pages, and keeps at most 10 annotations', async () => {
    const { deploymentId, revisionId } = await failedRevision()
    emulator.setRevisionLogs(() =>
      Array.from({ length: 500 }, (_, i) => ({
        timestamp: String(i),
        level: i % 10 === 0 ? 'ERROR' : 'INFO',
        message: `m${i}`
      }))
    )
    const { events, io } = recordingIo()
    const logs = await showRevisionLogs(
      (phase, query, call) => client.getRevisionLogs(deploymentId, revisionId, phase, query, call),
      { revisionId, statusesSeen: ['DEPLOY_FAILED'], maxLines: 200, redact: (t) => t, call: {}, io }
    )
    expect(logs?.phase).toBe('deploy')
    expect(logs?.lines).toHaveLength(200)
    expect(logs?.lines[0]?.message).toBe('m300')
    expect(logs?.lines.at(-1)?.message).toBe('m499')
    expect(events.filter((e) => e.startsWith('error ['))).toHaveLength(10)
    expect(emulator.requests.filter((r) => r.path.endsWith('/logs'))).toHaveLength(2)
  })

  it('redacts secret values from the lines', async () => {
    const { deploymentId, revisionId } = await failedRevision()
    emulator.setRevisionLogs(() => [
      { timestamp: 't', level: 'ERROR', message: 'env OPENAI_API_KEY=sk-live-123456 rejected' }
    ])
    const { events, io } = recordingIo()
    const logs = await showRevisionLogs(
      (phase, query, call) => client.getRevisionLogs(deploymentId, revisionId, phase, query, call),
      {
        revisionId,
        statusesSeen: ['BUILD_FAILED'],
        maxLines: 50,
        redact: (t) => t.split('sk-live-123456').join('***'),
        call: {},
        io
      }
    )
    expect(events.join('\n')).not.toContain('sk-live-123456')
    expect(events).toContain('t ERROR env OPENAI_API_KEY=*** rejected')
    expect(logs?.lines[0]?.message).toBe('env OPENAI_API_KEY=*** rejected')
  })

  it('turns a service without the endpoint into one notice', async () => {
    const { deploymentId, revisionId } = await failedRevision()
    emulator.setRevisionLogs(false)
    const { events, io } = recordingIo()
    const logs = await showRevisionLogs(
      (phase, query, call) => client.getRevisionLogs(deploymentId, revisionId, phase, query, call),
      { revisionId, statusesSeen: ['BUILD_FAILED'], maxLines: 50, redact: (t) => t, call: {}, io }
    )
    expect(logs).toBeUndefined()
    expect(events).toEqual([
      `notice: The build logs of revision ${revisionId} could not be shown: this service does not offer revision logs`
    ])
  })

  it('turns any other error into one notice too', async () => {
    const { deploymentId, revisionId } = await failedRevision()
    emulator.injectFault({ path: /\/logs$/, kind: 'status', status: 500, times: 10 })
    const { events, io } = recordingIo()
    await showRevisionLogs(
      (phase, query, call) => client.getRevisionLogs(deploymentId, revisionId, phase, query, call),
      { revisionId, statusesSeen: ['BUILD_FAILED'], maxLines: 50, redact: (t) => t, call: {}, io }
    )
    expect(events).toEqual([
      expect.stringMatching(
        /^notice: The build logs of revision .* could not be shown: GET .*\/logs failed with HTTP 500/
      )
    ])
  })
})

describe('the summary with logs', () => {
  it('shows the last 30 lines in a fence no line can close', () => {
    const result: DeployResult = {
      outcome: 'failed',
      created: false,
      statusesSeen: ['BUILD_FAILED'],
      elapsedMs: 1000,
      message: 'failed'
    }
    const lines = Array.from({ length: 40 }, (_, i) => ({
      time: `t${i}`,
      level: 'INFO',
      message: i === 39 ? 'a ```` b <b>x</b>' : `m${i}`
    }))
    const markdown = renderDeploySummary(
      result,
      'git_host',
      { logs: { phase: 'build', lines } },
      NO_SECRETS
    )
    // No line has an error level: the last ones come first, then the tail, collapsed.
    expect(markdown).toContain(
      '<details><summary>Last 30 lines of the build log</summary>\n\n`````text\nm10\n'
    )
    expect(markdown).toContain('\na ```` b <b>x</b>\n`````\n')
    expect(markdown).not.toContain('\nm9\n')
  })
})
