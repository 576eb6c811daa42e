import { afterEach, describe, expect, it } from '@jest/globals'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startGitHubApi } from '../helpers/github-api'
import { startHostileAgentServer } from '../helpers/hostile/agent-server'
import { DEPLOYMENT_ID, startHostileControlPlane } from '../helpers/hostile/control-plane'
import { GITHUB_TOKEN } from '../helpers/hostile/secrets'
import { startClosingProxy, startSilentServer } from '../helpers/hostile/silent-proxy'
import { hostileStep } from '../helpers/hostile/step'
import { recordFigure } from '../helpers/hostile/figures'
import { runAction, type ActionRun } from '../helpers/run-action'
import { runInProcess, type WorldRun } from '../helpers/action-world'

/**
 * `timeout` bounds the whole run, whatever the servers do. Each run has `timeout: 5s` and must
 * end within 10 s more. The runs are in this process on a virtual clock, which moves while a
 * server hangs: the bound is measured on it, whatever the machine's speed. The failed revision's
 * logs (which may run after the timeout under their own bound) are not asked for
 * (`log-lines: 0`), so the bound is the timeout's alone. Packing the source, which runs git, is
 * a child run of the bundle on the real clock.
 */
const TIMEOUT_S = 5
const BOUND_MS = (TIMEOUT_S + 10) * 1000
const TEST_MS = BOUND_MS + 20_000
const bounded = { timeout: `${TIMEOUT_S}s`, 'log-lines': '0' }

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

function expectBounded(run: WorldRun) {
  recordFigure(expect.getState().currentTestName ?? 'hang', {
    secondsPastTimeout: run.durationMs / 1000 - TIMEOUT_S
  })
  expect(run.durationMs).toBeLessThan(BOUND_MS)
}

/**
 * A child run is on the real clock, which a busy machine stretches: the bound it is held to is
 * that it ended on its own, before a guard no busy machine reaches, having said it timed out.
 */
function expectChildBounded(run: ActionRun) {
  expect(run.killed).toBe(false)
  expect(run.stdout).toContain('Timed out after 5s before packing source-dir could finish.')
}
/** Kills a child run that outlives its timeout by far more than any machine's slowness. */
const CHILD_GUARD = { killAfterMs: 90_000 }

describe('every run ends within timeout plus a few seconds', () => {
  it(
    'when the control plane accepts the status check and never answers',
    async () => {
      const cp = await startHostileControlPlane({
        answer: (route) => (route === 'get-revision' ? { hang: true } : undefined)
      })
      closers.push(cp.close)
      const run = await runInProcess(hostileStep(cp.url, bounded))
      expectBounded(run)
      expect(run.code).toBe(1)
      expect(run.stdout).toMatch(/Timed out/)
    },
    TEST_MS
  )

  it(
    'through a proxy that accepts connections and never answers',
    async () => {
      const proxy = await startSilentServer()
      const cp = await startHostileControlPlane()
      closers.push(proxy.close, cp.close)
      const run = await runInProcess(hostileStep(cp.url, bounded), {
        env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '' }
      })
      expect(proxy.connections()).toBeGreaterThan(0)
      expectBounded(run)
      expect(run.code).toBe(1)
    },
    TEST_MS
  )

  it(
    'through a proxy that closes every CONNECT (fewer than 100 of them)',
    async () => {
      const proxy = await startClosingProxy()
      const cp = await startHostileControlPlane()
      closers.push(proxy.close, cp.close)
      const run = await runInProcess(hostileStep(cp.url, bounded), {
        env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '' }
      })
      recordFigure('a proxy that closes every CONNECT: connections', {
        connections: proxy.connections()
      })
      expect(proxy.connections()).toBeGreaterThan(0)
      expect(proxy.connections()).toBeLessThan(100)
      expectBounded(run)
      expect(run.code).toBe(1)
    },
    TEST_MS
  )

  it(
    'when the agent checks go to an http:// URL through a proxy that closes every CONNECT',
    async () => {
      const proxy = await startClosingProxy()
      const agent = await startHostileAgentServer()
      // The control plane is reached directly; only the agent (by another name) goes through the proxy.
      const cp = await startHostileControlPlane({
        deployment: { source_config: { custom_url: agent.url.replace('127.0.0.1', 'localhost') } }
      })
      closers.push(proxy.close, agent.close, cp.close)
      const run = await runInProcess(
        hostileStep(cp.url, {
          ...bounded,
          policy: { agent: { assistant: 'agent', timeout: '5m' } }
        }),
        { env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } }
      )
      recordFigure('agent checks through a proxy that closes every CONNECT: connections', {
        connections: proxy.connections()
      })
      expect(proxy.connections()).toBeGreaterThan(0)
      expect(proxy.connections()).toBeLessThan(100)
      expect(agent.seen).toHaveLength(0)
      expectBounded(run)
      expect(run.code).toBe(1)
    },
    TEST_MS
  )

  it(
    'when the GitHub API never answers (the records never hold the deploy back)',
    async () => {
      const github = await startGitHubApi({ hang: true })
      const cp = await startHostileControlPlane()
      closers.push(github.close, cp.close)
      const run = await runInProcess(
        hostileStep(cp.url, {
          ...bounded,
          'github-token': GITHUB_TOKEN,
          environment: 'preview',
          'pr-comment': 'true'
        }),
        { pullRequest: { number: 42 }, githubApiUrl: github.url }
      )
      expect(github.calls.length).toBeGreaterThan(0)
      expectBounded(run)
      expect(run.outputs['deployment-id']).toBe(DEPLOYMENT_ID)
    },
    TEST_MS
  )

  it(
    'when the agent server accepts the checks and never answers (agent.timeout is longer)',
    async () => {
      const agent = await startHostileAgentServer({ answer: () => ({ hang: true }) })
      const cp = await startHostileControlPlane({
        deployment: { source_config: { custom_url: agent.url } }
      })
      closers.push(agent.close, cp.close)
      const run = await runInProcess(
        hostileStep(cp.url, {
          ...bounded,
          policy: { agent: { assistant: 'agent', timeout: '5m' } }
        })
      )
      expect(agent.seen.length).toBeGreaterThan(0)
      expectBounded(run)
      expect(run.code).toBe(1)
    },
    TEST_MS
  )

  it(
    'when packing the source never ends (git, which lists the files, hangs)',
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'hostile-pack-'))
      const bin = join(work, 'bin')
      const source = join(work, 'app')
      mkdirSync(bin)
      mkdirSync(source)
      writeFileSync(join(source, 'graph.json'), '{}')
      // A git that never answers; it ends on its own after a while, so nothing is left behind.
      writeFileSync(join(bin, 'git'), '#!/bin/sh\nexec sleep 45\n')
      chmodSync(join(bin, 'git'), 0o755)
      const cp = await startHostileControlPlane()
      closers.push(cp.close, async () => rmSync(work, { recursive: true, force: true }))
      const run = await runAction(
        hostileStep(cp.url, {
          ...bounded,
          source: 'internal_source',
          'source-dir': source,
          'integration-id': ''
        }),
        { ...CHILD_GUARD, env: { PATH: `${bin}:${process.env.PATH ?? ''}` } }
      )
      expectChildBounded(run)
      expect(run.code).toBe(1)
    },
    CHILD_GUARD.killAfterMs + 30_000
  )
})
