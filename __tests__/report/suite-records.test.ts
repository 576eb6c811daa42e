import { afterEach, describe, expect, it } from '@jest/globals'
import { openGitHubRecords, type RunRecord } from '../../src/github/records'
import type { SuiteReport } from '../../src/result'
import { renderComment } from '../../src/report/pr-comment-text'
import { createRedactor } from '../../src/report/redact'
import { buildReport } from '../../src/report/report-model'
import { statusDescription } from '../../src/report/status-text'
import { renderDeploySummary } from '../../src/report/summary'
import { startGitHubApi } from '../helpers/github-api'

const SECRET = 'sk-live-0123456789abcdef'
const redact = createRedactor([SECRET])
const REVISION = '7c1a0e51-3d0e-4a5f-9f51-2b0d4b2f6c10'

let github: Awaited<ReturnType<typeof startGitHubApi>> | undefined
afterEach(async () => {
  await github?.close()
  github = undefined
})

const suite: SuiteReport = {
  revisionId: REVISION,
  cases: [
    { name: 'greets', passed: true, latencyMs: 1_200, reply: 'echo: hi\nsecond line' },
    {
      name: 'math <b>',
      passed: false,
      latencyMs: 800,
      reply: `4 | ${SECRET}`,
      failure: 'the reply does not contain "5" (expect)',
      reference: 'five\nor 5'
    },
    { name: 'silent', passed: false, failure: 'no answer before agent.timeout ran out' }
  ],
  passed: 1,
  failed: 2,
  required: 2,
  medianMs: 1_000,
  p95Ms: 1_200
}

const model = buildReport({
  operation: 'deploy',
  result: {
    outcome: 'checks-failed',
    deploymentName: 'support-agent',
    revisionId: REVISION,
    revisionStatus: 'DEPLOYED',
    elapsedMs: 1_000,
    created: false,
    statusesSeen: ['DEPLOYED'],
    message: 'Smoke suite: 1 of 3 cases passed.'
  },
  checks: {
    verdicts: [
      { check: 'assistant', verdict: 'passed' },
      { check: 'suite', verdict: 'failed', why: 'Smoke suite: 1 of 3 cases passed.' }
    ],
    payloads: { suite }
  },
  now: Date.now()
})
const record: RunRecord = {
  outcome: 'checks-failed',
  description: statusDescription(model, redact),
  comment: (previousBody) => renderComment(model, previousBody, undefined, redact)
}

describe('the smoke suite in the records', () => {
  it('shows the suite of the revision a rollback brought back in a table of its own', () => {
    const brought = { ...suite, revisionId: 'revision-brought-back', passed: 3, failed: 0 }
    const summary = renderDeploySummary(
      {
        outcome: 'checks-failed',
        created: false,
        revisionId: REVISION,
        statusesSeen: ['DEPLOYED'],
        elapsedMs: 1_000,
        message: 'Deployed.'
      },
      'git_host',
      {
        checks: {
          verdicts: [
            { check: 'assistant', verdict: 'passed' },
            { check: 'suite', verdict: 'failed', why: 'Smoke suite: 1 of 3 cases passed.' }
          ],
          payloads: { suite }
        },
        rollback: {
          failedRevisionId: REVISION,
          toRevisionId: 'revision-before',
          revisionId: 'revision-brought-back',
          outcome: 'deployed',
          elapsedMs: 1_000,
          message: 'Rolled back.',
          checks: {
            verdicts: [{ check: 'suite', verdict: 'passed' }],
            payloads: { suite: brought }
          },
          servingNow: 'revision-brought-back',
          restored: true
        }
      },
      redact
    )
    // The headline counts the failed suite's cases (1/3, needs 2): its heading does not again.
    expect(summary).toContain('### Smoke suite: the cases')
    expect(summary).toContain('### Smoke suite after the rollback: 3 of 3 cases passed')
    expect(summary).toContain('Revision `revision`; smoke.min-pass asks for 2.')
  })

  it('shows a table of the cases in the job summary: verdict, latency, first line, reference', () => {
    const summary = renderDeploySummary(
      {
        outcome: 'deployed',
        created: false,
        revisionId: REVISION,
        statusesSeen: ['DEPLOYED'],
        elapsedMs: 1_000,
        message: 'Deployed.'
      },
      'git_host',
      {
        checks: {
          verdicts: [
            { check: 'assistant', verdict: 'passed' },
            { check: 'suite', verdict: 'failed', why: 'Smoke suite: 1 of 3 cases passed.' }
          ],
          payloads: { suite }
        }
      },
      redact
    )
    expect(summary).toContain('| smoke suite | ❌ failed |')
    expect(summary).toContain('### Smoke suite: 1 of 3 cases passed')
    expect(summary).toContain(
      `Revision \`${REVISION.slice(0, 8)}\`; smoke.min-pass asks for 2. Latency: median 1s, 95th percentile 1.2s.`
    )
    expect(summary).toContain('| Case | Verdict | Latency | Reply (first line) | Reference |')
    expect(summary).toContain('| greets | ✅ passed | 1.2s | echo: hi | — |')
    expect(summary).toContain(
      '| math &lt;b&gt; | ❌ the reply does not contain "5" (expect) | 800ms | 4 \\| \\*\\*\\* | five |'
    )
    expect(summary).toContain('| silent | ❌ no answer before agent.timeout ran out | — | — | — |')
    expect(summary).not.toContain('second line')
    expect(summary).not.toContain(SECRET)
  })

  it('puts the pass count in the PR comment and the GitHub deployment status', async () => {
    expect(record.comment(undefined)).toContain('### ❌ support-agent: smoke suite 1/3 (needs 2)')
    github = await startGitHubApi()
    const records = openGitHubRecords(
      {
        token: 'ghp_token_0123456789',
        environment: 'staging',
        prComment: true,
        deploymentName: 'support-agent',
        redact,
        deadline: Date.now() + 60_000,
        now: Date.now,
        warn: () => undefined,
        info: () => undefined
      },
      {
        owner: 'acme',
        repo: 'agent',
        sha: 'a'.repeat(40),
        pullRequest: 5,
        runUrl: 'https://github.com/acme/agent/actions/runs/1',
        apiUrl: github.url
      }
    )
    records.waitStarting()
    await records.finish(record)
    const final = github.calls.find(
      (call) => (call.body as { state?: string } | undefined)?.state === 'failure'
    )?.body as { description: string }
    expect(final.description).toBe('support-agent: smoke suite 1/3 (needs 2)')
    expect(github.comments[0]?.body).toContain('smoke suite 1/3 (needs 2)')
  })
})
