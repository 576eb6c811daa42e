/**
 * The release policy file, one zod schema: what every key may hold, its description and its
 * default (for the published JSON Schema and the README's reference), and the partial policy an
 * `environments` entry holds (`null` removes a key, `false` a section).
 */
import { z } from 'zod'
import { caseSchema, MAX_CASES } from '../smoke/cases'
import { assistantsSection } from './assistants'
import { bakeSection } from './bake-schema'
import { about, key, mapping, mappingError } from './schema-kit'
import { baseline, count, duration, expectation, minPass, share, text, thresholds } from './values'

/** The sections a policy (and an environments entry) may hold, in the order they are shown. */
export const SECTIONS = ['agent', 'smoke', 'gate', 'bake', 'assistants', 'rollback'] as const
export type Section = (typeof SECTIONS)[number]

/** Each key's default, as written in a file (filled in only in the sections present). */
export const DEFAULTS = {
  agent: { a2a: false, timeout: '5m' },
  smoke: { 'min-pass': '100%', concurrency: 4 },
  gate: {
    'max-examples': 100,
    repetitions: 1,
    concurrency: 4,
    'max-error-rate': '0%',
    baseline: 'previous',
    timeout: '10m'
  },
  bake: { interval: '1m', 'min-runs': 20, 'failure-limit': 2 },
  assistants: { 'on-drift': 'overwrite' },
  rollback: { 'on-failure': false, timeout: '15m' }
} as const satisfies Record<Section, Record<string, unknown>>

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

function sections<E extends boolean>(entry: E) {
  const agent = mapping('agent', {
    assistant: key(
      entry,
      about(
        text,
        'assistant id or graph name; the default assistant of the checks, the smoke cases and the gate'
      )
    ),
    message: key(
      entry,
      about(text, 'a stateless POST /runs/wait with this human message; the reply is printed')
    ),
    expect: key(
      entry,
      about(expectation, 'with agent.message: text the reply must contain, or /pattern/flags')
    ),
    a2a: key(
      entry,
      about(
        z.boolean({ error: 'must be true or false' }),
        'true: fetch the agent card and send one A2A message/send'
      )
    ),
    timeout: key(
      entry,
      about(duration, 'longest time for the agent checks (and the whole smoke suite)')
    )
  })
  const smoke = mapping('smoke', {
    cases: key(entry, smokeCases),
    'min-pass': key(entry, about(minPass, 'cases that must pass: a share (90%) or a count')),
    concurrency: key(
      entry,
      about(count(1, 16, ' (cases run at once against one revision)'), 'cases at once, 1–16')
    )
  })
  const gate = mapping('gate', {
    dataset: key(
      entry,
      about(text, 'a dataset of the tracing service, by name or id: enables the evaluation gate')
    ),
    splits: key(
      entry,
      about(
        z
          .array(text, { error: 'must be a list of split names' })
          .min(1, 'must name at least one split'),
        'dataset splits (default: every example)'
      )
    ),
    'dataset-version': key(
      entry,
      about(text, 'a version tag or an ISO time (default: the newest)')
    ),
    'max-examples': key(
      entry,
      about(
        count(1, 10_000, ' (every run is an agent call and evaluator calls)'),
        'more runs (examples × repetitions) than this is refused before any write'
      )
    ),
    repetitions: key(entry, about(count(1, 5, ' (runs per example)'), 'runs per example, 1–5')),
    concurrency: key(
      entry,
      about(count(1, 16, ' (runs at once against one revision)'), 'runs at once, 1–16')
    ),
    'min-scores': key(
      entry,
      about(
        thresholds({ every: false, negative: true, nullable: entry }),
        'feedback key → lowest mean allowed'
      )
    ),
    'max-regression': key(
      entry,
      about(
        thresholds({ every: true, negative: false, nullable: entry }),
        'feedback key (or * for every gated key) → largest drop below the baseline'
      )
    ),
    'max-error-rate': key(entry, about(share, 'share of runs that may fail, N%')),
    baseline: key(entry, about(baseline, 'previous, dataset, none or an experiment id')),
    timeout: key(
      entry,
      about(duration, "longest wait for the evaluators' scores after the last run")
    )
  })
  const rollback = mapping('rollback', {
    'on-failure': key(
      entry,
      about(
        z.boolean({ error: 'must be true or false' }),
        'true: redeploy the previous revision when this one fails its checks'
      )
    ),
    timeout: key(
      entry,
      about(duration, "longest wait for the rollback's revision, on top of timeout")
    )
  })
  return {
    agent,
    smoke,
    gate,
    bake: bakeSection(entry),
    assistants: assistantsSection(entry),
    rollback
  }
}

/** The sections' schemas as a policy holds them (their shapes name the known keys). */
export const base = sections(false)
const partial = sections(true)
const removable = <T extends z.ZodType>(schema: T) => z.union([z.literal(false), schema]).optional()

/** An environments entry: any section but version and environments, `false` removing one. */
export const entrySchema = z
  .strictObject(
    {
      agent: removable(partial.agent),
      smoke: removable(partial.smoke),
      gate: removable(partial.gate),
      bake: removable(partial.bake),
      assistants: removable(partial.assistants),
      rollback: removable(partial.rollback)
    },
    { error: mappingError(`a partial policy (${SECTIONS.join(', ')})`) }
  )
  .meta({ description: 'a partial policy applied over the rest for this GitHub environment' })

/** An entry's name: the environment's, or a prefix of names ending in `*`. */
const entryName = z
  .string()
  .regex(/^[^*]+\*?$/, 'must be an environment name, or a prefix ending in * (pr-*)')

/** The sections of a policy without `environments`: what a policy in effect holds. */
export const sectionsSchema = z.strictObject(
  {
    version: z
      .literal(1, { error: 'must be 1 (the only version of the release policy so far)' })
      .meta({ description: '`1` (required; a later schema is a new number)' }),
    agent: base.agent.optional(),
    smoke: base.smoke.optional(),
    gate: base.gate.optional(),
    bake: base.bake.optional(),
    assistants: base.assistants.optional(),
    rollback: base.rollback.optional()
  },
  {
    error: mappingError(`a mapping of version, ${SECTIONS.join(', ')} and environments`)
  }
)

/** The file as written. */
export const policySchema = sectionsSchema
  .extend({
    environments: z
      .record(entryName, entrySchema, {
        error: 'must be a mapping of environment names to partial policies'
      })
      .optional()
      .meta({
        description:
          'environment name (or prefix ending in *) → a partial policy merged over the rest'
      })
  })
  .meta({
    title: 'Release policy',
    description: 'What must hold before a new revision stays (deploy-agent-action)'
  })

/** A policy as parsed: durations in ms, shares 0–1, min-pass as a share or a count. */
export type Policy = z.output<typeof sectionsSchema>
export type PolicyFile = z.output<typeof policySchema>
