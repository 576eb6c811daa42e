import { describe, expect, it } from '@jest/globals'
import { createRedactor, CUT_MARK, secretForms } from '../../src/report/redact'

const TOKEN = 'ghp_abc_DEF_123456789'
const QUOTED = 'pa"ss\\word 9f8e&x'

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

  it('knows the JSON-escaped, URL-encoded and form-encoded forms', () => {
    const redact = createRedactor([QUOTED])
    expect(redact(JSON.stringify({ value: QUOTED }))).toBe('{"value":"***"}')
    expect(redact(`?v=${encodeURIComponent(QUOTED)}`)).toBe('?v=***')
    expect(redact(new URLSearchParams({ v: QUOTED }).toString())).toBe('v=***')
    expect(secretForms([QUOTED])).toContain('pa\\"ss\\\\word 9f8e&x')
  })

  it('knows a multi-line value JSON-escaped whole', () => {
    const key = '-----BEGIN KEY-----\nMIIEabcdef\n-----END KEY-----'
    expect(createRedactor([key])(JSON.stringify({ key }))).toBe('{"key":"***"}')
  })

  it('removes a piece of a secret left where someone else cut a text', () => {
    const redact = createRedactor([TOKEN])
    // The service's error body, cut at 500 characters inside the token.
    expect(redact(`detail: ${TOKEN.slice(0, 10)}`)).toBe('detail: ***')
    expect(redact(`detail: ${TOKEN.slice(0, 10)}\nHint: more`)).toBe('detail: ***\nHint: more')
    expect(redact(`detail: ${TOKEN.slice(0, 12)}${CUT_MARK}`)).toBe(`detail: ***${CUT_MARK}`)
    expect(redact(`"${TOKEN.slice(0, 9)}", more`)).toBe('"***", more')
    // Seven characters are too few to tell a secret from a word; other letters after the start
    // make another value.
    expect(redact('ghp_abc')).toBe('ghp_abc')
    expect(redact('ghp_abc_DEF_1234Z')).toBe('ghp_abc_DEF_1234Z')
  })
})

describe('cut', () => {
  const redact = createRedactor([TOKEN])

  it('keeps a short text as it is, redacted', () => {
    expect(redact.cut(`a ${TOKEN} b`, 100)).toBe('a *** b')
  })

  it('never leaves the start of a secret at the cut, wherever the cut falls', () => {
    // A piece of the token the service itself cut, then more text: whatever is cut after it.
    const text = `${'x'.repeat(20)}${TOKEN.slice(0, 15)} and then ${TOKEN}${'y'.repeat(20)}`
    for (let max = 21; max < text.length; max++) {
      const cut = redact.cut(text, max)
      expect(cut.length).toBeLessThanOrEqual(max)
      expect(cut).not.toMatch(/ghp/)
    }
  })

  it('redacts before it cuts, so a whole secret across the cut is gone', () => {
    const cut = redact.cut(`${'x'.repeat(10)}${TOKEN}${'y'.repeat(100)}`, 30)
    expect(cut).toBe(`${'x'.repeat(10)}***${'y'.repeat(16)}${CUT_MARK}`)
  })

  it('does not split a character outside the BMP', () => {
    expect(createRedactor([]).cut('ab😀cd', 4)).toBe(`ab${CUT_MARK}`)
  })
})
