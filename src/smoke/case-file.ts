/**
 * A case file's text → its cases: the YAML (or JSON Lines) reading of `smoke.cases`, apart from
 * the cases' shape (./cases.ts) so that the YAML parser loads only with a policy that names one.
 */
import { parse as parseYaml } from 'yaml'
import { MAX_CASES, toCase, type CaseFile, type SmokeCase } from './cases'

/** A case file's text → its cases: a YAML list, or JSON Lines (one case a line). Pure. */
export function parseCases(text: string, jsonLines: boolean): CaseFile {
  // Editors on Windows start a UTF-8 file with a byte-order mark; JSON.parse refuses it.
  text = text.replace(/^\uFEFF/, '')
  const entries = caseEntries(text, jsonLines)
  if ('problem' in entries) return { problems: [entries.problem] }
  if (entries.list.length === 0) return { problems: ['the file holds no cases'] }
  if (entries.list.length > MAX_CASES)
    return {
      problems: [
        `the file holds ${entries.list.length} cases, more than ${MAX_CASES}: a smoke suite gates a deploy, keep it small`
      ]
    }
  const problems: string[] = []
  const cases: SmokeCase[] = []
  for (const { where, value } of entries.list) {
    const parsed = toCase(value, where)
    if ('problems' in parsed) problems.push(...parsed.problems)
    else cases.push(parsed.case)
  }
  return problems.length > 0 ? { problems } : { cases, problems: [] }
}

type Entries = { list: { where: string; value: unknown }[] } | { problem: string }

/** A case file's text → its entries as written, each with its place ("case 3", "line 3"). */
export function caseEntries(text: string, jsonLines: boolean): Entries {
  text = text.replace(/^\uFEFF/, '')
  return jsonLines ? jsonLineEntries(text) : yamlEntries(text)
}

function yamlEntries(text: string): Entries {
  let value: unknown
  try {
    value = parseYaml(text)
  } catch (error) {
    // Where, never what: a file of another kind must not be quoted.
    const line = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line
    return { problem: `is not valid YAML${line === undefined ? '' : ` at line ${line}`}` }
  }
  if (!Array.isArray(value))
    return {
      problem:
        'must be a list of cases (YAML "- message: …" items, or a .jsonl file with a case a line)'
    }
  return { list: value.map((item, index) => ({ where: `case ${index + 1}`, value: item })) }
}

function jsonLineEntries(text: string): Entries {
  const list: { where: string; value: unknown }[] = []
  const lines = text.split(/\r?\n/)
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue
    try {
      list.push({ where: `line ${index + 1}`, value: JSON.parse(line) })
    } catch {
      return { problem: `line ${index + 1} is not JSON (a .jsonl file holds one case a line)` }
    }
  }
  return { list }
}
