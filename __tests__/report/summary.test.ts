import { describe, expect, it } from '@jest/globals'
import type { DeployResult } from '../../src/result'
import { MAX_SUMMARY_BYTES } from '../../src/report/markdown'
import { createRedactor, NO_SECRETS } from '../../src/report/redact'
import { renderDeploySummary, renderInputErrorSummary } from '../../src/report/summary'

const deployed: DeployResult = {
  statusesSeen: ['QUEUED', 'DEPLOYED'],
  outcome: 'deployed',
  deploymentId: 'd-1',
  deploymentName: 'support-agent',
  revisionId: 'r-2',
  revisionStatus: 'DEPLOYED',
  deploymentUrl: 'https://support-agent.example.com',
  created: true,
  elapsedMs: 125_000,
  message: 'Deployed deployment support-agent (d-1): revision r-2 is DEPLOYED.'
}

const TOKEN = 'ghp_abc_DEF_123456789'
const QUOTED = 'pa"ss\\word-9f8e'

describe('job summary', () => {
  it('renders a deployed run as a table with the URL as a link', () => {
    const markdown = renderDeploySummary(deployed, 'git_host', {}, NO_SECRETS)
    expect(
      markdown.startsWith('## ✅ support-agent deployed in 2m 05s\n\n- **Serving now:**')
    ).toBe(true)
    expect(markdown).toContain(
      "- **Serving now:** this run's revision `r-2` at [the deployment's URL ↗](https://support-agent.example.com)"
    )
    expect(markdown).toContain('**Took:** 2m 05s')
    expect(markdown).toContain('(the deployment was created by this run)')
    // No key/value table with an empty header row.
    expect(markdown).not.toContain('| | |')
  })

  it('renders a failed run with the reason right under the headline', () => {
    const failed: DeployResult = {
      outcome: 'error',
      statusesSeen: [],
      created: false,
      elapsedMs: 2_000,
      message:
        'POST /v2/deployments failed with HTTP 422:\n  body.name: String should match pattern'
    }
    const markdown = renderDeploySummary(failed, 'external_image', {}, NO_SECRETS)
    expect(markdown).toContain(
      [
        '## ❌ the deployment: deploy failed',
        '',
        '> [!CAUTION]',
        '> POST /v2/deployments failed with HTTP 422:  ',
        '>   body.name: String should match pattern',
        ''
      ].join('\n')
    )
  })

  it('shows the plan of a dry run in a fence', () => {
    const planned: DeployResult = {
      outcome: 'dry-run',
      created: false,
      statusesSeen: [],
      elapsedMs: 500,
      message: 'Dry run: support-agent does not exist and would be created.',
      planLines: [
        'Would create deployment support-agent (source git_host): POST /v2/deployments',
        '  secrets = A=***'
      ]
    }
    expect(renderDeploySummary(planned, 'git_host', {}, NO_SECRETS)).toContain(
      '### Plan\n\n```text\nWould create deployment support-agent (source git_host): POST /v2/deployments\n  secrets = A=***\n```'
    )
  })

  it('renders the checks, the target and the agent reply in a fence it cannot close', () => {
    const markdown = renderDeploySummary(
      deployed,
      'git_host',
      {
        target: 'refs/tags/v1.2.0',
        checks: {
          verdicts: [
            { check: 'assistant', verdict: 'passed' },
            { check: 'run', verdict: 'passed' }
          ],
          payloads: { run: 'Hello! | <b>I am here</b>\n````\n# x' }
        }
      },
      NO_SECRETS
    )
    expect(markdown).toContain("**Source:** from the repository's `refs/tags/v1.2.0`")
    // Checks in words a user knows.
    expect(markdown).toContain(
      '| Check | Verdict |\n|---|---|\n| default assistant lookup | ✅ passed |\n| reply to a test message | ✅ passed |'
    )
    expect(markdown).toContain(
      '### The agent replied\n\n`````text\nHello! | <b>I am here</b>\n````\n# x\n`````'
    )
  })

  it('renders refused inputs, redacted', () => {
    const markdown = renderInputErrorSummary(
      "The action's inputs have 1 problem:\n  - api-url: https://u:hunter2-secret@x is refused",
      createRedactor(['hunter2-secret'])
    )
    expect(markdown).toBe(
      "## ❌ Deploy not started: invalid inputs\n\n> [!CAUTION]\n> The action's inputs have 1 problem:\n>\n> - api-url: https&#58;//u:\\*\\*\\*\\@x is refused\n"
    )
  })

  it('keeps service text from breaking the table, opening markup or linking to a script', () => {
    const hostile = renderDeploySummary(
      {
        ...deployed,
        outcome: 'failed',
        created: false,
        deploymentName: 'a|b <!-- x -->',
        revisionStatus: 'DEPLOYED\n| injected | row |',
        deploymentUrl: 'javascript:alert(1)//https://x',
        message: '<img src=x> [link](http://evil) <script>x</script> @org/team \u001b[31m'
      },
      'git_host',
      {},
      NO_SECRETS
    )
    expect(hostile).toContain('## ❌ a\\|b &lt;\\!-- x --&gt;: the revision failed')
    expect(hostile).toContain('`r-2`, DEPLOYED \\| injected \\| row \\|')
    expect(hostile).toContain('javascript:alert(1)//https&#58;//x')
    expect(hostile).not.toContain('](javascript')
    expect(hostile).not.toMatch(/<(img|script|!--)/)
    expect(hostile).toContain('\\[link\\](http&#58;//evil)')
    expect(hostile).toContain('\\@org/team')
    expect(hostile).toContain('\\\\x1b\\[31m')
    expect(hostile).not.toContain('\u001b')
  })

  it('redacts before it escapes: a token with `_` and a JSON-escaped secret are gone', () => {
    const redact = createRedactor([TOKEN, QUOTED])
    const markdown = renderDeploySummary(
      {
        ...deployed,
        outcome: 'error',
        message: `HTTP 422: value ${TOKEN} and {"v":${JSON.stringify(QUOTED)}} and ?k=${encodeURIComponent(QUOTED)}`
      },
      'git_host',
      { logs: { phase: 'build', lines: [{ time: 't', level: 'ERROR', message: `env ${TOKEN}` }] } },
      redact
    )
    expect(markdown).toContain('value \\*\\*\\* and {"v":"\\*\\*\\*"} and ?k=\\*\\*\\*')
    expect(markdown).toContain('\nERROR env ***\n')
    for (const leak of ['ghp_abc', 'ghp\\_abc', 'pa\\"ss', 'pa"ss', 'pa%22ss'])
      expect(markdown).not.toContain(leak)
  })

  it('does not link a URL that holds a secret or credentials', () => {
    const redact = createRedactor([TOKEN])
    const markdown = renderDeploySummary(
      { ...deployed, deploymentUrl: `https://x.example.com/?key=${TOKEN}` },
      'git_host',
      {},
      redact
    )
    expect(markdown).toContain(' at https&#58;//x.example.com/?key=\\*\\*\\*\n')
    const withUser = renderDeploySummary(
      { ...deployed, deploymentUrl: 'https://user:pw@x.example.com/' },
      'git_host',
      {},
      NO_SECRETS
    )
    expect(withUser).toContain(' at https&#58;//user:pw\\@x.example.com/\n')
  })

  it('stays under the size limit with a note, whatever the service sends', () => {
    const huge = 'x'.repeat(200_000)
    const markdown = renderDeploySummary(
      {
        ...deployed,
        outcome: 'failed',
        message: Array.from({ length: 300 }, () => huge).join('\n')
      },
      'git_host',
      {
        checks: {
          verdicts: [],
          payloads: { run: Array.from({ length: 300 }, () => huge).join('\n') }
        },
        logs: {
          phase: 'build',
          lines: Array.from({ length: 30 }, () => ({ time: 't', level: 'INFO', message: huge }))
        }
      },
      NO_SECRETS
    )
    expect(Buffer.byteLength(markdown)).toBeLessThan(MAX_SUMMARY_BYTES)
    expect(markdown).toContain('… 100 more lines not shown')
    expect(markdown).not.toContain('x'.repeat(1_001))
  })
})
