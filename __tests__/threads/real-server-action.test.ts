import { describe, expect, it, jest } from '@jest/globals'
import { canaryThreadId } from '../../src/threads/canary'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { clock } from '../helpers/deploy-harness'
import { NAME, parkedDeploymentPerFile } from '../helpers/parked-deployment'
import type { Step } from '../helpers/policy-file'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

// Parked threads through the built action (run(world) on the virtual clock) against the real
// agent server (@langchain/langgraph-api): the deployment's URL is that server, restarted in the
// same folder on the release's graph when the emulated revision becomes DEPLOYED and on the old
// graph again when a redeploy of the old revision does, as a deployment's revisions share its
// threads. One server for the file; each test starts with no thread.

jest.setTimeout(REAL_WORK_TEST_MS)

const deployment = parkedDeploymentPerFile()
const CHECK = { threads: { parked: 'check' }, rollback: { 'on-failure': true } }
const COMMIT = 'a'.repeat(40)

const run = (step: Step) => runInProcess(step, { clock, env: { GITHUB_SHA: COMMIT } })
const parkedOutput = (result: WorldRun) =>
  JSON.parse(result.outputs['parked-threads'] ?? 'null') as Record<string, unknown> | null
const warnings = (result: WorldRun) =>
  result.annotations.filter((each) => each.kind === 'warning').map((each) => each.text)
const short = (id: string) => id.slice(0, 8)

describe('parked threads through the action, on the real agent server', () => {
  it('passes a deploy with no parked thread', async () => {
    const { step, cp } = await deployment({ next: 'renamed' })
    const result = await run({ ...step, policy: CHECK })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({
      read: 0,
      total: 0,
      incompatible: [],
      verdict: 'pass'
    })
    expect(cp.redeploys()).toHaveLength(0)
  })

  it('fails after DEPLOYED on a renamed node, rolls back once, and the thread waits again', async () => {
    const world = await deployment({ next: 'renamed' })
    const thread = await world.park()
    const before = await world.state(thread)
    const result = await run({ ...world.step, policy: CHECK })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['rolled-back']).toBe('true')
    expect(world.cp.redeploys()).toHaveLength(1)
    expect(parkedOutput(result)).toMatchObject({
      read: 1,
      total: 1,
      incompatible: [{ thread: short(thread), graph: 'agent', node: 'approval' }],
      verdict: 'fail'
    })
    const failure = result.annotations.find((each) => each.kind === 'error')?.text ?? ''
    expect(failure).toContain(short(thread))
    expect(failure).toContain('approval')
    // Served the old graph again, the thread is at its node at the same checkpoint.
    expect(await world.state(thread)).toEqual(before)
    expect(before).toMatchObject({ status: 'interrupted', next: ['approval'] })
  })

  it('fails on a key newly required that the thread lacks', async () => {
    const world = await deployment({ next: 'tiered' })
    const thread = await world.park()
    const result = await run({ ...world.step, policy: CHECK })
    expect(result.exitCode).toBe(1)
    expect(parkedOutput(result)).toMatchObject({
      incompatible: [{ thread: short(thread), graph: 'agent', key: 'tier', why: 'required' }],
      verdict: 'fail'
    })
    expect(world.cp.redeploys()).toHaveLength(1)
  })

  it('fails on a value the new schema no longer admits', async () => {
    const world = await deployment({ next: 'retyped' })
    const thread = await world.park()
    const result = await run({ ...world.step, policy: CHECK })
    expect(result.exitCode).toBe(1)
    expect(parkedOutput(result)).toMatchObject({
      incompatible: [{ thread: short(thread), graph: 'agent', key: 'topic', why: 'type' }],
      verdict: 'fail'
    })
  })

  it('passes a key required on both sides that is written only after the interrupt', async () => {
    // `decision` is required in every version and the parked thread lacks it: not this release's doing.
    const world = await deployment({ next: 'v1' })
    await world.park()
    const result = await run({ ...world.step, policy: CHECK })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({ read: 1, incompatible: [], verdict: 'pass' })
    expect(world.cp.redeploys()).toHaveLength(0)
  })

  it('names only the branch whose node was renamed of a thread parked at two', async () => {
    const world = await deployment({ next: 'renamed' })
    const thread = await world.park('split', 'fanout')
    expect((await world.state(thread)).next).toEqual(['left', 'right'])
    const result = await run({ ...world.step, policy: CHECK })
    expect(result.exitCode).toBe(1)
    expect(parkedOutput(result)).toMatchObject({
      parked: expect.arrayContaining([
        { graph: 'fanout', node: 'left', threads: 1 },
        { graph: 'fanout', node: 'right', threads: 1 }
      ]),
      incompatible: [{ thread: short(thread), graph: 'fanout', node: 'right' }],
      verdict: 'fail'
    })
  })

  it('passes a compatible graph, and the thread resumes afterwards', async () => {
    const world = await deployment({ next: 'compatible' })
    const thread = await world.park()
    const result = await run({ ...world.step, policy: CHECK })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({ read: 1, incompatible: [], verdict: 'pass' })
    expect(world.cp.redeploys()).toHaveLength(0)
    const answer = await world.resume(thread, 'yes')
    expect(answer.decision).toBe('"yes"')
  })

  it('passes with a thread answered and one deleted during the deploy, counting both', async () => {
    const ids: string[] = []
    const world = await deployment({
      next: 'compatible',
      // At DEPLOYED, before the new graph serves: one user answers, another deletes a thread.
      onSwap: async ({ to, server }) => {
        if (to !== 'compatible') return
        await server.resume(ids[0] ?? '', 'ok')
        await server.remove(ids[1] ?? '')
      }
    })
    ids.push(await world.park(), await world.park(), await world.park())
    const result = await run({ ...world.step, policy: CHECK })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({
      read: 3,
      total: 3,
      incompatible: [],
      'moved-on': 1,
      deleted: 1,
      verdict: 'pass'
    })
  })

  it('names a thread answered between DEPLOYED and the rollback', async () => {
    const ids: string[] = []
    const world = await deployment({
      next: 'renamed',
      // The rollback's revision is DEPLOYED; the new code still serves when this user answers.
      onSwap: async ({ from, server }) => {
        if (from === 'renamed') await server.resume(ids[1] ?? '', 'late')
      }
    })
    ids.push(await world.park(), await world.park())
    const [untouched = '', answered = ''] = ids
    const result = await run({ ...world.step, policy: CHECK })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['rolled-back']).toBe('true')
    expect(
      warnings(result).filter(
        (text) => text.includes(short(answered)) && !text.includes(short(untouched))
      )
    ).toHaveLength(1)
    expect(await world.state(untouched)).toMatchObject({
      status: 'interrupted',
      next: ['approval']
    })
    expect(await world.state(answered)).toMatchObject({ status: 'idle', next: ['approval'] })
  })

  it('warns on operation rollback of a thread parked at a node only the newer code has', async () => {
    const world = await deployment({ next: 'renamed' })
    expect((await run({ ...world.step, policy: CHECK })).exitCode).toBe(0)
    // Parked on the newer graph, at `review`.
    const thread = await world.park()
    expect((await world.state(thread)).next).toEqual(['review'])
    const back = await run({
      'api-url': world.step['api-url'],
      'api-key': 'emulator-key',
      name: NAME,
      'poll-interval': '1',
      operation: 'rollback',
      policy: { threads: { parked: 'check' } }
    })
    expect(back.exitCode).toBe(0)
    expect(world.cp.redeploys()).toHaveLength(1)
    expect(parkedOutput(back)).toMatchObject({
      read: 1,
      incompatible: [{ thread: short(thread), graph: 'agent', node: 'review' }],
      verdict: 'warn'
    })
    expect(warnings(back).some((text) => text.includes(short(thread)))).toBe(true)
  })
})

const APPROVE = {
  name: 'approve',
  assistant: 'agent',
  message: 'refund order 7 (test account)',
  resume: { approved: true },
  expect: 'approved'
}
const CANARY = { ...CHECK, threads: { parked: 'check', canary: [APPROVE] } }
/** A thread gone from the server (the state read answers 404). */
const gone = (world: { state(id: string): Promise<unknown> }, id: string) =>
  expect(world.state(id)).rejects.toThrow('404')

describe('canaries through the action, on the real agent server', () => {
  it('parks a canary on the old graph, resumes it on a compatible one, passes, and deletes it', async () => {
    const world = await deployment({ next: 'compatible' })
    const result = await run({ ...world.step, policy: CANARY })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({
      canary: [{ name: 'approve', verdict: 'pass' }],
      verdict: 'pass'
    })
    expect(result.summary).toContain('approved: {"approved":true}')
    await gone(world, canaryThreadId(world.deploymentId, 'approve'))
  })

  it('fails a canary whose node the release renames: rolled back, and deleted', async () => {
    const world = await deployment({ next: 'renamed' })
    const result = await run({ ...world.step, policy: CANARY })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['rolled-back']).toBe('true')
    expect(world.cp.redeploys()).toHaveLength(1)
    expect(parkedOutput(result)).toMatchObject({
      canary: [{ name: 'approve', verdict: 'fail' }],
      verdict: 'fail'
    })
    await gone(world, canaryThreadId(world.deploymentId, 'approve'))
  })
})
