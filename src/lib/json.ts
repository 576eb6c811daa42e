/**
 * A text read as JSON, or undefined when it is not JSON (JSON itself never reads as undefined):
 * for texts from outside (an answer body, a value about to become an output), where "not JSON" is
 * a finding, not an error.
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
