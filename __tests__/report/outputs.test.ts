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
    ['javascript:alert(1)', 'its scheme is javascript: rather than http(s)'],
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
    expect(outputProblem('revision-id', 'r-1', redact)).toBeUndefined()
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
    const setOutput = createOutputs(redact, { warning: (text) => warnings.push(text) })
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
