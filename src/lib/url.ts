/**
 * Judges a URL from the service before it becomes an output, a link or a GitHub payload: only
 * `http(s)`, no user or password in it, no control characters or spaces. Returns the URL as the
 * service wrote it, or why it is refused.
 */
export function checkHttpUrl(text: string): { url: string } | { problem: string } {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(text))
    return { problem: 'it holds control characters or spaces' }
  let parsed: URL
  try {
    parsed = new URL(text)
  } catch {
    return { problem: 'it is not a URL' }
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return { problem: `its scheme is ${parsed.protocol} rather than http(s)` }
  if (parsed.username !== '' || parsed.password !== '')
    return { problem: 'it holds a user name or password' }
  return { url: text }
}
