/**
 * The policy in effect in words, one line per section, for the run's summary:
 * `gate: support-golden, each example × 2 (at most 100 runs), correctness ≥ 0.80, …`. Pure: the
 * text is plain; the summary escapes it.
 */
import { EVERY_KEY } from '../lib/gate-thresholds'
import type { EffectivePolicy } from './effective'
import { durationWords, minPassWords, scoreWords, shareWords } from './words'

type Sections = Required<Omit<EffectivePolicy, 'version'>>

const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)

const WORDS: { [S in keyof Sections]: (section: NonNullable<Sections[S]>) => string[] } = {
  agent: (agent) => [
    agent.assistant === undefined ? 'no assistant' : `assistant ${agent.assistant}`,
    ...(agent.message === undefined ? [] : [`message ${quoted(agent.message)}`]),
    ...(agent.expect === undefined ? [] : [`the reply must hold ${quoted(agent.expect)}`]),
    ...(agent.a2a ? ['A2A message/send'] : []),
    `within ${durationWords(agent.timeout ?? 0)}`
  ],
  smoke: (smoke) => {
    const cases = smoke.cases
    const which =
      cases === undefined
        ? 'no cases'
        : Array.isArray(cases)
          ? `${cases.length} case${cases.length === 1 ? '' : 's'} inline`
          : `cases from ${cases.path}`
    const minPass = smoke['min-pass']
    return [
      which,
      ...(minPass === undefined ? [] : [`at least ${minPassWords(minPass)} pass`]),
      `${smoke.concurrency} at once`
    ]
  },
  gate: (gate) => {
    const runs =
      gate.repetitions !== undefined && gate.repetitions > 1
        ? `each example × ${gate.repetitions} (at most ${gate['max-examples']} runs)`
        : `at most ${gate['max-examples']} runs`
    const against = baselineWords(gate.baseline ?? 'previous')
    const regression = Object.entries(gate['max-regression'] ?? {}).map(([key, drop]) =>
      key === EVERY_KEY
        ? `at most ${scoreWords(drop)} below ${against}`
        : `${key} at most ${scoreWords(drop)} below ${against}`
    )
    const errorRate = gate['max-error-rate'] ?? 0
    return [
      gate.dataset ?? 'no dataset',
      ...(gate.splits ? [`splits ${gate.splits.join(', ')}`] : []),
      runs,
      ...Object.entries(gate['min-scores'] ?? {}).map(
        ([key, min]) => `${key} ≥ ${scoreWords(min)}`
      ),
      ...regression,
      errorRate > 0 ? `errors ≤ ${shareWords(errorRate)}` : 'no errors',
      `scores awaited ${durationWords(gate.timeout ?? 0)}`
    ]
  },
  bake: (bake) => {
    const latency = Object.entries(bake['max-latency'] ?? {}).map(
      ([key, ms]) => `${key} ≤ ${durationWords(ms)}`
    )
    const regression = Object.entries(bake['max-regression'] ?? {}).map(([key, share]) =>
      key === 'error-rate'
        ? `error rate at most ${shareWords(share)} above the previous revision's`
        : `${key} at most ${shareWords(share)} above the previous revision's`
    )
    const errorRate = bake['max-error-rate']
    return [
      bake.duration === undefined ? 'no duration' : `${durationWords(bake.duration)} of traffic`,
      `read every ${durationWords(bake.interval ?? 0)}`,
      `at least ${bake['min-runs']} runs`,
      ...(errorRate === undefined ? [] : [`errors ≤ ${shareWords(errorRate)}`]),
      ...latency,
      ...regression,
      `${bake['failure-limit']} breaching reads in a row end it`,
      ...(bake['revision-key'] === undefined
        ? []
        : [`runs whose metadata ${bake['revision-key']} names the revision`])
    ]
  },
  assistants: (assistants) => {
    const entries = assistants.entries
    const which =
      entries === undefined
        ? 'no entries'
        : Array.isArray(entries)
          ? `${entries.length} inline (${namesWords(entries.map((entry) => entry.name))})`
          : `from ${entries.path}`
    return [which, `on drift ${assistants['on-drift'] ?? 'overwrite'}`]
  },
  rollback: (rollback) =>
    rollback['on-failure']
      ? ['on failure', `within ${durationWords(rollback.timeout ?? 0)}`]
      : ['off']
}

/** The first few names, the rest counted. */
function namesWords(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ')
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown
}

function baselineWords(baseline: string): string {
  if (baseline === 'previous') return 'the previous revision'
  if (baseline === 'dataset') return "the dataset's baseline"
  if (baseline === 'none') return 'no baseline'
  return `experiment ${baseline.slice(0, 8)}`
}

/** One line per section present, in the order the contract lists them. */
export function describePolicy(policy: EffectivePolicy): string[] {
  const lines: string[] = []
  const line = <S extends keyof Sections>(name: S) => {
    const section = policy[name]
    if (section !== undefined)
      lines.push(`${name}: ${WORDS[name](section as NonNullable<Sections[S]>).join(', ')}`)
  }
  line('agent')
  line('smoke')
  line('gate')
  line('bake')
  line('assistants')
  line('rollback')
  return lines
}
