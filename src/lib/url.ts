import { CONTROL_KINDS, characterClass } from './character-kinds'

/** Control characters and spaces: a URL never holds one as written. */
const URL_REFUSED = characterClass([...CONTROL_KINDS, 'space'])

/**
 * Judges a URL from the service before it becomes an output, a link or a GitHub payload: only
 * `http(s)`, no user or password in it, no control characters or spaces. Returns the URL as the
 * service wrote it, or why it is refused.
 */
export function checkHttpUrl(text: string): { url: string } | { problem: string } {
  if (URL_REFUSED.test(text)) return { problem: 'it holds control characters or spaces' }
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

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/**
 * The host a key sent to this URL would reach in clear text: an `http://` URL to a host other
 * than this machine. Undefined for https, loopback or a text that is not a URL.
 */
export function clearTextHost(text: string): string | undefined {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' && !LOOPBACK_HOSTS.test(url.hostname) ? url.hostname : undefined
  } catch {
    return undefined
  }
}
