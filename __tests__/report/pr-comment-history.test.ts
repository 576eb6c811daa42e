import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { startControlPlane } from '../../emulator'
import { commentMarker } from '../../src/report/markdown'
import { VirtualClock, runInProcess } from '../helpers/action-world'
import { gitHostStep } from '../helpers/deploy-harness'
import { startGitHubApi } from '../helpers/github-api'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * The PR comment's hidden history is text anyone with write access to the comment can change:
 * the built action reads it as untrusted input. An entry that does not parse is dropped with a
 * notice, and the comment is still updated with this push (it must not keep an old ✅).
 */
const NAME = 'support-agent'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const GOOD = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
const BAD_DATE = 'badda7e0badda7e0badda7e0badda7e0badda7e0'
const FEB_30 = 'fe830000fe830000fe830000fe830000fe830000'
const THIS_PUSH = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0'

/** A comment of ours from an earlier run, its history line written as the action writes it. */
function earlierComment(pushes: unknown[]): string {
  const data = Buffer.from(
    JSON.stringify({ pushes, lastGoodUrl: 'https://earlier.example.com/' })
  ).toString('base64url')
  return [
    commentMarker(NAME),
    `<!-- deploy-agent-action:history=${data} -->`,
    `### ✅ ${NAME}: deployed \`badda7e\``
  ].join('\n')
}

describe('the PR comment whose history holds an entry that does not parse', () => {
  it('is updated with this push; the bad entries are dropped with a notice, the good one kept', async () => {
    const clock = new VirtualClock()
    closers.push(async () => clock.close())
    const controlPlane = await startControlPlane({
      now: clock.now,
      sleep: clock.sleep,
      stepMs: 5_000
    })
    const github = await startGitHubApi({
      comments: [
        {
          id: 2,
          body: earlierComment([
            // The right shape, but not a date: the thirteenth month, the 45th day, 99:99:99.
            { commit: BAD_DATE, verdict: 'served', at: '2026-13-45T99:99:99Z' },
            // A date JavaScript would quietly read as the 2nd of March.
            { commit: FEB_30, verdict: 'failed', at: '2026-02-30T10:00:00Z' },
            { commit: GOOD, verdict: 'served', at: '2026-01-15T10:20:30Z' }
          ])
        }
      ]
    })
    closers.push(github.close, controlPlane.close)

    const run = await runInProcess(
      {
        ...gitHostStep(controlPlane.url, NAME),
        'api-key': 'emulator-key',
        'poll-interval': '1',
        'github-token': 'ghs_history_token_7c1e4d',
        'pr-comment': 'true'
      },
      { pullRequest: { number: 7, headSha: THIS_PUSH }, githubApiUrl: github.url, clock }
    )

    expect(run.code).toBe(0)
    expect(github.comments).toHaveLength(1)
    const body = github.comments[0]?.body ?? ''
    expect(body).toContain(`### ✅ ${NAME}`)
    expect(body).toContain("- **Serving now:** this run's revision")
    expect(body).toContain('`a1b2c3d`')
    // The entry that parses is kept, its time shown; the others are gone from the table.
    expect(body).toContain('<details><summary>Earlier pushes (1)</summary>')
    expect(body).toContain('`c0ffee0`')
    // With its date: a history spans days.
    expect(body).toContain('2026-01-15 10:20:30 UTC')
    expect(body).not.toContain('badda7e')
    expect(body).not.toContain('fe83000')
    // ...and from the hidden line the next run reads.
    const line = body.split('\n')[1] ?? ''
    const encoded = line.replace(/^<!-- deploy-agent-action:history=/, '').replace(/ -->$/, '')
    const memory = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as {
      pushes: { commit: string }[]
    }
    expect(memory.pushes.map((push) => push.commit)).toEqual([THIS_PUSH, GOOD])

    const notices = run.annotations.filter((note) => note.kind === 'notice')
    expect(notices.map((note) => note.text)).toEqual([
      "The pull-request comment's history holds 2 entries that do not parse (`at` is not a date): they are dropped, and the comment is updated without them."
    ])
    expect(run.annotations.filter((note) => note.kind === 'warning')).toEqual([])
  }, 120_000)
})
