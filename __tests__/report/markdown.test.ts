import { describe, expect, it } from '@jest/globals'
import { capComment, capMarkdown, commentMarker, markdownFor } from '../../src/report/markdown'
import { createRedactor, NO_SECRETS } from '../../src/report/redact'

const md = markdownFor(NO_SECRETS)

describe('markdownFor', () => {
  it('links only http(s) URLs, with a target no character can leave', () => {
    expect(md.link('https://x.example.com/a_(b) c')).toBe('https&#58;//x.example.com/a\\_(b) c')
    expect(md.link('https://x.example.com/a_(b)')).toBe(
      '[https://x.example.com/a\\_(b)](https://x.example.com/a_%28b%29)'
    )
    expect(md.link('javascript:alert(1)')).toBe('javascript:alert(1)')
    expect(md.link('JAVASCRIPT:alert(1)')).toBe('JAVASCRIPT:alert(1)')
    expect(md.link('data:text/html,<script>')).toBe('data:text/html,&lt;script&gt;')
  })

  it('escapes HTML, comment markers and markdown in a cell, on one line', () => {
    expect(md.cell('a\n<!-- x --> | [l](u) `c` *b* _i_ #h ~s~ @team &amp;')).toBe(
      'a &lt;\\!-- x --&gt; \\| \\[l\\](u) \\`c\\` \\*b\\* \\_i\\_ \\#h \\~s\\~ \\@team &amp;amp;'
    )
  })

  it('builds a fence longer than any run of backticks in its lines', () => {
    expect(md.fence(['a ```` b', '~~~'])).toBe('`````text\na ```` b\n~~~\n`````')
  })

  it('redacts before it escapes: a `_` token stays whole to the redactor', () => {
    const secret = md.cell.length >= 0 ? 'ghp_abc_DEF_123456789' : ''
    const redacting = markdownFor(createRedactor([secret]))
    expect(redacting.cell(`token ${secret}`)).toBe('token \\*\\*\\*')
    expect(redacting.fence([`token ${secret}`])).toBe('```text\ntoken ***\n```')
    expect(redacting.plain(`token ${secret}\nnext`, 140)).toBe('token *** next')
  })

  it('cuts a plain text without leaving the start of a secret', () => {
    const secret = 'ghp_abc_DEF_123456789'
    const plain = markdownFor(createRedactor([secret])).plain
    // A piece the service cut, followed by a boundary: redacted wherever it is.
    expect(plain(`${'x'.repeat(10)} ${secret.slice(0, 12)}, more`, 140)).toBe(
      'xxxxxxxxxx ***, more'
    )
    // The cut itself falls inside a near-secret: its start is dropped with the rest.
    expect(plain(`${'x'.repeat(130)} ${secret.slice(0, 12)}Zmore`, 140)).toBe(
      `${'x'.repeat(130)} …`
    )
  })
})

describe('commentMarker', () => {
  it('cannot be closed by a name', () => {
    for (const name of ['x -->', 'x --!>', 'x ->', '<!-- y', 'a\nb'])
      expect(commentMarker(name)).toMatch(/^<!-- deploy-agent-action:deployment=[^<>\s]* -->$/)
    expect(commentMarker('support-agent')).toBe(
      '<!-- deploy-agent-action:deployment=support-agent -->'
    )
  })
})

describe('the marker as markdownFor writes it', () => {
  it('holds the name redacted, then encoded, and cut', () => {
    const md = markdownFor(createRedactor(['tok_9f8e7d6c5b4a']))
    expect(md.marker('agent-tok_9f8e7d6c5b4a')).toBe(
      '<!-- deploy-agent-action:deployment=agent-*** -->'
    )
    expect(md.marker('x'.repeat(70_000)).length).toBeLessThan(300)
  })
})

describe('capComment', () => {
  it('keeps a comment under GitHub’s 65,536 characters, its marker first', () => {
    const body = `<!-- m -->\n${'| a | b |\n'.repeat(20_000)}`
    const capped = capComment(body)
    expect(capped.length).toBeLessThan(65_536)
    expect(capped.startsWith('<!-- m -->\n')).toBe(true)
    expect(capped).toContain('_The comment was cut here')
  })
})

describe('capMarkdown', () => {
  it('cuts at a line, closes a fence left open and says so', () => {
    const markdown = ['# t', '````text', ...Array.from({ length: 100 }, () => 'é'.repeat(50))].join(
      '\n'
    )
    const capped = capMarkdown(markdown, 2_000)
    expect(Buffer.byteLength(capped)).toBeLessThanOrEqual(2_000)
    expect(capped).toMatch(/\n````\n+_The summary was cut here/)
    expect(capped).not.toContain('\ufffd')
    expect(capMarkdown('short', 2_000)).toBe('short')
  })
})
