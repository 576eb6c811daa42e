import { describe, expect, it } from '@jest/globals'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import { runnerOn, type WorldRun } from '../helpers/action-world'
import { startGitHubApi } from '../helpers/github-api'
import { POLICY_PATH, policyText } from '../helpers/policy-file'
import { BASE_SHA } from '../helpers/runner-event'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

/**
 * What a pull request changes in the release policy, for every environment either side names,
 * through the built action on a preview's run (environment pr-7): another environment's
 * weakening is listed under it and counted, a change common to all is listed once, entries added
 * and removed are compared, and a weaker policy is never a plain success (a ⚠️ line under the
 * headline, each weaker line a warning on the line that makes it, within GitHub's budget).
 */
const NAME = 'support-agent'
const runInProcess = runnerOn(clock)
const servingAgent = servingAgentPerTest(NAME)

const CASES = [
  { name: 'hello', message: 'hello', expect: 'echo: hello' },
  { name: 'bye', message: 'bye', expect: 'echo' }
]

async function previewRun(base: Record<string, unknown>, head: Record<string, unknown>) {
  const github = await startGitHubApi({
    files: { [BASE_SHA]: { [POLICY_PATH]: policyText(base) } }
  })
  try {
    const { controlPlane } = await servingAgent()
    seedServing(controlPlane, NAME)
    const run = await runInProcess(
      {
        ...gitHostStep(controlPlane.url),
        'api-key': 'emulator-key',
        'poll-interval': '1',
        'github-token': 'ghs_workflow_token',
        'pr-comment': 'true',
        environment: 'pr-7',
        policy: head
      },
      { pullRequest: { number: 7 }, githubApiUrl: github.url }
    )
    return { run, comment: github.comments.at(-1)?.body ?? '' }
  } finally {
    await github.close()
  }
}

/** The summary's lines listed under a group's heading (`**every environment:**`). */
function listedUnder(text: string, heading: string): string[] {
  const lines = text.split('\n')
  const start = lines.findIndex((line) => line === `**${heading}:**`)
  if (start === -1) return []
  const listed: string[] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('- ')) break
    listed.push(line)
  }
  return listed
}

const warnings = (run: WorldRun) => run.annotations.filter((each) => each.kind === 'warning')

const PRODUCTION = '`environments.production`'

describe("a pull request's changes for every environment", () => {
  it("lists production's weakening on a preview's run under it, and counts it", async () => {
    const base = {
      agent: { assistant: 'agent' },
      environments: {
        production: {
          agent: { message: 'hello', expect: 'echo' },
          rollback: { 'on-failure': true }
        }
      }
    }
    const head = {
      agent: { assistant: 'agent' },
      environments: {
        production: { agent: { message: 'hello' }, rollback: { 'on-failure': false } }
      }
    }
    const { run, comment } = await previewRun(base, head)
    expect(run.code).toBe(0)
    const production = listedUnder(run.summary, PRODUCTION)
    expect(production).toHaveLength(2)
    expect(production.join('\n')).toContain('`agent.expect`')
    expect(production.join('\n')).toContain('`rollback.on-failure`')
    expect(
      production.every((line) => line.endsWith('**weaker**') || line.includes('**weaker ('))
    ).toBe(true)
    expect(comment).toContain('policy: 2 weaker')
    expect(listedUnder(comment, PRODUCTION)).toHaveLength(2)
  })

  it('lists a change common to every environment once', async () => {
    const entries = {
      production: { rollback: { 'on-failure': true } },
      'pr-*': { agent: { a2a: false } }
    }
    const base = { agent: { assistant: 'agent', timeout: '5m' }, environments: entries }
    const head = { agent: { assistant: 'agent', timeout: '1m' }, environments: entries }
    const { run, comment } = await previewRun(base, head)
    expect(run.code).toBe(0)
    expect(listedUnder(run.summary, 'every environment')).toEqual([
      expect.stringContaining('`agent.timeout`')
    ])
    expect(run.summary.match(/`agent\.timeout`/g)).toHaveLength(1)
    expect(comment).toContain('policy: 1 changed')
  })

  it('compares an entry added and an entry removed', async () => {
    const base = {
      agent: { assistant: 'agent' },
      rollback: { 'on-failure': true },
      environments: { staging: { rollback: false } }
    }
    const head = {
      agent: { assistant: 'agent' },
      rollback: { 'on-failure': true },
      environments: { canary: { rollback: false } }
    }
    const { run } = await previewRun(base, head)
    expect(run.code).toBe(0)
    // staging gets the rest now (a rollback: stronger); canary loses it (weaker).
    expect(listedUnder(run.summary, '`environments.staging`')).toEqual([
      expect.stringMatching(/^- `rollback` .*\*\*stronger \(added\)\*\*$/)
    ])
    expect(listedUnder(run.summary, '`environments.canary`')).toEqual([
      expect.stringMatching(/^- `rollback` .*\*\*weaker \(removed\)\*\*$/)
    ])
  })

  it('is never a plain success: a ⚠️ line under the headline, a warning on each weaker line, 10 at most', async () => {
    const environments = (minPass: (index: number) => string) =>
      Object.fromEntries(
        Array.from({ length: 10 }, (_, index) => [
          `env-${index}`,
          { smoke: { 'min-pass': minPass(index) } }
        ])
      )
    const base = {
      agent: { assistant: 'agent' },
      smoke: { cases: CASES },
      rollback: { 'on-failure': true },
      environments: environments(() => '100%')
    }
    const head = {
      agent: { assistant: 'agent' },
      smoke: { cases: CASES },
      rollback: { 'on-failure': false },
      environments: environments((index) => `${50 - index}%`)
    }
    const { run, comment } = await previewRun(base, head)
    expect(run.code).toBe(0)
    // Eleven weaker lines: the rollback (every environment) and each entry's min-pass.
    expect(comment).toContain('policy: 11 weaker')
    for (const text of [run.summary, comment]) {
      const lines = text.split('\n')
      expect(lines.find((line) => /^#+ /.test(line))).toMatch(/^#+ ✅ /)
      const risk = lines.findIndex((line) => line.startsWith('⚠️'))
      expect(risk).toBeGreaterThan(-1)
      // Under the headline, before the facts; the worst first: the rollback turned off.
      expect(risk).toBeLessThan(lines.findIndex((line) => line.startsWith('- **')))
      expect(lines[risk]).toContain('`rollback.on-failure`')
      expect(lines[risk]).toContain('and 10 more')
    }
    const written = warnings(run)
    expect(written).toHaveLength(10)
    const text = policyText(head).split('\n')
    const lineOf = (pattern: RegExp, from = 0) =>
      text.findIndex((line, index) => index >= from && pattern.test(line)) + 1
    // The rollback's line first, then each entry's min-pass on its own line.
    expect(written[0]).toMatchObject({ file: POLICY_PATH, line: lineOf(/on-failure: false/) })
    const entryLines = written.slice(1, 9).map((each) => each.line)
    expect(entryLines).toEqual(
      Array.from({ length: 8 }, (_, index) =>
        lineOf(/min-pass/, lineOf(new RegExp(`env-${index}:`)))
      )
    )
    expect(written[9]?.file).toBeUndefined()
    expect(written[9]?.text).toMatch(/^2 more/)
    // The summary lists every one, the two past the budget too.
    const listed = /<details><summary>Warnings \((\d+)\)<\/summary>\n\n((?:- .*\n)+)/.exec(
      run.summary
    )
    expect(listed?.[1]).toBe('11')
    expect(listed?.[2]?.split('\n').filter((line) => line.includes('env-9'))).toHaveLength(1)
  })

  it('names the worst change first: a safety net taken away before a looser bound', async () => {
    const base = {
      agent: { assistant: 'agent' },
      smoke: { cases: CASES, 'min-pass': '100%' },
      environments: { production: { rollback: { 'on-failure': true } } }
    }
    const head = {
      agent: { assistant: 'agent' },
      smoke: { cases: CASES, 'min-pass': '50%' },
      environments: { production: { rollback: { 'on-failure': false } } }
    }
    const { run } = await previewRun(base, head)
    expect(run.code).toBe(0)
    // The looser bound is listed first (every environment), the rollback named first.
    const lines = run.summary.split('\n')
    expect(listedUnder(run.summary, 'every environment')).toEqual([
      expect.stringContaining('`smoke.min-pass`')
    ])
    const risk = lines.find((line) => line.startsWith('⚠️'))
    expect(risk).toContain('`rollback.on-failure`')
    expect(risk).toContain('and 1 more')
  })
})
