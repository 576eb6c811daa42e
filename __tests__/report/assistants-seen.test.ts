import { afterEach, describe, expect, it } from '@jest/globals'
import { uuidV5 } from '../../src/lib/uuid-v5'
import { ASSISTANT_NAMESPACE } from '../../src/assistants/entries'
import { runInProcess } from '../helpers/action-world'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import { startGitHubApi } from '../helpers/github-api'
import type { RepositoryFiles } from '../helpers/github-contents'
import { POLICY_PATH, policyText, type Step } from '../helpers/policy-file'
import { BASE_SHA } from '../helpers/runner-event'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

/**
 * Assistants as people see them, through the action in process against the emulators: after a
 * rollback the comment and the summary say they were restored and to which version; a hand edit
 * written over is marked in its row and named right under the headline.
 */
const NAME = 'support-agent'
const serving = servingAgentPerTest(NAME)
const ID = uuidV5('support', ASSISTANT_NAMESPACE)
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function start(files?: RepositoryFiles) {
  const services = await serving()
  seedServing(services.controlPlane, NAME)
  const github = await startGitHubApi({ files })
  closers.push(github.close)
  const step: Step = {
    ...gitHostStep(services.controlPlane.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1',
    'github-token': 'ghs_assistants_seen_token_2b9d',
    'pr-comment': 'true'
  }
  const run = async (policy: Record<string, unknown>) => {
    const result = await runInProcess(
      { ...step, policy },
      { clock, pullRequest: { number: 4 }, githubApiUrl: github.url }
    )
    return { result, comment: github.comments.at(-1)?.body ?? '' }
  }
  return { ...services, run }
}

const entries = (model: string) => [
  { name: 'support', 'graph-id': 'agent', config: { configurable: { model } } }
]

/** The table row of the assistant `name` in the section that begins with `heading`. */
function rowOf(markdown: string, heading: string, name: string): string[] {
  const from = markdown.indexOf(heading)
  expect(from).toBeGreaterThanOrEqual(0)
  const row = markdown
    .slice(from)
    .split('\n')
    .find((line) => line.startsWith(`| ${name} |`))
  expect(row).toBeDefined()
  return (row ?? '').split('|').map((cell) => cell.trim())
}

/** The lines between the headline and the facts' list (what stands "under the headline"). */
function underHeadline(markdown: string): string {
  const headline = markdown.search(/^#{2,3} /m)
  const facts = markdown.indexOf('- **Serving now:**')
  expect(headline).toBeGreaterThanOrEqual(0)
  expect(facts).toBeGreaterThan(headline)
  return markdown.slice(headline, facts)
}

describe('assistants as people see them', () => {
  it('after a rollback, the comment and the summary say the assistants were restored, with their versions', async () => {
    const { controlPlane, run } = await start()
    expect((await run({ assistants: { entries: entries('m1') } })).result.exitCode).toBe(0)
    controlPlane.setAgent('wrong-reply')
    const { result, comment } = await run({
      agent: { assistant: 'support', message: 'hello', expect: 'echo: hello' },
      rollback: { 'on-failure': true },
      assistants: { entries: entries('m2') }
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['rolled-back']).toBe('true')
    const row = rowOf(result.summary, '### Assistants after the rollback', 'support')
    expect(row).toContain('restored')
    expect(row).toContain('2 → 1')
    // The comment's line names the assistant restored and its versions, and no write as live.
    const line = comment.split('\n').find((each) => each.includes('Assistants'))
    expect(line).toBeDefined()
    expect(line).toMatch(/restored/)
    expect(line).toContain('support')
    expect(line).toContain('2 → 1')
    expect(line).not.toMatch(/updated/)
  })

  it('a hand edit written over is marked in its row and named under the headline of the summary and the comment', async () => {
    const { agent, run } = await start()
    expect((await run({ assistants: { entries: entries('m1') } })).result.exitCode).toBe(0)
    await fetch(`${agent.url}/assistants/${ID}`, {
      method: 'PATCH',
      headers: { 'x-api-key': 'emulator-key', 'content-type': 'application/json' },
      body: JSON.stringify({ config: { configurable: { model: 'by-hand' } } })
    })
    const { result, comment } = await run({ assistants: { entries: entries('m1') } })
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.outputs.assistants ?? '{}')).toMatchObject({
      support: { result: 'updated' }
    })
    const row = rowOf(result.summary, '### Assistants', 'support')
    // Its result says more than a change from the repository.
    const result_ = row[4] ?? ''
    expect(result_).toMatch(/updated/)
    expect(result_).not.toBe('updated')
    for (const text of [result.summary, comment]) {
      const under = underHeadline(text)
      expect(under).toMatch(/⚠️/)
      expect(under).toContain('support')
      expect(under).toContain('config.configurable.model')
    }
  })

  it("a pull request's change to an assistant is listed with the key paths it changes", async () => {
    const base = { assistants: { entries: entries('m1') } }
    const { run } = await start({ [BASE_SHA]: { [POLICY_PATH]: policyText(base) } })
    const { result, comment } = await run({ assistants: { entries: entries('m2') } })
    expect(result.exitCode).toBe(0)
    for (const text of [result.summary, comment]) {
      const line = text
        .split('\n')
        .find((each) => /assistants\.entries\\?\[support\\?\]/.test(each))
      expect(line).toBeDefined()
      expect(line).toContain('config.configurable.model')
    }
  })
})
