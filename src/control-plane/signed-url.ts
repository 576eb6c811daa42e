/**
 * A text without the signed URL's query: the query whole and each of its values (8 characters
 * or more) in the forms a storage's error body may quote them in (raw, decoded, percent-encoded
 * in either case, XML-escaped).
 */
export function withoutQuery(text: string, url: URL): string {
  const raw = url.search.slice(1)
  const values = [raw, ...raw.split('&').map((pair) => pair.slice(pair.indexOf('=') + 1))]
  const forms = new Set<string>()
  for (const value of values) {
    let decoded = value
    try {
      decoded = decodeURIComponent(value.replace(/\+/g, ' '))
    } catch {
      // Not valid percent-encoding: the raw form is enough.
    }
    for (const form of [value, decoded, encodeURIComponent(decoded)]) {
      forms.add(form)
      forms.add(form.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase()))
      forms.add(form.replace(/&/g, '&amp;'))
    }
  }
  return [...forms]
    .filter((form) => form.length >= 8)
    .sort((a, b) => b.length - a.length)
    .reduce((result, form) => result.split(form).join('…'), text)
}
