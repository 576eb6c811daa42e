import { afterEach, describe, expect, it, afterAll } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startGitHubApi } from '../helpers/github-api'
import { startHostileAgentServer } from '../helpers/hostile/agent-server'
import { startHostileControlPlane } from '../helpers/hostile/control-plane'
import { startRecordingServer, type Seen } from '../helpers/hostile/http'
import {
  AGENT_KEY,
  API_KEY,
  findSecrets,
  GITHUB_TOKEN,
  undeclaredOutputs
} from '../helpers/hostile/secrets'
import { hostileStep } from '../helpers/hostile/step'
import { runnerOn, VirtualClock } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

/**
 * What is safe today and must stay so: redirects are not followed and no key goes to another
 * host, the upload carries no key, credentials in api-url are never printed, and a newline in a
 * server's value cannot add an output.
 */
const GUARD = {}
const TEST_MS = 90_000

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** A server on another origin that records what reaches it and answers 200. */
async function otherHost() {
  const other = await startRecordingServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{}')
  })
  closers.push(other.close)
  // Another host name and port: a different origin in every sense.
  return { ...other, url: other.url.replace('127.0.0.1', 'localhost') }
}

/** Secret forms in the headers of requests, as "where: secret (form)". */
function secretsInHeaders(seen: Seen[]): string[] {
  return seen.flatMap((request) =>
    findSecrets(`${request.method} ${request.path}`, JSON.stringify(request.headers))
  )
}

describe('redirects are not followed and no key goes to another host', () => {
  it(
    'from the control plane',
    async () => {
      const other = await otherHost()
      const cp = await startHostileControlPlane({
        answer: (route, seen) =>
          route === 'list-deployments' || route === 'get-revision'
            ? { redirect: `${other.url}${seen.path}`, status: 307 }
            : undefined
      })
      closers.push(cp.close)
      const run = await runInProcess(hostileStep(cp.url, { timeout: '10s' }), GUARD)
      expect(run.code).toBe(1)
      expect(other.seen).toEqual([])
    },
    TEST_MS
  )

  it(
    'from the agent server',
    async () => {
      const other = await otherHost()
      const agent = await startHostileAgentServer({
        answer: (_, seen) => ({ redirect: `${other.url}${seen.path}`, status: 307 })
      })
      const cp = await startHostileControlPlane({
        deployment: { source_config: { custom_url: agent.url } }
      })
      closers.push(agent.close, cp.close)
      const run = await runInProcess(
        hostileStep(cp.url, {
          policy: { agent: { assistant: 'agent', timeout: '3s' } },
          'agent-api-key': AGENT_KEY
        }),
        GUARD
      )
      expect(run.code).toBe(1)
      expect(agent.seen.length).toBeGreaterThan(0)
      expect(other.seen).toEqual([])
    },
    TEST_MS
  )

  it(
    'from the GitHub API: the token never reaches another host',
    async () => {
      const other = await otherHost()
      const github = await startGitHubApi({ redirectTo: other.url })
      const cp = await startHostileControlPlane()
      closers.push(github.close, cp.close)
      const run = await runInProcess(
        hostileStep(cp.url, {
          'github-token': GITHUB_TOKEN,
          environment: 'preview',
          'pr-comment': 'true'
        }),
        { ...GUARD, pullRequest: { number: 42 }, githubApiUrl: github.url }
      )
      expect(run.code).toBe(0)
      expect(github.calls.length).toBeGreaterThan(0)
      expect(secretsInHeaders(other.seen)).toEqual([])
    },
    TEST_MS
  )
})

describe('the source upload', () => {
  it(
    'carries no key: not in its headers, only the signed URL',
    async () => {
      const storage = await otherHost()
      const source = mkdtempSync(join(tmpdir(), 'hostile-upload-'))
      writeFileSync(join(source, 'graph.json'), '{}')
      const cp = await startHostileControlPlane({ uploadUrl: `${storage.url}/bucket/obj?sig=s1` })
      closers.push(cp.close, async () => rmSync(source, { recursive: true, force: true }))
      const run = await runInProcess(
        hostileStep(cp.url, {
          source: 'internal_source',
          'source-dir': source,
          'integration-id': '',
          'github-token': GITHUB_TOKEN,
          'agent-api-key': AGENT_KEY
        }),
        GUARD
      )
      expect(run.code).toBe(0)
      const puts = storage.seen.filter((request) => request.method === 'PUT')
      expect(puts).toHaveLength(1)
      expect(puts[0]?.headers['x-api-key']).toBeUndefined()
      expect(puts[0]?.headers.authorization).toBeUndefined()
      expect(secretsInHeaders(storage.seen)).toEqual([])
      // The control plane itself did get the key: the check above is not vacuous.
      expect(cp.seen[0]?.headers['x-api-key']).toBe(API_KEY)
    },
    TEST_MS
  )
})

describe('credentials in api-url', () => {
  it(
    'are refused by name, sent nowhere and never printed',
    async () => {
      const cp = await startHostileControlPlane({})
      closers.push(cp.close)
      const withCredentials = cp.url.replace('http://', 'http://deployer:pa55-WORD-in-url@')
      const run = await runInProcess(hostileStep(withCredentials), {
        ...GUARD,
        env: { RUNNER_DEBUG: '1' }
      })
      expect(run.code).toBe(1)
      expect(run.stdout).toMatch(/^::error::.*api-url/m)
      expect(cp.seen).toEqual([])
      // The runner consumes ::add-mask:: lines (how the action hides the password) and shows none.
      const shown = run.stdout
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n')
      const everything = [shown, run.stderr, run.summary, JSON.stringify(run.outputs)].join('\n')
      expect(everything).not.toContain('pa55-WORD-in-url')
    },
    TEST_MS
  )
})

describe('a newline in a value the server returns', () => {
  it(
    'cannot add an output',
    async () => {
      const cp = await startHostileControlPlane({
        deployment: {
          id: 'dep-1\ninjected<<EOF\nvalue\nEOF\ncreated=false',
          source_config: { custom_url: 'https://agent.example.com/\ninjected=1' }
        },
        revisionId: 'rev-2\nrevision-status<<X\nhacked\nX'
      })
      closers.push(cp.close)
      const run = await runInProcess(hostileStep(cp.url), GUARD)
      // The id is not a UUID: the run stops at it, with every output declared and none injected.
      expect(run.code).toBe(1)
      expect(undeclaredOutputs(run)).toEqual([])
      expect(run.outputs['deployment-id']).toBe('')
      expect(run.outputs.created).toBe('true')
    },
    TEST_MS
  )
})
