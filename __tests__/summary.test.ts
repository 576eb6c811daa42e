import { describe, expect, it } from '@jest/globals'
import type { DeployResult } from '../src/result'
import { createRedactor } from '../src/report/redact'
import { escapeCell, renderDeploySummary, renderInputErrorSummary } from '../src/report/summary'

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

describe('job summary', () => {
  it('renders a deployed run as a table', () => {
    expect(renderDeploySummary(deployed, 'git_host')).toMatchSnapshot()
  })

  it('renders a failed run with the reason and dashes for what is unknown', () => {
    const failed: DeployResult = {
      outcome: 'error',
      statusesSeen: [],
      created: false,
      elapsedMs: 2_000,
      message:
        'POST /v2/deployments failed with HTTP 422:\n  body.name: String should match pattern'
    }
    expect(renderDeploySummary(failed, 'external_image')).toMatchSnapshot()
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
    expect(renderDeploySummary(planned, 'git_host')).toMatchSnapshot()
  })

  it('renders the checks, the target and the agent reply', () => {
    expect(
      renderDeploySummary(deployed, 'git_host', {
        target: 'refs/tags/v1.2.0',
        checks: { passed: ['assistant', 'run'], reply: 'Hello! | <b>I am here</b>' }
      })
    ).toMatchSnapshot()
  })

  it('renders refused inputs', () => {
    expect(
      renderInputErrorSummary("The action's inputs have 1 problem:\n  - name: is required")
    ).toMatchSnapshot()
  })

  it('keeps service text from breaking the table or opening markup', () => {
    const hostile = renderDeploySummary(
      {
        ...deployed,
        deploymentName: 'a|b',
        deploymentUrl: 'https://x.example.com/<script>',
        message: '<img src=x> [link](http://evil)'
      },
      'git_host'
    )
    expect(hostile).toContain('a\\|b (d-1)')
    expect(hostile).not.toContain('<script>')
    expect(hostile).not.toContain('<img')
    expect(hostile).toContain('\\[link\\](http://evil)')
    expect(escapeCell('line one\nline two')).toBe('line one line two')
  })
})

describe('createRedactor', () => {
  it('replaces every known value, longest first, and each line of a multi-line value', () => {
    const redact = createRedactor([
      'sk-live-123',
      'sk-live-123456',
      '-----BEGIN KEY-----\nMIIEabc\n-----END KEY-----'
    ])
    expect(redact('key sk-live-123456 and sk-live-123')).toBe('key *** and ***')
    expect(redact('echoed MIIEabc back')).toBe('echoed *** back')
  })

  it('leaves very short values alone rather than shredding every message', () => {
    expect(createRedactor(['1', 'ab'])('build 1 of ab')).toBe('build 1 of ab')
  })
})
