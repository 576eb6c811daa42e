/**
 * What a reply must hold (the agent checks' expectation, a smoke case's `expect`). Plain text must
 * appear in the reply; `/pattern/flags` is a regular expression the reply must match. Pure: no I/O.
 */
export type Expectation = { kind: 'text'; text: string } | { kind: 'pattern'; pattern: RegExp }

/** Flags that make sense for one test of one reply; `g` and `y` would make the test stateful. */
const ALLOWED_FLAGS = /^[imsuvd]*$/
const PATTERN_FORM = /^\/(.+)\/([a-z]*)$/s

/** The input's text as an expectation, or the problem with it (a sentence without the value). */
export function parseExpectation(text: string): { expectation: Expectation } | { problem: string } {
  const form = PATTERN_FORM.exec(text)
  if (!form) return { expectation: { kind: 'text', text } }
  const [, source = '', flags = ''] = form
  if (!ALLOWED_FLAGS.test(flags)) {
    return {
      problem: `has the flags "${flags}"; a regular expression written /pattern/flags may use only i, m, s, u, v and d`
    }
  }
  try {
    return { expectation: { kind: 'pattern', pattern: new RegExp(source, flags) } }
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : ''
    return {
      problem: `is not a valid regular expression (${reason}); write plain text, or /pattern/flags`
    }
  }
}

export function meetsExpectation(expectation: Expectation, reply: string): boolean {
  return expectation.kind === 'text'
    ? reply.includes(expectation.text)
    : expectation.pattern.test(reply)
}

/** For messages: "contain "ok"" or "match /ok/i". */
export function describeExpectation(expectation: Expectation): string {
  return expectation.kind === 'text'
    ? `contain ${JSON.stringify(expectation.text)}`
    : `match ${String(expectation.pattern)}`
}
