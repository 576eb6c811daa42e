import { runnerSink } from '../../src/real-world'
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOutputs, outputProblem } from '../../src/report/outputs'
import { createRedactor } from '../../src/report/redact'

const KEY = 'sk-live-"quoted"\\9f8e'
const redact = createRedactor([KEY])

describe('outputProblem', () => {
  it.each([
    ['https://agent.example.com/path?x=1', undefined],
    ['http://127.0.0.1:8080', undefined],
    ['', undefined],
    ['javascript:alert%281%29', 'its scheme is javascript: rather than http(s)'],
    ['javascript:alert(1)', 'it holds shell syntax ($ ` " \' \\ ( ) < > |)'],
    ['https://x.example/$(touch${IFS}/tmp/x)', 'it holds shell syntax ($ ` " \' \\ ( ) < > |)'],
    ['https://x.example/`id`', 'it holds shell syntax ($ ` " \' \\ ( ) < > |)'],
    ['https://x.example/"; id; "', 'it holds shell syntax ($ ` " \' \\ ( ) < > |)'],
    ["https://x.example/'x'", 'it holds shell syntax ($ ` " \' \\ ( ) < > |)'],
    ['https://x.example/a|b', 'it holds shell syntax ($ ` " \' \\ ( ) < > |)'],
    ['https://x.example/<a>', 'it holds shell syntax ($ ` " \' \\ ( ) < > |)'],
    ['data:text/html,x', 'its scheme is data: rather than http(s)'],
    ['https://user:pw@agent.example.com', 'it holds a user name or password'],
    ['https://agent.example.com/\n::add-mask::x', 'it holds control characters or line breaks'],
    ['https://agent.example.com/\r', 'it holds control characters or line breaks'],
    ['https://agent.example.com/ x', 'it holds control characters or spaces'],
    [`https://agent.example.com/?k=${encodeURIComponent(KEY)}`, 'it holds a secret'],
    ['not a url', 'it holds control characters or spaces'],
    ['agent.example.com', 'it is not a URL']
  ])('deployment-url %j: %s', (value, problem) => {
    expect(outputProblem('deployment-url', value, redact)).toBe(problem)
  })

  it('refuses a line break or a secret in any output', () => {
    expect(outputProblem('revision-id', 'r-1\nother=x', redact)).toBe(
      'it holds control characters or line breaks'
    )
    expect(outputProblem('revision-status', `DEPLOYED ${KEY}`, redact)).toBe('it holds a secret')
    expect(outputProblem('revision-id', 'r-1', redact)).toBe('it is not a UUID')
  })

  it.each([
    ['deployment-id', '123e4567-e89b-42d3-a456-426614174000', undefined],
    ['revision-id', '123E4567-E89B-42D3-A456-426614174000', undefined],
    ['previous-revision-id', '$(touch${IFS}/tmp/x)', 'it is not a UUID'],
    ['rollback-revision-id', '123e4567-e89b-42d3-a456-426614174000;id', 'it is not a UUID'],
    ['revision-status', 'DEPLOYED', undefined],
    ['revision-status', 'BUILD_FAILED', undefined],
    ['revision-status', 'DEPLOYED$(id)', 'it is not a status name (A-Z and _)'],
    ['revision-status', 'deployed', 'it is not a status name (A-Z and _)'],
    ['created', 'true', undefined],
    ['rolled-back', 'yes', 'it is not true or false'],
    ['pruned', '[]', undefined],
    ['pruned', '["pr-1","pr-22"]', undefined],
    ['pruned', '["pr-1","$(id)"]', 'it holds a name that breaks the deployment name rule'],
    ['pruned', '{"a":1}', 'it holds a name that breaks the deployment name rule'],
    ['pruned', '[1]', 'it holds a name that breaks the deployment name rule'],
    ['pruned', 'pr-1', 'it is not JSON']
  ] as const)('%s %j: %s', (name, value, problem) => {
    expect(outputProblem(name, value, redact)).toBe(problem)
  })

  it('sets a deployment URL with every character outside the safe set percent-encoded', () => {
    const set: Record<string, string> = {}
    const setOutput = createOutputs(redact, { warning: () => undefined }, (name, value) => {
      set[name] = value
    })
    setOutput('deployment-url', 'https://agent.example.com/a*b[c]{d}^é?q=1&r=2;s#f')
    expect(set['deployment-url']).toBe(
      'https://agent.example.com/a%2Ab%5Bc%5D%7Bd%7D%5E%C3%A9?q=1&r=2;s#f'
    )
    expect(set['deployment-url']).toMatch(/^[A-Za-z0-9._~:/?#@!&+,;=%-]+$/)
  })
})

describe('createOutputs through @actions/core', () => {
  const folder = mkdtempSync(join(tmpdir(), 'outputs-test-'))
  afterEach(() => {
    delete process.env.GITHUB_OUTPUT
  })

  it('leaves a refused value empty with a warning, and no value can add an output', () => {
    const file = join(folder, 'output')
    writeFileSync(file, '')
    process.env.GITHUB_OUTPUT = file
    const warnings: string[] = []
    const setOutput = createOutputs(
      redact,
      { warning: (text) => warnings.push(text) },
      runnerSink.setOutput
    )
    setOutput('deployment-url', 'javascript:alert(1)\nrevision-id=owned')
    setOutput('revision-id', 'r-1\nrevision-status<<EOF\nowned\nEOF')
    setOutput('revision-status', 'DEPLOYED')
    const written = readFileSync(file, 'utf8')
    // Each output is `name<<delimiter`, its value, the delimiter: pull the values out.
    const values = Object.fromEntries(
      [...written.matchAll(/^([a-z-]+)<<(\S+)\n([\s\S]*?)\n?\2$/gm)].map((m) => [m[1], m[3]])
    )
    expect(values).toEqual({
      'deployment-url': '',
      'revision-id': '',
      'revision-status': 'DEPLOYED'
    })
    expect(written).not.toContain('owned')
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toContain('The output deployment-url is left empty')
    rmSync(folder, { recursive: true, force: true })
  })
})
