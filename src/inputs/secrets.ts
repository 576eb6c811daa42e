import { characterClass, codePoint } from '../lib/character-kinds'

export interface Secret {
  name: string
  value: string
}

export interface ParsedSecrets {
  secrets: Secret[]
  /** Every value found, even in an input that has problems: the caller masks them all. */
  values: string[]
  problems: string[]
}

const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * C0 control characters but tab and line breaks (a JSON value may hold a PEM key's lines), DEL
 * and C1: a value holding one would reach the agent server's environment as no one wrote it.
 */
const SECRET_CONTROL = characterClass(['c0', 'del', 'c1'])
const isControl = (char: string) => SECRET_CONTROL.test(char)

/**
 * Environment variables the agent server sets or reads itself; a secret of that name would be
 * refused by the service after the build, so it is refused here first.
 */
export const RESERVED_SECRET_NAMES: readonly string[] = [
  'POSTGRES_URI',
  'DATABASE_URI',
  'REDIS_URI'
]

/** What a name must look like; said in every problem about a name that is not one. */
const NAME_RULE = 'NAME must be a C identifier: letters, digits and _, not starting with a digit'

/** One secret, and where the user wrote it: `line 3` or `key 2 of the JSON object`. */
interface Entry extends Secret {
  where: string
}

/**
 * Parses the `secrets` input: `NAME=value` lines (blank lines and `#` comments skipped, the value
 * may hold `=`) or a JSON object of strings. Problems never quote a value, nor a "name" that is not
 * an identifier (a pasted key line would become one): they say where it is instead.
 */
export function parseSecrets(text: string): ParsedSecrets {
  const trimmed = text.trim()
  if (trimmed === '') return { secrets: [], values: [], problems: [] }
  const entries = trimmed.startsWith('{') ? parseJsonSecrets(trimmed) : parseLineSecrets(text)
  const problems = [...entries.problems]
  const seen = new Set<string>()
  for (const { name, value, where } of entries.secrets) {
    const control = [...value].find(isControl)
    if (control !== undefined) {
      // Where and which character, never the value: it is a secret.
      problems.push(
        `${where} holds a control character in its value (${codePoint(control)}); only tabs and line breaks may appear`
      )
    }
    if (!C_IDENTIFIER.test(name)) {
      problems.push(
        where.startsWith('line')
          ? `${where} is not NAME=value (${NAME_RULE})`
          : `the name of ${where} is not valid (${NAME_RULE})`
      )
      continue
    }
    if (RESERVED_SECRET_NAMES.includes(name)) {
      problems.push(`secret name "${name}" is reserved by the agent server; choose another name`)
    }
    if (seen.has(name)) problems.push(`secret name "${name}" is given more than once (${where})`)
    seen.add(name)
  }
  const secrets = entries.secrets.map(({ name, value }) => ({ name, value }))
  return { secrets, values: secrets.map((s) => s.value), problems }
}

function parseJsonSecrets(text: string): { secrets: Entry[]; problems: string[] } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    // The parser's message can quote the text around the error, which holds values: leave it out.
    return { secrets: [], problems: ['is not valid JSON (expected an object of "NAME": "value")'] }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { secrets: [], problems: ['must be a JSON object of "NAME": "value"'] }
  }
  const secrets: Entry[] = []
  const problems: string[] = []
  Object.entries(parsed).forEach(([name, value], index) => {
    const where = `key ${index + 1} of the JSON object`
    if (typeof value === 'string') secrets.push({ name, value, where })
    else if (C_IDENTIFIER.test(name)) problems.push(`secret "${name}" must have a string value`)
    else problems.push(`${where} must have a string value, and a valid name (${NAME_RULE})`)
  })
  return { secrets, problems }
}

function parseLineSecrets(text: string): { secrets: Entry[]; problems: string[] } {
  const secrets: Entry[] = []
  const problems: string[] = []
  text.split(/\r?\n/).forEach((line, index) => {
    const content = line.trim()
    if (content === '' || content.startsWith('#')) return
    const where = `line ${index + 1}`
    const separator = line.indexOf('=')
    if (separator <= 0) {
      problems.push(`${where} is not NAME=value`)
      return
    }
    secrets.push({ name: line.slice(0, separator).trim(), value: line.slice(separator + 1), where })
  })
  return { secrets, problems }
}
