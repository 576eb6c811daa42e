import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { InputError, parseInputs } from '../../src/inputs/parse'
import { parseDuration } from '../../src/lib/duration'
import { pullRequestOf } from '../../src/operations/prune'
import { rawInputs } from '../helpers/action-yml'
import type { ConfigPartial } from '../helpers/config-fixture'
import { BRANCH_ENV, clock, onClock, runDeploy } from '../helpers/deploy-harness'

let emulator: ControlPlaneEmulator
beforeEach(async () => {
  emulator = await startControlPlane({ ...onClock, stepMs: 10 })
})
afterEach(async () => {
  await emulator.close()
})

const DAY_MS = 86_400_000
const daysAgo = (days: number) => new Date(clock.now() - days * DAY_MS).toISOString()
const names = () =>
  emulator
    .deployments()
    .map((deployment) => deployment.name)
    .sort()
const deletes = () => emulator.requests.filter((request) => request.method === 'DELETE')
const mutating = () => emulator.requests.filter((request) => request.method !== 'GET')

/**
 * 240 deployments: 120 previews `pr-1`…`pr-120`, every third one stale (10 days old), and others
 * the name filter also returns (`app-pr-…`, stale, which hold the prefix but do not start with it)
 * or that are stale but not previews (`main-agent`).
 */
function seedMany(): { stale: string[]; kept: string[] } {
  const stale: string[] = []
  const kept: string[] = []
  for (let number = 1; number <= 120; number += 1) {
    const old = number % 3 === 0
    emulator.seedDeployment({ name: `pr-${number}`, updated_at: daysAgo(old ? 10 : 1) })
    ;(old ? stale : kept).push(`pr-${number}`)
  }
  for (let number = 1; number <= 110; number += 1) {
    emulator.seedDeployment({ name: `app-pr-${number}`, updated_at: daysAgo(30) })
    kept.push(`app-pr-${number}`)
  }
  emulator.seedDeployment({ name: 'main-agent', updated_at: daysAgo(90) })
  kept.push('main-agent')
  return { stale: stale.sort(), kept: kept.sort() }
}

const pruneStep = (given: ConfigPartial<'prune'> = {}): ConfigPartial<'prune'> => ({
  apiUrl: emulator.url,
  operation: 'prune',
  prune: { prefix: 'pr-', olderThanMs: parseDuration('7d') },
  ...given
})

describe('operation prune: by age', () => {
  it('deletes exactly the stale prefixed deployments, over several pages of names, never another', async () => {
    const { stale, kept } = seedMany()
    const { result, outputs, log } = await runDeploy(pruneStep())
    expect(result.outcome).toBe('pruned')
    expect(names()).toEqual(kept)
    expect(JSON.parse(outputs.pruned ?? '[]').sort()).toEqual(stale)
    // Every page of the name filter was read (230 names match "pr-").
    const pages = emulator.requests.filter(
      (request) => request.method === 'GET' && request.path === '/v2/deployments'
    )
    expect(pages.map((request) => request.query.offset)).toEqual(['0', '100', '200'])
    expect(deletes()).toHaveLength(stale.length)
    expect(result.message).toContain(`Deleted ${stale.length} stale deployments`)
    // The table: a header, then a row per stale deployment with its last update and why.
    const header = log.findIndex((line) => line.startsWith('name '))
    expect(log[header]).toMatch(/^name\s+last update\s+why\s+result$/)
    expect(log[header + 1]).toMatch(
      /^pr-\d+\s+\S+Z\s+not updated for 10d 00h \(prune-older-than 7d 00h\)\s+would delete$/
    )
    expect(result.pruneRows?.every((row) => row.result === 'deleted')).toBe(true)
  })

  it('with dry-run: prints the table, sets pruned, and deletes nothing', async () => {
    const { stale } = seedMany()
    const { result, outputs, log } = await runDeploy(pruneStep({ dryRun: true }))
    expect(result.outcome).toBe('dry-run')
    expect(mutating()).toEqual([])
    expect(JSON.parse(outputs.pruned ?? '[]').sort()).toEqual(stale)
    expect(log.filter((line) => line.includes('would delete'))).toHaveLength(stale.length)
  })

  it('deletes the tracing projects when asked', async () => {
    emulator.seedDeployment({ name: 'pr-1', updated_at: daysAgo(8) })
    emulator.seedDeployment({ name: 'pr-2', updated_at: daysAgo(8) })
    await runDeploy(pruneStep({ deleteTracingProject: true }))
    expect(deletes().map((request) => request.query.delete_tracing_project)).toEqual([
      'true',
      'true'
    ])
    expect(emulator.tracingProjects()).toEqual([])
  })

  it('takes a deployment that vanished meanwhile as deleted, and fails after trying every delete when one fails', async () => {
    const gone = emulator.seedDeployment({ name: 'pr-1', updated_at: daysAgo(9) })
    const broken = emulator.seedDeployment({ name: 'pr-2', updated_at: daysAgo(8) })
    emulator.seedDeployment({ name: 'pr-3', updated_at: daysAgo(8) })
    emulator.injectFault({
      method: 'DELETE',
      path: `/v2/deployments/${gone.id}`,
      kind: 'status',
      status: 404
    })
    emulator.injectFault({
      method: 'DELETE',
      path: `/v2/deployments/${broken.id}`,
      kind: 'status',
      status: 403,
      body: { detail: 'Not allowed to delete this deployment' }
    })
    const { result, outputs } = await runDeploy(pruneStep())
    expect(result.outcome).toBe('error')
    expect(result.message).toContain('1 of 3 deletes failed; every other one was tried.')
    expect(result.message).toContain(`pr-2 (${broken.id}): DELETE /v2/deployments/${broken.id}`)
    expect(result.message).toContain('Not allowed to delete this deployment')
    expect(result.message).toContain('1 had already gone')
    expect(JSON.parse(outputs.pruned ?? '[]')).toEqual(['pr-3'])
    expect(result.pruneRows?.map((row) => [row.name, row.result])).toEqual([
      ['pr-1', 'already gone'],
      ['pr-2', 'failed'],
      ['pr-3', 'deleted']
    ])
  })

  it('deletes nothing when nothing is stale', async () => {
    emulator.seedDeployment({ name: 'pr-1', updated_at: daysAgo(1) })
    const { result, outputs } = await runDeploy(pruneStep())
    expect(result.outcome).toBe('pruned')
    expect(result.message).toBe('No stale deployment: nothing was deleted.')
    expect(outputs.pruned).toBe('[]')
    expect(mutating()).toEqual([])
  })
})

describe('operation prune: closed pull requests', () => {
  it('deletes the previews of closed pull requests, keeps open ones, and takes one gone meanwhile in its stride', async () => {
    for (const number of [1, 2, 3, 4, 5]) emulator.seedDeployment({ name: `pr-${number}` })
    emulator.seedDeployment({ name: 'pr-6-old' })
    const vanishing = emulator.seedDeployment({ name: 'pr-7' })
    const states: Record<number, 'open' | 'closed' | undefined> = {
      1: 'closed',
      2: 'open',
      3: 'closed',
      4: undefined,
      7: 'closed'
    }
    const asked: number[] = []
    const { result, outputs } = await runDeploy(
      {
        apiUrl: emulator.url,
        operation: 'prune',
        prune: { prefix: 'pr-', closedPullRequests: true },
        github: { token: 'ghs_test' }
      },
      {
        pullRequestState: async (number) => {
          asked.push(number)
          if (number === 5) throw new Error('HTTP 502: Bad Gateway')
          if (number === 7) {
            // Someone else deletes it between the listing and the delete.
            await fetch(`${emulator.url}/v2/deployments/${vanishing.id}`, {
              method: 'DELETE',
              headers: { 'x-api-key': 'emulator-key' }
            })
          }
          return states[number]
        }
      }
    )
    expect(result.outcome).toBe('pruned')
    expect(asked.sort()).toEqual([1, 2, 3, 4, 5, 7])
    expect(names()).toEqual(['pr-2', 'pr-4', 'pr-5', 'pr-6-old'])
    expect(JSON.parse(outputs.pruned ?? '[]')).toEqual(['pr-1', 'pr-3'])
    expect(result.pruneRows?.map((row) => [row.name, row.reason, row.result])).toEqual([
      ['pr-1', 'pull request #1 is closed', 'deleted'],
      ['pr-3', 'pull request #3 is closed', 'deleted'],
      ['pr-7', 'pull request #7 is closed', 'already gone']
    ])
    // Kept because GitHub could not say: the result says so, never "not stale" in silence.
    expect(result.message).toContain(
      'Kept, since the state of their pull request could not be read: pr-5.'
    )
  })

  it('reads a pull-request number only where the prefix is followed by one', () => {
    expect(pullRequestOf('pr-12', 'pr-')).toBe(12)
    expect(pullRequestOf('pr-12a', 'pr-')).toBeUndefined()
    expect(pullRequestOf('pr-012', 'pr-')).toBeUndefined()
    expect(pullRequestOf('xpr-12', 'pr-')).toBeUndefined()
  })
})

describe('operation prune: bad input is refused by name, and nothing is sent', () => {
  const problemsOf = async (given: Record<string, string>) => {
    try {
      await parseInputs(
        rawInputs({ 'api-url': emulator.url, 'api-key': 'k', ...given }),
        BRANCH_ENV
      )
    } catch (error) {
      if (error instanceof InputError) return error.problems
      throw error
    }
    return []
  }

  it.each([
    [{ 'prune-older-than': '7d' }, 'prune-prefix', 'is required with operation prune'],
    [{ 'prune-prefix': 'pr', 'prune-older-than': '7d' }, 'prune-prefix', 'at least 3 characters'],
    [{ 'prune-prefix': 'PR-', 'prune-older-than': '7d' }, 'prune-prefix', 'lowercase letters'],
    [{ 'prune-prefix': 'pr-' }, 'prune-older-than', 'or prune-closed-prs: true is required'],
    [
      { 'prune-prefix': 'pr-', 'prune-closed-prs': 'true' },
      'prune-closed-prs',
      'needs github-token'
    ],
    [
      { 'prune-prefix': 'pr-', 'prune-older-than': 'a week' },
      'prune-older-than',
      'not a positive duration'
    ],
    [
      { 'prune-prefix': 'pr-', 'prune-older-than': '7d', name: 'pr-1' },
      'name',
      'not used with operation prune'
    ]
  ])('refuses %j', async (given, input, message) => {
    const problems = await problemsOf({ operation: 'prune', ...given })
    expect(problems).toContainEqual({ input, message: expect.stringContaining(message) })
    expect(emulator.requests).toEqual([])
  })

  it('refuses the prune inputs with other operations', async () => {
    expect(await problemsOf({ name: 'pr-1', operation: 'delete', 'prune-prefix': 'pr-' })).toEqual([
      { input: 'prune-prefix', message: 'is only for operation prune, not delete' }
    ])
  })

  it('reads days in durations', () => {
    expect(parseDuration('7d')).toBe(7 * DAY_MS)
    expect(parseDuration('1d12h')).toBe(36 * 3_600_000)
  })
})
