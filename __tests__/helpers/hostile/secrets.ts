import { OUTPUT_NAMES } from '../../../src/inputs/contract'
import { secretForms as formsOfSecret } from '../../../src/report/redact'
import type { ActionRun } from '../run-action'

/**
 * Secrets whose escaped and encoded forms differ from the raw value: each holds `_`, `"`, `\`,
 * `/`, `+`, `=`, `&` and a space. Their first 8 characters appear nowhere else.
 */
export const API_KEY = 'cpk_Ab"c\\d/e+f=g&h i_SECRET1234'
export const AGENT_KEY = 'agk_Zy"x\\w/v+u=t&s r_AGENT5678'
export const GITHUB_TOKEN = 'ghp_Qq"p\\o/n+m=l&k j_TOKEN9012'
export const SECRET_VALUE = 'sk_Lv"1\\2/3+4=5&6 7_SECRETVAL'
export const SECRETS = [API_KEY, AGENT_KEY, GITHUB_TOKEN, SECRET_VALUE] as const
const SECRET_NAMES = ['api-key', 'agent-api-key', 'github-token', 'a secrets value']

/** The `secrets` input that carries SECRET_VALUE. */
export const SECRETS_INPUT = `OPENAI_API_KEY=${SECRET_VALUE}`

/** The forms a secret can take in text a server echoes: raw, JSON-escaped, URL-encoded. */
export function secretForms(secret: string): { form: string; text: string }[] {
  return [
    { form: 'raw', text: secret },
    { form: 'JSON-escaped', text: JSON.stringify(secret).slice(1, -1) },
    { form: 'URL-encoded', text: encodeURIComponent(secret) },
    { form: 'markdown-escaped', text: markdownEscaped(secret) },
    { form: 'HTML-escaped', text: secret.replace(/&/g, '&amp;').replace(/"/g, '&quot;') },
    { form: '8-character prefix', text: secret.slice(0, 8) },
    // The tail has no character any escaping changes: it catches every other form.
    { form: 'last 10 characters, in any escaping', text: secret.slice(-10) }
  ]
}

/** The secret as the summary's escaping writes it: HTML first, then markdown. */
function markdownEscaped(secret: string): string {
  return secret
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|#!]/g, (c) => `\\${c}`)
}

/**
 * Every secret form found in `text`, as "where: secret form" strings (an empty list is clean).
 * The 8-character prefix stands for every longer prefix (a cut error body, a truncated line).
 */
export function findSecrets(where: string, text: string): string[] {
  const found: string[] = []
  SECRETS.forEach((secret, index) => {
    for (const { form, text: shown } of secretForms(secret)) {
      if (text.includes(shown)) found.push(`${where}: ${SECRET_NAMES[index]} (${form})`)
    }
  })
  return [...new Set(found)]
}

/**
 * The `::add-mask::` lines the action may write for the secrets it holds: each in the forms a
 * server could echo it in (raw, JSON-escaped, URL- and form-encoded), with the command's data
 * escaped as @actions/core escapes it. Any other mask comes from somewhere else.
 */
export function ownMasks(): Set<string> {
  const escapeData = (text: string) =>
    text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  // The forms the action derives from each secret it holds (raw, JSON, percent in either case,
  // HTML, base64 at three offsets): masks of its own secrets, whatever their number.
  const forms = [...SECRETS, ...SECRETS.flatMap((secret) => formsOfSecret([secret]))]
  return new Set(forms.map((form) => `::add-mask::${escapeData(form)}`))
}

/**
 * Standard output as the runner shows it: without the action's own `::add-mask::` commands for
 * the secrets it holds, and with the data of commands unescaped (`%25` is `%`, `%0A` a newline).
 */
export function visibleLog(run: Pick<ActionRun, 'stdout'>): string {
  const masks = ownMasks()
  return run.stdout
    .split('\n')
    .filter((line) => !masks.has(line))
    .map((line) =>
      line.startsWith('::')
        ? line
            .replace(/%0D/g, '\r')
            .replace(/%0A/g, '\n')
            .replace(/%3A/g, ':')
            .replace(/%2C/g, ',')
            .replace(/%25/g, '%')
        : line
    )
    .join('\n')
}

/** Secret forms in everything a run leaves behind that a user or another step can read. */
export function leaksOf(
  run: Pick<ActionRun, 'stdout' | 'stderr' | 'summary' | 'outputs'>,
  github: { texts: string[] } = { texts: [] }
): string[] {
  return [
    ...findSecrets('stdout', visibleLog(run)),
    ...findSecrets('stderr', run.stderr),
    ...findSecrets('summary', run.summary),
    ...findSecrets('outputs', JSON.stringify(run.outputs) + Object.values(run.outputs).join('\n')),
    ...github.texts.flatMap((text, index) => findSecrets(`GitHub payload ${index + 1}`, text))
  ]
}

/** Outputs that action.yml does not declare (a newline in a value must not add one). */
export function undeclaredOutputs(run: Pick<ActionRun, 'outputs'>): string[] {
  const declared = new Set<string>(OUTPUT_NAMES)
  return Object.keys(run.outputs).filter((name) => !declared.has(name))
}
