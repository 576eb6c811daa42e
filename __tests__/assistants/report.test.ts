import { describe, expect, it } from '@jest/globals'
import type { AssistantsReport } from '../../src/assistants/types'
import { assistantsLine, assistantsOutput, renderAssistants } from '../../src/assistants/report'
import { markdownFor } from '../../src/report/markdown'
import { judgeOutput } from '../../src/report/outputs'
import { createRedactor } from '../../src/report/redact'

const ID = '0b6c9b4e-4e55-4d8b-9a60-0d0b0a9f5b10'
const REPORT: AssistantsReport = {
  rows: [
    {
      name: 'support',
      id: ID,
      graphId: 'agent',
      result: 'updated',
      before: 1,
      after: 2,
      changed: ['config.configurable.model']
    },
    {
      name: 'triage',
      id: ID.replace('0b', '1c'),
      graphId: 'agent',
      result: 'created',
      after: 1,
      changed: []
    },
    {
      name: 'broken',
      id: ID.replace('0b', '2d'),
      changed: [],
      why: 'the write was refused: <b>no</b>'
    }
  ]
}

describe('assistants in the report', () => {
  it('one table: name, 8-character id, graph, result, versions, changed key paths; server text escaped', () => {
    const redact = createRedactor([])
    const lines = renderAssistants(REPORT, markdownFor(redact), redact)
    expect(lines).toContain(
      '| support | `0b6c9b4e` | agent | updated | 1 → 2 | `config.configurable.model` |'
    )
    expect(lines).toContain('| triage | `1c6c9b4e` | agent | created | — → 1 | — |')
    expect(lines.join('\n')).not.toContain('<b>')
  })

  it('one line in the PR comment, and the output only for assistants with a result, in its shape', () => {
    const redactNone = createRedactor([])
    const line = assistantsLine(REPORT, markdownFor(redactNone), redactNone)
    // Each assistant that changed, by name, with what was done to it and its versions.
    expect(line).toBe(
      '**Assistants:** `support` updated 1 → 2, `triage` created (version 1), `broken` failed'
    )
    const output = assistantsOutput(REPORT)
    expect(JSON.parse(output)).toEqual({
      support: { id: ID, version: 2, result: 'updated' },
      triage: { id: ID.replace('0b', '1c'), version: 1, result: 'created' }
    })
    const redact = createRedactor([])
    expect(judgeOutput('assistants', output, redact)).toEqual({ value: output })
    expect(judgeOutput('assistants', '{"Bad Name": {}}', redact)).toHaveProperty('problem')
    expect(
      judgeOutput(
        'assistants',
        JSON.stringify({ a: { id: '$(rm)', version: 1, result: 'created' } }),
        redact
      )
    ).toHaveProperty('problem')
  })
})
