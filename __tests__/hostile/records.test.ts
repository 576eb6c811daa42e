import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startGitHubApi } from '../helpers/github-api'
import { injectedCommands } from '../helpers/hostile/commands'
import {
  startHostileControlPlane,
  type HostileControlPlane
} from '../helpers/hostile/control-plane'
import { API_KEY, GITHUB_TOKEN, leaksOf, undeclaredOutputs } from '../helpers/hostile/secrets'
import { HOSTILE_NAME, hostileStep } from '../helpers/hostile/step'
import { runInProcess, type WorldRun } from '../helpers/action-world'

/**
 * A hostile deployment name and `custom_url` must not reach the PR comment, the GitHub
 * deployment status or the `deployment-url` output as they are: the comment's HTML marker cannot
 * be closed, no raw HTML and no non-http(s) link is written, no secret and no credentials are
 * posted, and the output is an http(s) URL without credentials or control characters, or empty.
 */
const OTHER_COMMENT = { id: 1, body: '<!-- deploy-agent-action:deployment=other -->\nnot ours' }

/** Links and raw HTML a renderer would act on: a markdown link or an href that is not http(s). */
function unsafeMarkup(text: string): string[] {
  return [
    ...(text.match(/\]\(\s*(?!https?:\/\/)[^)]*\)/g) ?? []),
    ...(text.match(/href\s*=\s*["']?(?!https?:\/\/)[^"'\s>]*/gi) ?? []),
    ...(text.match(/<(img|script|a|iframe|svg)\b[^>]*/gi) ?? []),
    // The report's own collapsed blocks are bare <details>; one with attributes is not ours.
    ...(text.match(/<details\b(?!>)[^>]*/gi) ?? [])
  ]
}

/** The hostile custom_url, and why the action refuses it as the deployment's URL. */
const CASES: [string, string, string][] = [
  ['a javascript: URL', 'javascript:alert(1)', 'its scheme is javascript: rather than http(s)'],
  [
    'a URL with credentials',
    'https://u:p4ss-word@agent.example.com/',
    'it holds a user name or password'
  ],
  [
    'a URL with a newline and a command',
    'https://agent.example.com/\n::warning::PWNED-url',
    'it holds control characters or spaces'
  ],
  // The key holds a space, as some do.
  [
    'a URL with the API key in its query',
    `https://agent.example.com/?key=${API_KEY}`,
    'it holds control characters or spaces'
  ]
]

describe.each(CASES)('custom_url is %s, the name is hostile', (_, customUrl, problem) => {
  let cp: HostileControlPlane
  let github: Awaited<ReturnType<typeof startGitHubApi>>
  let run: WorldRun
  beforeAll(async () => {
    github = await startGitHubApi({ comments: [{ ...OTHER_COMMENT }] })
    cp = await startHostileControlPlane({
      deployment: { name: HOSTILE_NAME, source_config: { custom_url: customUrl } }
    })
    run = await runInProcess(
      hostileStep(cp.url, {
        'github-token': GITHUB_TOKEN,
        environment: 'preview',
        'pr-comment': 'true'
      }),
      { pullRequest: { number: 42 }, githubApiUrl: github.url }
    )
  }, 90_000)
  afterAll(async () => {
    await cp.close()
    await github.close()
  })

  const comment = () => github.comments.find((c) => c.id !== OTHER_COMMENT.id)?.body ?? ''
  const finalStatus = () =>
    github.calls
      .filter((call) => call.method === 'POST' && call.path.endsWith('/statuses'))
      .map((call) => call.body as { state: string; environment_url?: string })
      .find((body) => body.state !== 'in_progress')

  it('deploys, writes the comment and the final GitHub deployment status', () => {
    expect(run.code).toBe(0)
    expect(comment()).not.toBe('')
    expect(finalStatus()?.state).toBe('success')
  })
  it('leaves the other comment on the pull request alone', () => {
    expect(github.comments.find((c) => c.id === OTHER_COMMENT.id)?.body).toBe(OTHER_COMMENT.body)
  })
  it('the comment has two HTML comments, its marker and its data, each closed on its own line', () => {
    const body = comment()
    expect(body.split('-->').length - 1).toBe(2)
    expect(body.split('\n')[0]).toMatch(/^<!--.*-->$/)
    expect(body.split('\n')[1]).toMatch(/^<!-- deploy-agent-action:history=[A-Za-z0-9_-]* -->$/)
  })
  it('the comment holds no raw HTML and no link that is not http(s)', () => {
    expect(unsafeMarkup(comment())).toEqual([])
  })
  it('the summary holds no raw HTML, no comment marker and no link that is not http(s)', () => {
    expect(unsafeMarkup(run.summary)).toEqual([])
    expect(run.summary).not.toContain('-->')
  })
  it('the GitHub deployment status names none of these URLs', () => {
    expect(finalStatus()).toMatchObject({ state: 'success' })
    expect(finalStatus()).not.toHaveProperty('environment_url')
  })
  it('no secret or credential reaches the GitHub payloads, the log, the summary or the outputs', () => {
    expect(leaksOf(run, { texts: github.payloadTexts() })).toEqual([])
    const everything = [run.stdout, run.summary, ...github.payloadTexts()].join('\n')
    expect(everything).not.toContain('p4ss-word')
  })
  it('deployment-url is empty, with a warning that says why', () => {
    expect(run.outputs['deployment-url']).toBe('')
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    expect(warnings.filter((line) => line.includes('custom_url'))).toEqual([
      expect.stringContaining(
        `is not a usable URL (${problem}): deployment-url is left empty, and nothing is sent to it.`
      )
    ])
  })
  it('no output but the declared ones', () => {
    expect(undeclaredOutputs(run)).toEqual([])
  })
  it('no workflow command from the name or the URL', () => {
    expect(injectedCommands(run.stdout)).toEqual([])
  })
})
