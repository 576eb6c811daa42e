/**
 * The release policy's `smoke` section: the smoke cases (inline, or a case file the policy
 * names), how many must pass and how many run at once. Loads none of the suite's code.
 */
import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import { z } from 'zod'
import { agentReads } from '../agent-checks/section'
import { assistantIdByName } from '../assistants/section'
import { keyPathText } from '../policy-kit/problems'
import {
  defineSection,
  type FileKey,
  type InEffect,
  type Keys,
  type RuleProblem,
  type Values
} from '../policy-kit/section'
import { about } from '../policy-kit/schema-kit'
import { count, share, text } from '../policy-kit/values'
import { shareWords } from '../policy-kit/words'
import {
  caseSchema,
  MAX_CASES,
  MAX_FILE_BYTES,
  requiredPasses,
  toCase,
  type MinPass,
  type SmokeCase
} from './cases'

/** `smoke.min-pass`: a share of the cases, or a count of them. */
type MinPassValue = { share: number } | { count: number }

const minPass = z
  .union([z.number(), z.string()], {
    error: 'must be a share of the cases (90%) or a count of them (18)'
  })
  .transform((value, ctx): MinPassValue => {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return { count: value }
    const parsed = typeof value === 'string' ? share.safeParse(value) : undefined
    if (parsed?.success) return { share: parsed.data }
    ctx.issues.push({
      code: 'custom',
      message: 'must be a share of the cases written with % (90%) or a whole count of them (18)',
      input: value
    })
    return z.NEVER
  })

/** `smoke.min-pass` as written. */
function minPassWords(least: MinPassValue): string {
  return 'share' in least ? shareWords(least.share) : String(least.count)
}

const smokeCases = z
  .union([
    text.meta({ description: 'a case file, relative to the workspace (YAML list or .jsonl)' }),
    z
      .array(caseSchema)
      .min(1, 'must hold at least one case')
      .max(
        MAX_CASES,
        `must hold at most ${MAX_CASES} cases: a smoke suite gates a deploy, keep it small`
      )
  ])
  .meta({ description: 'the smoke cases: a path to a case file, or the list itself' })

const keys = ((key) => ({
  cases: key(smokeCases),
  'min-pass': key(about(minPass, 'cases that must pass: a share (90%) or a count')),
  concurrency: key(
    about(count(1, 16, ' (cases run at once against one revision)'), 'cases at once, 1–16')
  )
})) satisfies Keys<z.core.$ZodLooseShape>

type Smoke = InEffect<Values<typeof keys>, 'cases'>

const DEFAULTS = { 'min-pass': '100%', concurrency: 4 } as const

/** The smoke suite's settings: its cases (an assistants name standing for its id). */
export interface SmokeSettings {
  cases: SmokeCase[]
  minPass: MinPass
  concurrency: number
}

/** A case file the policy names: a YAML list, or JSON Lines; every problem on the policy's key. */
const caseFile: FileKey<SmokeCase> = {
  what: 'the case file',
  maxBytes: MAX_FILE_BYTES,
  parse: async (bytes, named) => {
    const { caseEntries } = await import('./case-file')
    const entries = caseEntries(bytes.toString('utf8'), /\.jsonl$/i.test(named))
    if ('problem' in entries) return { problems: [{ message: `${named} ${entries.problem}` }] }
    const problems: string[] = []
    if (entries.list.length === 0) problems.push(`${named} holds no cases`)
    if (entries.list.length > MAX_CASES)
      problems.push(
        `${named} holds ${entries.list.length} cases, more than ${MAX_CASES}: a smoke suite gates a deploy, keep it small`
      )
    const items: SmokeCase[] = []
    for (const { where, value } of entries.list) {
      const parsed = toCase(value, where)
      if ('problems' in parsed) problems.push(...parsed.problems.map((m) => `${named} ${m}`))
      else items.push(parsed.case)
    }
    if (problems.length > 0) return { problems: problems.map((message) => ({ message })) }
    return { read: { written: entries.list.map(({ value }) => value), items } }
  },
  // What the case schema cannot see in an inline case: message or input, the expectations.
  inline: (list) => {
    const items: SmokeCase[] = []
    const problems: { index: number; message: string }[] = []
    list.forEach((value, index) => {
      const parsed = toCase(value, `case ${index + 1}`)
      if ('problems' in parsed)
        problems.push(...parsed.problems.map((message) => ({ index, message })))
      else items.push(parsed.case)
    })
    return problems.length > 0 ? { problems } : { items }
  },
  itemKeys: Object.keys(caseSchema.shape),
  identity: caseIdentity,
  shown: (written) => {
    const message = (written as Record<string, unknown> | null)?.message
    return typeof message === 'string' ? JSON.stringify(message.slice(0, 40)) : 'a case'
  }
}

export const smokeSection = defineSection({
  name: 'smoke',
  keys,
  defaults: DEFAULTS,
  words: (smoke: Smoke) => {
    const cases = smoke.cases
    const which =
      cases === undefined
        ? 'no cases'
        : Array.isArray(cases)
          ? `${cases.length} case${cases.length === 1 ? '' : 's'} inline`
          : `cases from ${cases.path}`
    const least = smoke['min-pass']
    return [
      which,
      ...(least === undefined ? [] : [`at least ${minPassWords(least)} pass`]),
      `${smoke.concurrency} at once`
    ]
  },
  diff: {
    // Judged on the failures it allows: that side's cases minus the passes it requires.
    'min-pass': {
      direction: -1,
      judged: (value, side) => failuresAllowed(value as MinPassValue, side.list('cases')),
      shown: (value, side) => {
        const written = minPassWords(value as MinPassValue)
        const cases = side.list('cases')
        const allowed = failuresAllowed(value as MinPassValue, cases)
        return cases === undefined ? written : `${written} (${allowed} of ${cases.length} may fail)`
      }
    },
    cases: { removalWeakens: true }
  },
  files: { cases: caseFile },
  rules: (smoke: Values<typeof keys>, { policy, given, itemCount }) => {
    const problems: RuleProblem[] = []
    if (smoke.cases === undefined) {
      for (const key of ['min-pass', 'concurrency'] as const)
        if (given(key))
          problems.push({
            path: ['smoke', key],
            message: `smoke.${key} needs smoke.cases (the suite it applies to)`
          })
    } else if (agentReads(policy).assistant === undefined)
      problems.push({
        path: ['smoke', 'cases'],
        message:
          'smoke.cases needs agent.assistant (the assistant of every case that names none, checked first)'
      })
    const least = smoke['min-pass']
    const cases = itemCount('cases')
    if (cases !== undefined && least !== undefined && 'count' in least && least.count > cases)
      problems.push({
        path: ['smoke', 'min-pass'],
        message: `smoke.min-pass asks for ${least.count} passing cases, but smoke.cases holds ${cases}`
      })
    return problems
  },
  actsOnDeployed: { key: 'cases', asks: (value) => value != null },
  settings: (smoke, { policy, files }): SmokeSettings | undefined => {
    const cases = files[keyPathText(['smoke', 'cases'])]?.items as SmokeCase[] | undefined
    if (smoke === undefined || cases === undefined || agentReads(policy).assistant === undefined)
      return undefined
    const named = assistantIdByName(files)
    return {
      cases: cases.map((smokeCase) =>
        smokeCase.assistant === undefined
          ? smokeCase
          : { ...smokeCase, assistant: named(smokeCase.assistant) }
      ),
      minPass: minPassSetting(smoke['min-pass']),
      concurrency: smoke.concurrency ?? DEFAULTS.concurrency
    }
  }
})

function minPassSetting(value: MinPassValue | undefined): MinPass {
  if (value === undefined) return { kind: 'percent', percent: 100 }
  return 'count' in value
    ? { kind: 'count', count: value.count }
    : { kind: 'percent', percent: Number((value.share * 100).toFixed(6)) }
}

/** How many of the cases may fail under `smoke.min-pass`; undefined when they are not known. */
function failuresAllowed(
  least: MinPassValue,
  cases: readonly unknown[] | undefined
): number | undefined {
  if (cases === undefined) return undefined
  return Math.max(0, cases.length - requiredPasses(minPassSetting(least), cases.length))
}

/** A case is matched by its name, else by the SHA-256 of its message or input. */
function caseIdentity(written: unknown, index: number): string {
  const record = (written ?? {}) as Record<string, unknown>
  if (typeof record.name === 'string' && record.name !== '') return record.name
  const content = record.message ?? record.input ?? record.inputs ?? { index }
  const hash = createHash('sha256')
    .update(canonicalize(content) ?? String(index))
    .digest('hex')
  return `sha256:${hash.slice(0, 12)}`
}
