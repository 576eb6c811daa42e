import { runnerSink } from '../../src/real-world'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createLog, forLog, MAX_LOG_LINE } from '../../src/report/log'
import { createRedactor } from '../../src/report/redact'

const TOKEN = 'ghp_abc_DEF_123456789'
const QUOTED = 'pa"ss\\word-9f8e'
const redact = createRedactor([TOKEN, QUOTED])

/** What @actions/core really writes to stdout while `body` runs. */
function stdoutOf(body: () => void): string {
  const written: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    written.push(chunk.toString())
    return true
  }) as typeof process.stdout.write
  try {
    body()
  } finally {
    process.stdout.write = write
  }
  return written.join('')
}

/** Lines of stdout the runner would read as a workflow command. */
function commandLines(stdout: string): string[] {
  return stdout.split(/\r\n|\r|\n/).filter((line) => /^\s*::/.test(line) || line.includes('##['))
}

const HOSTILE = [
  'DEPLOYED\n::add-mask::x',
  '\n::stop-commands::token',
  'ok\r::error file=a.ts::owned',
  '  ::warning::indented',
  'status ##[error]anywhere in a line',
  'line%0A::set-output name=x::y',
  'ansi \u001b[31mred\u001b[0m and \u0007 bell',
  'separator\u2028::add-mask::y',
  `${TOKEN} and ${JSON.stringify(QUOTED)} and ${encodeURIComponent(QUOTED)}`
]

describe('forLog', () => {
  it('neutralises `::` at a line start and `##[` anywhere, and shows control characters', () => {
    const shown = HOSTILE.map((text) => forLog(text, redact)).join('\n')
    expect(commandLines(shown)).toEqual([])
    expect(shown).toContain(':\\:add-mask::x')
    expect(shown).toContain('##\\[error]')
    expect(shown).toContain('ok\\r::error')
    expect(shown).toContain('\\x1b[31mred')
    expect(shown).toContain('\\x07 bell')
    expect(shown).toContain('separator\\u2028::add-mask')
    expect(shown).toContain('line%0A::set-output')
    expect(shown).toContain('*** and "***" and ***')
  })

  it('keeps the lines of a multi-line message', () => {
    expect(forLog('first\n  second', redact)).toBe('first\n  second')
  })

  it('cuts a megabyte line to about a thousand characters, with no piece of a secret left', () => {
    const line = `${'x'.repeat(MAX_LOG_LINE - 10)}${TOKEN}${'y'.repeat(1_000_000)}`
    const shown = forLog(line, redact)
    expect(shown.length).toBeLessThanOrEqual(MAX_LOG_LINE)
    expect(shown).toContain('***')
    for (let length = 8; length <= TOKEN.length; length++)
      expect(shown).not.toContain(TOKEN.slice(0, length))
  })

  it('drops a piece of a secret a cut would leave', () => {
    const shown = forLog(
      `${'x'.repeat(MAX_LOG_LINE - 6)}${TOKEN.slice(0, 12)}Q${'y'.repeat(50)}`,
      redact
    )
    expect(shown).toBe(`${'x'.repeat(MAX_LOG_LINE - 6)}…`)
  })
})

describe('createLog through @actions/core', () => {
  let saved: string | undefined
  beforeEach(() => {
    saved = process.env.RUNNER_DEBUG
    process.env.RUNNER_DEBUG = '1'
  })
  afterEach(() => {
    if (saved === undefined) delete process.env.RUNNER_DEBUG
    else process.env.RUNNER_DEBUG = saved
    process.exitCode = undefined
  })

  it('writes no command and no secret from any entry point', () => {
    const log = createLog(redact, runnerSink)
    const stdout = stdoutOf(() => {
      for (const text of HOSTILE) {
        log.info(text)
        log.notice(text, text)
        log.warning(text)
        log.error(text, text)
        log.debug(() => text)
        log.startGroup(text)
        log.endGroup()
        log.fail(text)
      }
    })
    const own = new Set([
      '::group::',
      '::endgroup::',
      '::debug::',
      '::error',
      '::warning',
      '::notice'
    ])
    const foreign = stdout
      .split(/\r\n|\r|\n/)
      .filter((line) => /^\s*::/.test(line) && ![...own].some((start) => line.startsWith(start)))
    expect(foreign).toEqual([])
    expect(stdout).not.toContain('##[')
    expect(stdout).not.toContain('\u001b')
    expect(stdout).not.toMatch(/ghp_abc|pa\\?"ss|pa%22ss/)
    expect(stdout).toContain('::error title=')
    process.exitCode = undefined
  })
})
