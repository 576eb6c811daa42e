import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { startServingAgent, type ControlPlaneOptions, type SeedRevision } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import { gitHostStep } from '../helpers/deploy-harness'
import { overStep, type Step } from '../helpers/policy-file'
import { VirtualClock, runInProcess } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * The smaller points of what people see, through the built action on a virtual clock: the
 * compare view, a smoke count said once, the phase table on a success, durations in one style.
 */
const NAME = 'support-agent'
const BEFORE = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
const PUSHED = 'b7e9f2c4d1a3b5c7e9f1a3b5c7d9e1f3a5b7c9d1'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** A deployment whose serving revision was built from BEFORE; this run pushes PUSHED. */
async function deployOnce(
  extra: Step = {},
  controlPlane: ControlPlaneOptions = {},
  history: SeedRevision[] = [{ source_revision_config: { repo_commit_sha: BEFORE } }]
) {
  const clock = new VirtualClock()
  closers.push(async () => clock.close())
  const services = await startServingAgent({
    serve: NAME,
    controlPlane: { now: clock.now, sleep: clock.sleep, stepMs: 5_000, ...controlPlane }
  })
  const github = await startGitHubApi()
  closers.push(github.close, services.close)
  services.controlPlane.seedDeployment({
    name: NAME,
    source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' },
    history
  })
  const run = await runInProcess(
    overStep(
      {
        ...gitHostStep(services.controlPlane.url, NAME),
        'api-key': 'emulator-key',
        'repo-ref': 'main',
        'poll-interval': '1',
        'github-token': 'ghs_people_see_token_4b7d',
        environment: 'production',
        'pr-comment': 'true'
      },
      extra
    ),
    { pullRequest: { number: 5, headSha: PUSHED }, githubApiUrl: github.url, clock }
  )
  const statuses = github.deployments.flatMap((deployment) => deployment.statuses)
  return { run, comment: github.comments.at(-1)?.body ?? '', status: statuses.at(-1) }
}

/** The links' targets of a markdown text. */
const hrefs = (markdown: string) => [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1])

describe('the compare view', () => {
  it("links the previous revision's commit to this run's in the summary and the comment", async () => {
    const { run, comment } = await deployOnce()
    expect(run.code).toBe(0)
    const compare = `https://github.com/acme/support-agent/compare/${BEFORE}...${PUSHED}`
    expect(hrefs(run.summary)).toContain(compare)
    expect(hrefs(comment)).toContain(compare)
  })

  it('links no compare view when the service does not say what the previous revision was built from', async () => {
    const { run } = await deployOnce({}, {}, [
      { source_revision_config: { repo_commit_sha: null } }
    ])
    expect(run.code).toBe(0)
    expect(hrefs(run.summary).filter((link) => link?.includes('/compare/'))).toEqual([])
  })
})

/** How often `pattern` occurs in `text`. */
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, 'g'))?.length ?? 0

/** The lines of a markdown text outside its tables: the prose a person reads. */
const prose = (markdown: string) =>
  markdown
    .split('\n')
    .filter((line) => !line.startsWith('|'))
    .join('\n')

describe('a smoke suite that fails the run', () => {
  it('states its pass count once: in the headline, the failed case named in the reason', async () => {
    const { run, comment, status } = await deployOnce({
      policy: {
        agent: { assistant: 'agent' },
        smoke: {
          cases: [
            { name: 'greets', message: 'hi', expect: 'echo: hi' },
            { name: 'thanks', message: 'thanks', expect: 'echo: thanks' },
            { name: 'escalates', message: 'a human', expect: 'a person will call' }
          ]
        }
      }
    })
    expect(run.code).toBe(1)
    const [headline] = run.summary.split('\n')
    expect(headline).toMatch(/2\/3|2 of 3/)
    for (const text of [run.summary, comment]) {
      expect(count(prose(text), /\b2 of 3\b|\b2\/3\b/)).toBe(1)
      // What was needed, once as well.
      expect(count(prose(text), /needs (all |\d+%: )?3|asks for 3/)).toBe(1)
      // The reason names the failed case.
      const reason = text.slice(text.indexOf('> [!'), text.indexOf('\n\n', text.indexOf('> [!')))
      expect(reason).toContain('escalates')
    }
    expect(
      count(
        run.annotations.find((each) => each.kind === 'error')?.text ?? '',
        /\b2 of 3\b|\b2\/3\b/
      )
    ).toBe(1)
    expect(count(status?.description ?? '', /\b2 of 3\b|\b2\/3\b/)).toBe(1)
  })
})

/** Every duration a person reads in a text: a number followed by a unit, with or without a space. */
const DURATION = /\b\d+(?:\.\d+)?(?: ?(?:ms|s|m|h|d))\b/g

describe('durations', () => {
  it('are written in one style in the summary, the comment and the status: no "0.00 s" beside "13s"', async () => {
    const { run, comment, status } = await deployOnce(
      {
        policy: {
          agent: { assistant: 'agent' },
          smoke: { cases: [{ name: 'greets', message: 'hi', expect: 'echo: hi' }] }
        }
      },
      // A build long enough to be counted in minutes beside the replies' fractions of a second.
      { stepMs: 20_000 }
    )
    expect(run.code).toBe(0)
    for (const text of [run.summary, comment, status?.description ?? '']) {
      const durations = text.match(DURATION) ?? []
      // No space before the unit, no padded fraction.
      expect(durations.filter((each) => / /.test(each))).toEqual([])
      expect(durations.filter((each) => /\.\d*0s$/.test(each))).toEqual([])
    }
    expect(run.summary).toMatch(/\| greets \| ✅ passed \| \d+ms \|/)
    expect(run.summary).toMatch(/\d+m \d\ds/)
  })
})

/** The summary's phase table, and whether it stands open (a section) or collapsed. */
function phaseTable(summary: string): 'open' | 'collapsed' | 'absent' {
  if (/^### Where the time went$/m.test(summary)) return 'open'
  return /<details><summary>Where the time went: /.test(summary) ? 'collapsed' : 'absent'
}

describe('"Where the time went"', () => {
  const usual: SeedRevision[] = [125_000, 131_000, 128_000].map((durationMs) => ({
    durationMs
  }))

  it('is collapsed on a success as quick as usual, the wait and the usual said in its line', async () => {
    const { run } = await deployOnce({}, {}, usual)
    expect(run.code).toBe(0)
    expect(phaseTable(run.summary)).toBe('collapsed')
    const line = run.summary.split('\n').find((each) => each.includes('Where the time went: '))
    expect(line).toMatch(/the wait took \d+s; earlier revisions 2m 08s/)
    // Its caveat is inside the collapsed block, not on the page.
    const collapsed = run.summary.slice(run.summary.indexOf(line ?? ''))
    expect(collapsed.indexOf('Durations are as the poller saw them')).toBeGreaterThan(0)
  })

  it('stands open on a success slower than every earlier revision', async () => {
    const { run } = await deployOnce({}, {}, [{ durationMs: 2_000 }, { durationMs: 3_000 }])
    expect(run.code).toBe(0)
    expect(phaseTable(run.summary)).toBe('open')
  })

  it('is collapsed on a failure that is not about time', async () => {
    const { run } = await deployOnce({}, { outcome: 'BUILD_FAILED' }, usual)
    expect(run.code).toBe(1)
    expect(phaseTable(run.summary)).toBe('collapsed')
  })
})

describe('the delete comment', () => {
  it('says when the preview was deleted, links the run in words, and keeps the history of pushes', async () => {
    const clock = new VirtualClock()
    closers.push(async () => clock.close())
    const services = await startServingAgent({
      serve: NAME,
      controlPlane: { now: clock.now, sleep: clock.sleep, stepMs: 5_000 }
    })
    const github = await startGitHubApi()
    closers.push(github.close, services.close)
    const step: Step = {
      ...gitHostStep(services.controlPlane.url, NAME),
      'api-key': 'emulator-key',
      'repo-ref': 'main',
      'poll-interval': '1',
      'github-token': 'ghs_people_see_token_4b7d',
      'pr-comment': 'true'
    }
    const on = (headSha: string) => ({
      pullRequest: { number: 5, headSha },
      githubApiUrl: github.url,
      clock,
      env: { GITHUB_RUN_ID: '4242' }
    })
    for (const sha of [BEFORE, PUSHED]) expect((await runInProcess(step, on(sha))).code).toBe(0)
    const url = String(services.controlPlane.deployments()[0]?.source_config?.custom_url)
    expect(github.comments.at(-1)?.body).toContain(url)
    const deleted = await runInProcess(
      {
        'api-url': services.controlPlane.url,
        'api-key': 'emulator-key',
        operation: 'delete',
        name: NAME,
        'github-token': 'ghs_people_see_token_4b7d'
      },
      on(PUSHED)
    )
    expect(deleted.code).toBe(0)
    expect(github.comments).toHaveLength(1)
    const comment = github.comments.at(-1)?.body ?? ''
    expect(comment).toContain('The preview was deleted')
    // Every link's text is words or a short commit, never a URL.
    const texts = [...comment.matchAll(/\[([^\]]*)\]\(/g)].map((match) => match[1])
    expect(texts.length).toBeGreaterThan(0)
    expect(texts.filter((text) => /:\/\//.test(text ?? ''))).toEqual([])
    expect(hrefs(comment)).toContain('https://github.com/acme/support-agent/actions/runs/4242')
    // When, with its day, in UTC.
    expect(comment).toMatch(/deleted on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/)
    // The pushes it had, kept; the dead preview link, gone.
    expect(comment).toContain('<details><summary>Earlier pushes (2)</summary>')
    for (const sha of [BEFORE, PUSHED])
      expect(hrefs(comment)).toContain(`https://github.com/acme/support-agent/commit/${sha}`)
    expect(comment).not.toContain(url)
  })
})

describe('links', () => {
  it('have words for their text in the summary and the comment, never a raw URL', async () => {
    const { run, comment } = await deployOnce()
    expect(run.code).toBe(0)
    for (const text of [run.summary, comment]) {
      const texts = [...text.matchAll(/\[([^\]]*)\]\(http/g)].map((match) => match[1] ?? '')
      expect(texts.length).toBeGreaterThan(1)
      expect(texts.filter((each) => /:\/\/|^www\./.test(each))).toEqual([])
    }
    // The preview is still linked first in the comment.
    expect(hrefs(comment)[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+/)
  })
})
