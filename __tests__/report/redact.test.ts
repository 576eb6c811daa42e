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

describe('secret forms a service may show', () => {
  const SECRET = 'sk_Lv"1\\2/3+4=5&6 7_SECRETVAL'
  const redact = createRedactor([SECRET])
  const clean = (text: string) => {
    const shown = redact(text)
    for (const piece of [SECRET.slice(0, 8), SECRET.slice(-8), 'SECRETVAL'])
      expect(shown).not.toContain(piece)
    return shown
  }

  it('percent-encoding in either letter case, or both mixed', () => {
    const upper = encodeURIComponent(SECRET)
    const lower = (text: string) => text.replace(/%[0-9A-F]{2}/g, (c) => c.toLowerCase())
    expect(clean(`?k=${lower(upper)}&x=1`)).toBe('?k=***&x=1')
    const mixed = upper.replace(/%2F/g, '%2f').replace(/%22/g, '%22')
    expect(clean(`?k=${mixed}`)).toBe('?k=***')
    expect(clean(`k=${lower(new URLSearchParams({ v: SECRET }).toString().slice(2))}`)).toBe(
      'k=***'
    )
  })

  it('base64 at each of the three byte offsets, and URL-safe base64', () => {
    for (const before of ['', 'a', 'ab', 'abc', 'Authorization: ']) {
      const encoded = Buffer.from(`${before}${SECRET}!`).toString('base64')
      expect(redact(encoded)).toMatch(/\*\*\*/)
      const decodedBack = Buffer.from(redact(encoded).replace(/\*\*\*/g, ''), 'base64')
      expect(decodedBack.toString('latin1')).not.toContain('SECRET')
      const urlSafe = Buffer.from(`${before}${SECRET}`).toString('base64url')
      expect(redact(urlSafe)).toMatch(/\*\*\*/)
    }
  })

  it('HTML and XML character references, named, decimal and hexadecimal', () => {
    const named = SECRET.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
    expect(clean(`<p>${named}</p>`)).toBe('<p>***</p>')
    const decimal = [...SECRET].map((c) => `&#${c.charCodeAt(0)};`).join('')
    expect(clean(`<v>${decimal}</v>`)).toBe('<v>***</v>')
    const hex = SECRET.replace(/[/\\"]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`)
    expect(clean(`x ${hex} y`)).toBe('x *** y')
    expect(clean(SECRET.replace(/\//g, '&sol;').replace(/\\/g, '&bsol;'))).toBe('***')
  })

  it('zero-width and bidi characters inside a secret', () => {
    for (const invisible of [
      '\u200b',
      '\u200d',
      '\u2060',
      '\u202e',
      '\u2066',
      '\ufeff',
      '\u00ad'
    ]) {
      const hidden = `${SECRET.slice(0, 5)}${invisible}${SECRET.slice(5, 12)}${invisible}${SECRET.slice(12)}`
      expect(clean(`key=${hidden};`)).toBe('key=***;')
    }
    // One outside a secret stays (the destination shows it escaped).
    expect(redact('a\u200bb')).toBe('a\u200bb')
  })

  it('a secret cut by a line break: its head and its tail, 8 characters or more each', () => {
    for (let at = 8; at <= SECRET.length - 8; at++) {
      const text = `token ${SECRET.slice(0, at)}\n${SECRET.slice(at)} end`
      expect(clean(text)).toBe('token ***\n*** end')
    }
    // A tail that a length limit left at the start of a text, or after a cut mark.
    expect(clean(SECRET.slice(10))).toBe('***')
    expect(clean(`${CUT_MARK}${SECRET.slice(-12)} more`)).toBe(`${CUT_MARK}*** more`)
    // The same end in the middle of a word is another value.
    expect(redact(`x${SECRET.slice(-9)}`)).toBe(`x${SECRET.slice(-9)}`)
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
