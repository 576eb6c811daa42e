import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { type AgentServerEmulator } from '../../emulator'
import type { EmulatedGraph } from '../../emulator/agent-server-threads'
import { canaryThreadId } from '../../src/threads/canary'
import { runInProcess, type RunInProcessOptions, type WorldRun } from '../helpers/action-world'
import { clock } from '../helpers/deploy-harness'
import type { Step } from '../helpers/policy-file'
import { startThreadsDeployment, THREADS_DEPLOYMENT } from '../helpers/threads-deployment'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

// The canaries through the built action (run(world) on the virtual clock): a control plane whose
// deployment's URL is the emulated agent server, which serves the old graph while the seeded
// revision (or a redeploy of it) serves and the new graph while this run's revision does. A
// canary parks on the old graph before the write and is resumed on the new one.

jest.setTimeout(REAL_WORK_TEST_MS)

const NAME = THREADS_DEPLOYMENT
const COMMIT = 'a'.repeat(40)
const OLD: EmulatedGraph = { nodes: ['draft', 'approval'], parksAt: 'approval' }
const SAME: EmulatedGraph = { nodes: ['draft', 'approval', 'log'], parksAt: 'approval' }
const RENAMED: EmulatedGraph = { nodes: ['draft', 'review'], parksAt: 'review' }
const NEVER_PARKS: EmulatedGraph = { nodes: ['draft', 'approval'] }

const running: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const each of running.splice(0)) await each.close()
})

/** `next` is the graph this run's revision serves; every other revision serves `old`. */
const start = (next: EmulatedGraph, options: { old?: EmulatedGraph; firstDeploy?: boolean } = {}) =>
  startThreadsDeployment(running, options.old ?? OLD, next, options)

const run = (step: Step, options: RunInProcessOptions = {}) =>
  runInProcess(step, { clock, env: { GITHUB_SHA: COMMIT }, ...options })
const parkedOutput = (result: WorldRun) =>
  JSON.parse(result.outputs['parked-threads'] ?? 'null') as Record<string, unknown> | null

const APPROVE = {
  name: 'approve',
  message: 'refund order 1',
  resume: { ok: true },
  expect: 'approved'
}
const policy = (canary: Record<string, unknown>[], more: Record<string, unknown> = {}) => ({
  agent: { assistant: 'agent' },
  threads: { parked: 'check', canary, ...more },
  rollback: { 'on-failure': true }
})

/** The thread-writing requests the agent server got (search and count only read). */
const threadWrites = (agent: AgentServerEmulator) =>
  agent.requests.filter(
    (request) =>
      request.path.startsWith('/threads') &&
      !/\/(search|count)$/.test(request.path) &&
      request.method !== 'GET'
  )

describe('canaries through the action', () => {
  it('parks a canary before the write, resumes it after DEPLOYED, passes, and deletes it', async () => {
    const { step, cp, agent, deploymentId } = await start(SAME)
    const id = canaryThreadId(deploymentId ?? '', 'approve')
    const result = await run({ ...step, policy: policy([APPROVE]) })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({
      canary: [{ name: 'approve', verdict: 'pass' }],
      verdict: 'pass'
    })
    expect(cp.redeploys()).toHaveLength(0)
    // Created under its derived id with the action's metadata, before the control plane's write.
    const created = agent.requests.find((request) => request.path === '/threads')
    expect(created?.body).toMatchObject({
      thread_id: id,
      metadata: { 'managed-by': 'deploy-agent-action', 'managed-canary': 'approve' }
    })
    const resumed = agent.requests.find(
      (request) =>
        request.path === `/threads/${id}/runs/wait` &&
        (request.body as { command?: unknown }).command !== undefined
    )
    expect(resumed?.body).toMatchObject({ command: { resume: { ok: true } } })
    // Deleted by its id afterwards.
    expect(agent.threads.checkpointOf(id)).toBeUndefined()
    const onIt = agent.requests.filter((request) => request.path.startsWith(`/threads/${id}`))
    expect(onIt.at(-1)).toMatchObject({ method: 'DELETE', path: `/threads/${id}` })
    // The summary lists it with its reply's first line.
    expect(result.summary).toContain('approved: {"ok":true}')
  })

  it("shows a reply's first line redacted and escaped", async () => {
    const { step } = await start(SAME)
    const resume = { note: 'emulator-key | <img src=x> [x](http://evil.example)\nsecond' }
    const result = await run({ ...step, policy: policy([{ ...APPROVE, resume }]) })
    expect(result.exitCode).toBe(0)
    const row = result.summary.split('\n').find((line) => line.startsWith('| approve |')) ?? ''
    expect(row).not.toBe('')
    expect(row).not.toContain('emulator-key')
    expect(row).not.toContain('<img')
    expect(row).not.toMatch(/(?<!\\)\]\(/)
    // Three cells: the reply's pipe is escaped.
    expect(row.split(/(?<!\\)\|/).length).toBe(5)
  })

  it('rolls back on a canary whose reply fails, and deletes it either way', async () => {
    const { step, cp, agent, deploymentId } = await start(SAME)
    const strict = { ...APPROVE, name: 'strict', expect: 'rejected' }
    const result = await run({ ...step, policy: policy([APPROVE, strict]) })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['rolled-back']).toBe('true')
    expect(cp.redeploys()).toHaveLength(1)
    expect(parkedOutput(result)).toMatchObject({
      canary: [
        { name: 'approve', verdict: 'pass' },
        { name: 'strict', verdict: 'fail' }
      ],
      verdict: 'fail'
    })
    for (const name of ['approve', 'strict'])
      expect(agent.threads.checkpointOf(canaryThreadId(deploymentId ?? '', name))).toBeUndefined()
  })

  it('fails a canary whose node the release renames: rolled back, deleted', async () => {
    const { step, cp, agent, deploymentId } = await start(RENAMED)
    const result = await run({ ...step, policy: policy([APPROVE]) })
    expect(result.exitCode).toBe(1)
    expect(cp.redeploys()).toHaveLength(1)
    expect(parkedOutput(result)).toMatchObject({ canary: [{ name: 'approve', verdict: 'fail' }] })
    expect(agent.threads.checkpointOf(canaryThreadId(deploymentId ?? '', 'approve'))).toBe(
      undefined
    )
  })

  it('with fail refuses before the write a case that does not park, with no control-plane write', async () => {
    const { step, cp, agent, deploymentId } = await start(SAME, { old: NEVER_PARKS })
    const result = await run({ ...step, policy: policy([APPROVE]) })
    expect(result.exitCode).toBe(1)
    expect(cp.requests.filter((request) => request.method !== 'GET')).toEqual([])
    const error = result.stdout.split('\n').find((line) => line.startsWith('::error::')) ?? ''
    expect(error).toContain('approve')
    expect(agent.threads.checkpointOf(canaryThreadId(deploymentId ?? '', 'approve'))).toBe(
      undefined
    )
  })

  it('with warn skips a case that does not park, and deploys', async () => {
    const { step, cp, agent, deploymentId } = await start(SAME, { old: NEVER_PARKS })
    const result = await run({
      ...step,
      policy: policy([APPROVE], { 'on-incompatible': 'warn' })
    })
    expect(result.exitCode).toBe(0)
    expect(cp.redeploys()).toHaveLength(0)
    expect(parkedOutput(result)).toMatchObject({ canary: [], verdict: 'pass' })
    const id = canaryThreadId(deploymentId ?? '', 'approve')
    expect(agent.requests.some((request) => request.path === `/threads/${id}/runs/wait`)).toBe(true)
    expect(agent.threads.checkpointOf(id)).toBeUndefined()
  })

  it("never touches a user's thread carrying the canary's metadata keys", async () => {
    const { step, agent } = await start(SAME)
    const user = agent.threads.park({
      nodes: ['approval'],
      values: { messages: [] },
      metadata: { 'managed-by': 'deploy-agent-action', 'managed-canary': 'approve' }
    })
    const checkpoint = agent.threads.checkpointOf(user)
    const result = await run({ ...step, policy: policy([APPROVE]) })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({ read: 1, canary: [{ verdict: 'pass' }] })
    expect(agent.threads.checkpointOf(user)).toBe(checkpoint)
    expect(threadWrites(agent).filter((request) => request.path.includes(user))).toEqual([])
  })

  it('creates no canary on a dry run', async () => {
    const { step, agent } = await start(SAME)
    const result = await run({ ...step, 'dry-run': 'true', policy: policy([APPROVE]) })
    expect(result.exitCode).toBe(0)
    expect(threadWrites(agent)).toEqual([])
    expect(result.stdout).toMatch(/^::notice::threads\.canary/m)
  })

  it('creates no canary on a first deploy, and says so', async () => {
    const { step, agent } = await start(SAME, { firstDeploy: true })
    const result = await run({ ...step, policy: policy([APPROVE]) })
    expect(result.exitCode).toBe(0)
    expect(threadWrites(agent)).toEqual([])
    expect(result.stdout).toMatch(/^::notice::threads\.canary/m)
  })

  it('creates no canary under operation rollback', async () => {
    const { step, cp, agent } = await start(SAME)
    expect((await run({ ...step, policy: { threads: { parked: 'check' } } })).exitCode).toBe(0)
    const back = await run({
      'api-url': step['api-url'],
      'api-key': 'emulator-key',
      name: NAME,
      'poll-interval': '1',
      operation: 'rollback',
      policy: policy([APPROVE])
    })
    expect(back.exitCode).toBe(0)
    expect(cp.redeploys()).toHaveLength(1)
    expect(threadWrites(agent)).toEqual([])
  })

  it('deletes the canaries on a cancel during the checks', async () => {
    const { step, cp, agent, deploymentId } = await start(SAME)
    const id = canaryThreadId(deploymentId ?? '', 'approve')
    const result = await run(
      { ...step, policy: policy([APPROVE]) },
      {
        onStdout: (line, _all, cancel) => {
          if (line.startsWith('Serving check:')) cancel('SIGTERM')
        }
      }
    )
    expect(result.exitCode).toBe(1)
    expect(cp.redeploys()).toHaveLength(0)
    // It parked, was never resumed, and is gone.
    expect(agent.requests.some((request) => request.path === '/threads')).toBe(true)
    expect(
      agent.requests.some(
        (request) =>
          request.path === `/threads/${id}/runs/wait` &&
          (request.body as { command?: unknown }).command !== undefined
      )
    ).toBe(false)
    expect(agent.threads.checkpointOf(id)).toBeUndefined()
  })
})
