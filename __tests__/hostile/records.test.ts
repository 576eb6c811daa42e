import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startGitHubApi } from '../helpers/github-api'
import { injectedCommands } from '../helpers/hostile/commands'
import {
  startHostileControlPlane,
  type HostileControlPlane
} from '../helpers/hostile/control-plane'
import { API_KEY, GITHUB_TOKEN, leaksOf, undeclaredOutputs } from '../helpers/hostile/secrets'
import { HOSTILE_NAME, hostileStep } from '../helpers/hostile/step'
import { runAction, type ActionRun } from '../helpers/run-action'

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

/** A URL a workflow may use: http(s), no credentials, no control characters or spaces. */
function isSafeUrl(value: string): boolean {
  if ([...value].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return false
  try {
    const url = new URL(value)
    return ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password
  } catch {
    return false
  }
}

const CASES: [string, string, boolean][] = [
  ['a javascript: URL', 'javascript:alert(1)', false],
  ['a URL with credentials', 'https://u:p4ss-word@agent.example.com/', false],
  ['a URL with a newline and a command', 'https://agent.example.com/\n::warning::PWNED-url', false],
  ['a URL with the API key in its query', `https://agent.example.com/?key=${API_KEY}`, true]
]

describe.each(CASES)('custom_url is %s, the name is hostile', (_, customUrl, httpUrl) => {
  let cp: HostileControlPlane
  let github: Awaited<ReturnType<typeof startGitHubApi>>
  let run: ActionRun
  beforeAll(async () => {
    github = await startGitHubApi({ comments: [{ ...OTHER_COMMENT }] })
    cp = await startHostileControlPlane({
      deployment: { name: HOSTILE_NAME, source_config: { custom_url: customUrl } }
    })
    run = await runAction(
      hostileStep(cp.url, {
        'github-token': GITHUB_TOKEN,
        environment: 'preview',
        'pr-comment': 'true'
      }),
      { pullRequest: { number: 42 }, githubApiUrl: github.url, killAfterMs: 60_000 }
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
  it('the GitHub deployment status names no URL, or an http(s) URL without credentials', () => {
    const url = finalStatus()?.environment_url
    if (url !== undefined) expect(isSafeUrl(url)).toBe(true)
  })
  it('no secret or credential reaches the GitHub payloads, the log, the summary or the outputs', () => {
    expect(leaksOf(run, { texts: github.payloadTexts() })).toEqual([])
    const everything = [run.stdout, run.summary, ...github.payloadTexts()].join('\n')
    expect(everything).not.toContain('p4ss-word')
  })
  it('deployment-url is an http(s) URL without credentials, or empty with a warning', () => {
    const output = run.outputs['deployment-url'] ?? ''
    if (httpUrl && output !== '') expect(isSafeUrl(output)).toBe(true)
    else {
      expect(output).toBe('')
      expect(run.stdout).toMatch(/^::warning.*(deployment-url|custom_url)/m)
    }
  })
  it('no output but the declared ones', () => {
    expect(undeclaredOutputs(run)).toEqual([])
  })
  it('no workflow command from the name or the URL', () => {
    expect(injectedCommands(run.stdout)).toEqual([])
  })
})
