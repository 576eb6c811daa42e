import { describe, expect, it } from '@jest/globals'
import { memoryLine, readMemory } from '../../src/report/comment-history'
import { renderBuildingComment, renderComment } from '../../src/report/pr-comment-text'
import { createRedactor, NO_SECRETS } from '../../src/report/redact'
import { buildReport } from '../../src/report/report-model'
import { statusDescription } from '../../src/report/status-text'
import type { DeployResult } from '../../src/result'

const PLACE = { serverUrl: 'https://github.com', repository: 'acme/agent', runId: '99' }
const SHA_1 = '1'.repeat(40)
const SHA_2 = '2'.repeat(40)
const REVISION = '7c1a0e51-3d0e-4a5f-9f51-2b0d4b2f6c10'
const NOW = Date.parse('2026-01-01T01:40:00Z')

const deployed: DeployResult = {
  outcome: 'deployed',
  deploymentName: 'agent-app',
  deploymentId: '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  revisionId: REVISION,
  revisionStatus: 'DEPLOYED',
  deploymentUrl: 'https://agent-app.example.com',
  created: false,
  statusesSeen: ['DEPLOYED'],
  elapsedMs: 130_000,
  message: 'Deployed.'
}

const encode = (data: unknown) =>
  `<!-- deploy-agent-action:history=${Buffer.from(JSON.stringify(data)).toString('base64url')} -->`

describe('the comment memory of earlier pushes', () => {
  it('reads back what it wrote', () => {
    const memory = {
      pushes: [
        {
          commit: SHA_1,
          revision: REVISION,
          verdict: 'served' as const,
          at: '2026-01-01T01:00:00.000Z'
        }
      ],
      lastGoodUrl: 'https://agent-app.example.com'
    }
    expect(readMemory(`marker\n${memoryLine(memory, NO_SECRETS)}\nrest`, NO_SECRETS)).toEqual(
      memory
    )
  })

  it('keeps only well-shaped fields of a hostile data line', () => {
    const body = `marker\n${encode({
      pushes: [
        { commit: SHA_1, verdict: 'served', at: '2026-01-01T01:00:00Z' },
        { commit: 'x'.repeat(40), verdict: 'served', at: '2026-01-01T01:00:00Z' },
        { commit: SHA_2, revision: '../../etc', verdict: 'served', at: '2026-01-01T01:00:00Z' },
        { commit: SHA_2, verdict: '<b>owned</b>', at: '2026-01-01T01:00:00Z' },
        { commit: SHA_2, verdict: 'failed', at: 'yesterday' }
      ],
      lastGoodUrl: 'javascript:alert(1)'
    })}`
    const notices: string[] = []
    const notice = (text: string) => notices.push(text)
    expect(readMemory(body, NO_SECRETS, notice)).toEqual({
      pushes: [{ commit: SHA_1, verdict: 'served', at: '2026-01-01T01:00:00Z' }]
    })
    // Why, by field and never by value: the values are anyone's text.
    expect(notices).toEqual([
      "The pull-request comment's history holds 4 entries that do not parse (`commit` is not a full commit id; `revision` is not a revision id; `verdict` is not one this action writes; `at` is not a date): they are dropped, and the comment is updated without them."
    ])
    notices.length = 0
    expect(
      readMemory('marker\n<!-- deploy-agent-action:history=!!! -->', NO_SECRETS, notice)
    ).toEqual({ pushes: [] })
    expect(readMemory(`marker\n${encode('not an object')}`, NO_SECRETS, notice)).toEqual({
      pushes: []
    })
    expect(notices).toEqual([
      "The pull-request comment's history does not parse: it is dropped, and the history starts again from this run.",
      "The pull-request comment's history does not parse: it is dropped, and the history starts again from this run."
    ])
  })

  it('takes a time only when it is a real one, and says nothing when every entry parses', () => {
    const at = (time: string) => ({ commit: SHA_1, verdict: 'served', at: time })
    const notices: string[] = []
    const times = (entries: unknown[]) =>
      readMemory(`marker\n${encode({ pushes: entries })}`, NO_SECRETS, (text) =>
        notices.push(text)
      ).pushes.map((push) => push.at)
    expect(
      times([
        at('2026-13-45T99:99:99Z'),
        at('2026-02-30T10:00:00Z'),
        at('2026-02-28T24:00:00Z'),
        at('2026-02-28T23:59:60.000Z')
      ])
    ).toEqual([])
    expect(notices).toHaveLength(1)
    notices.length = 0
    expect(times([at('2028-02-29T23:59:59Z'), at('2026-01-01T00:00:00.123Z')])).toEqual([
      '2028-02-29T23:59:59Z',
      '2026-01-01T00:00:00.123Z'
    ])
    expect(notices).toEqual([])
    expect(readMemory(undefined, NO_SECRETS, (text) => notices.push(text))).toEqual({ pushes: [] })
    expect(readMemory('marker\nno history here', NO_SECRETS, (text) => notices.push(text))).toEqual(
      { pushes: [] }
    )
    expect(notices).toEqual([])
  })

  it('drops a remembered URL that holds a secret', () => {
    const redact = createRedactor(['sk-secret-0123456789'])
    const body = `marker\n${encode({ pushes: [], lastGoodUrl: 'https://x.example.com/?k=sk-secret-0123456789' })}`
    expect(readMemory(body, redact).lastGoodUrl).toBeUndefined()
  })
})

describe('the PR comment', () => {
  const model = buildReport({
    operation: 'deploy',
    result: deployed,
    workflowCommit: SHA_2,
    place: PLACE,
    now: NOW
  })

  it('links the preview first, then the commit and its compare view from the last push it remembers, the run and the time', () => {
    const previous = `marker\n${memoryLine(
      {
        pushes: [
          { commit: SHA_1, revision: REVISION, verdict: 'served', at: '2026-01-01T01:00:00.000Z' }
        ]
      },
      NO_SECRETS
    )}`
    const body = renderComment(model, previous, PLACE, NO_SECRETS)
    const links = [...body.matchAll(/\]\((https?:[^)]+)\)/g)].map((match) => match[1])
    expect(links[0]).toBe('https://agent-app.example.com')
    expect(links).toContain(`https://github.com/acme/agent/commit/${SHA_2}`)
    expect(links).toContain(`https://github.com/acme/agent/compare/${SHA_1}...${SHA_2}`)
    expect(links).toContain('https://github.com/acme/agent/actions/runs/99')
    expect(body).toContain('**Updated:** 2026-01-01 01:40:00 UTC')
    expect(body).toContain('<details><summary>Earlier pushes (1)</summary>')
    // The memory grows by this push, newest first.
    expect(readMemory(body, NO_SECRETS).pushes.map((push) => push.commit)).toEqual([SHA_2, SHA_1])
  })

  it('while building keeps the link to what still serves, and says when the end is expected', () => {
    const previous = renderComment(model, undefined, PLACE, NO_SECRETS)
    const building = renderBuildingComment(
      {
        deploymentName: 'agent-app',
        commit: SHA_1,
        expectedAt: Date.parse('2026-01-01T01:42:00Z'),
        runUrl: 'https://github.com/acme/agent/actions/runs/100',
        now: NOW,
        verb: 'building'
      },
      previous,
      PLACE,
      NO_SECRETS
    )
    expect(building).toContain('### 🔄 agent-app: building `1111111`, expected around 01:42:00 UTC')
    expect(building).toContain(
      '**Still serving:** [open the preview ↗](https://agent-app.example.com)'
    )
    expect(readMemory(building, NO_SECRETS)).toEqual(readMemory(previous, NO_SECRETS))
  })

  it('on failure says why and links the run; the status text is the headline in plain words, at most 140 characters', () => {
    const failed = buildReport({
      operation: 'deploy',
      result: {
        ...deployed,
        outcome: 'failed',
        revisionStatus: 'BUILD_FAILED',
        deploymentName: 'a'.repeat(200)
      },
      workflowCommit: SHA_2,
      place: PLACE,
      now: NOW
    })
    const body = renderComment(failed, undefined, PLACE, NO_SECRETS)
    expect(body).toMatch(/> \[!CAUTION\]\n> Deployed\./)
    expect(body).toContain('[this workflow run](https://github.com/acme/agent/actions/runs/99)')
    const description = statusDescription(failed, NO_SECRETS)
    expect(description.length).toBeLessThanOrEqual(140)
    expect(statusDescription(model, NO_SECRETS)).toBe('agent-app deployed in 2m 10s')
  })
})

describe('the PR comment of a failed smoke suite', () => {
  const SECRET = 'sk-live-0123456789abcdef'
  const cases = [
    { name: 'hello', passed: true, latencyMs: 10, reply: 'echo: hello' },
    ...Array.from({ length: 7 }, (_, index) => ({
      name: `case-${index + 1}`,
      passed: false,
      failure:
        index === 0 ? `the reply holds ${SECRET}\nand a second line` : `no answer ${index + 1}`
    }))
  ]
  const model = buildReport({
    operation: 'deploy',
    result: { ...deployed, outcome: 'checks-failed', message: 'A check failed.' },
    checks: {
      verdicts: [
        { check: 'serving', verdict: 'passed' },
        { check: 'suite', verdict: 'failed', why: 'Smoke suite: 1 of 8 cases passed.' }
      ],
      payloads: { suite: { revisionId: REVISION, cases, passed: 1, failed: 7, required: 8 } }
    },
    workflowCommit: SHA_2,
    place: PLACE,
    now: NOW
  })

  it('names the failed cases and why as the reason, the first five and the rest counted', () => {
    const body = renderComment(model, undefined, PLACE, createRedactor([SECRET]))
    const line = body.split('\n').find((text) => text.startsWith('> **Smoke suite failed:** '))
    expect(line).toBeDefined()
    expect(line).toContain('case-1: the reply holds ')
    expect(line).not.toContain(SECRET)
    expect(line).not.toContain('second line')
    // The headline counts the cases; the reason does not again.
    expect(line).not.toContain('1 of 8')
    expect(line).toContain('case-5: no answer 5;')
    expect(line).not.toContain('case-6')
    expect(line).not.toContain('hello')
    expect(line).toMatch(/; and 2 more$/)
  })

  it('says nothing of cases when the suite passed', () => {
    const passed = buildReport({
      operation: 'deploy',
      result: deployed,
      checks: {
        verdicts: [{ check: 'suite', verdict: 'passed' }],
        payloads: {
          suite: {
            revisionId: REVISION,
            cases: cases.slice(0, 1),
            passed: 1,
            failed: 0,
            required: 1
          }
        }
      },
      now: NOW
    })
    expect(renderComment(passed, undefined, PLACE, NO_SECRETS)).not.toContain('case-1')
  })
})
