import { SECRETS } from './secrets'

/**
 * The secret forms a plain search misses, as a hostile service writes them, and a search that
 * sees through each: percent-encoding in lower case, base64 at each byte offset, HTML character
 * references, zero-width and bidi characters inside, a secret split over two lines.
 */
export const lowerPercent = (secret: string) =>
  encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase())
export const base64At = (secret: string, offset: number) =>
  Buffer.from(`${'x'.repeat(offset)}${secret}`).toString('base64')
export const htmlReferences = (secret: string) =>
  [...secret].map((character) => `&#${character.codePointAt(0) ?? 0};`).join('')
export const zeroWidthInside = (secret: string) =>
  [...secret]
    .map((character, index) => (index % 4 === 3 ? `${character}\u200b` : character))
    .join('')
    .replace(/(.{6})/, '$1\u202e')
export const splitOverLines = (secret: string) =>
  `${secret.slice(0, Math.floor(secret.length / 2))}\n${secret.slice(Math.floor(secret.length / 2))}`

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/**
 * A text as a reader would read it: invisible characters gone, character references, percent
 * escapes (either case) and markdown backslash escapes undone.
 */
function asRead(text: string): string {
  return text
    .replace(/[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .replace(/\\u(200[b-f]|202[a-e]|206[0-9]|feff|00ad)/g, '')
    .replace(/&#(\d+);?/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);?/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&([a-z]+);/g, (whole, name: string) => NAMED[name] ?? whole)
    .replace(/%([0-9a-fA-F]{2})/g, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/\\([\\`*_[\]|#!~@<>&"'/+=-])/g, '$1')
}

/** The base64 characters that the secret's bytes alone decide, at each offset (a middle run). */
function base64Cores(secret: string): string[] {
  return [0, 1, 2].map((offset) => base64At(secret, offset).slice(4, 20))
}

/**
 * Every secret found in `text` read as a reader would (8-character head, 10-character tail), or
 * in base64, as "where: secret n (how)".
 */
export function hiddenLeaks(where: string, text: string): string[] {
  const read = asRead(text)
  return SECRETS.flatMap((secret, index) => [
    ...(read.includes(secret.slice(0, 8)) ? [`${where}: secret ${index + 1} (head)`] : []),
    ...(read.includes(secret.slice(-10)) ? [`${where}: secret ${index + 1} (tail)`] : []),
    ...base64Cores(secret)
      .filter((core) => text.includes(core))
      .map(() => `${where}: secret ${index + 1} (base64)`)
  ])
}
