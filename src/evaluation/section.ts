/**
 * The release policy's `gate` section: the dataset the evaluation gate runs on the new revision,
 * how many runs, the bounds its scores must meet and the baseline they are compared with. Loads
 * none of the gate's code nor the tracing client.
 */
import { z } from 'zod'
import { agentReads } from '../agent-checks/section'
import {
  EVERY_KEY,
  gatedKeys,
  parseBaseline,
  type BaselineChoice,
  type Thresholds
} from '../lib/gate-thresholds'
import { parseDuration } from '../lib/duration'
import {
  defineSection,
  lacksInput,
  type InEffect,
  type Keys,
  type RuleProblem,
  type Values
} from '../policy-kit/section'
import { about } from '../policy-kit/schema-kit'
import { count, duration, share, text } from '../policy-kit/values'
import { durationWords, shareWords } from '../policy-kit/words'
import { baseline, scoreWords, thresholds } from './policy-values'

const keys = ((key, entry) => ({
  dataset: key(
    about(text, 'a dataset of the tracing service, by name or id: enables the evaluation gate')
  ),
  splits: key(
    about(
      z
        .array(text, { error: 'must be a list of split names' })
        .min(1, 'must name at least one split'),
      'dataset splits (default: every example)'
    )
  ),
  'dataset-version': key(about(text, 'a version tag or an ISO time (default: the newest)')),
  'max-examples': key(
    about(
      count(1, 10_000, ' (every run is an agent call and evaluator calls)'),
      'more runs (examples × repetitions) than this is refused before any write'
    )
  ),
  repetitions: key(about(count(1, 5, ' (runs per example)'), 'runs per example, 1–5')),
  concurrency: key(
    about(count(1, 16, ' (runs at once against one revision)'), 'runs at once, 1–16')
  ),
  'min-scores': key(
    about(
      thresholds({ every: false, negative: true, nullable: entry }),
      'feedback key → lowest mean allowed'
    )
  ),
  'max-regression': key(
    about(
      thresholds({ every: true, negative: false, nullable: entry }),
      'feedback key (or * for every gated key) → largest drop below the baseline'
    )
  ),
  'max-error-rate': key(about(share, 'share of runs that may fail, N%')),
  baseline: key(about(baseline, 'previous, dataset, none or an experiment id')),
  timeout: key(about(duration, "longest wait for the evaluators' scores after the last run"))
})) satisfies Keys<z.core.$ZodLooseShape>

type Gate = InEffect<Values<typeof keys>>

const DEFAULTS = {
  'max-examples': 100,
  repetitions: 1,
  concurrency: 4,
  'max-error-rate': '0%',
  baseline: 'previous',
  timeout: '10m'
} as const

/** The evaluation gate's settings: shares 0–1, durations in ms. */
export interface GateSettings {
  dataset: string
  tracingUrl: string
  tracingWebUrl?: string
  assistantId: string
  splits?: string[]
  datasetVersion?: string
  maxExamples: number
  repetitions: number
  concurrency: number
  minScores: Thresholds
  maxRegression: Thresholds
  /** Keys awaited and judged, in the order the policy names them. */
  keys: string[]
  /** 0–1. */
  maxErrorRate: number
  baseline: BaselineChoice
  timeoutMs: number
}

const score = (value: unknown) => String(value)

export const gateSection = defineSection({
  name: 'gate',
  keys,
  defaults: DEFAULTS,
  words: (gate: Gate) => {
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
  diff: {
    repetitions: { direction: 1 },
    'min-scores': { perKey: true, direction: 1, removalWeakens: true, shown: score },
    // Each gated key's bound is its own line, else `*`'s.
    'max-regression': {
      perKey: true,
      direction: -1,
      removalWeakens: true,
      shown: score,
      fallback: {
        name: EVERY_KEY,
        names: (side) => {
          const bounds = (map: unknown): Thresholds =>
            new Map(Object.entries((map ?? {}) as Record<string, number>))
          return gatedKeys(bounds(side.values['min-scores']), bounds(side.values['max-regression']))
        }
      }
    },
    'max-error-rate': { direction: -1, shown: (value) => shareWords(value as number) },
    // Without a baseline, nothing is compared with the previous revision.
    baseline: { direction: 1, judged: (value) => (value === 'none' ? 0 : 1) },
    timeout: { shown: (value) => durationWords(value as number) }
  },
  rules: (gate: Gate, { policy, given }) => {
    const problems: RuleProblem[] = []
    if (gate.dataset === undefined) {
      for (const key of Object.keys(gate).filter(given))
        problems.push({
          path: ['gate', key],
          message: `gate.${key} needs gate.dataset (the dataset the evaluation gate runs)`
        })
      return problems
    }
    if (agentReads(policy).assistant === undefined)
      problems.push({
        path: ['gate', 'dataset'],
        message:
          "gate.dataset needs agent.assistant (the assistant each example's inputs are sent to)"
      })
    const named = [
      ...Object.keys(gate['min-scores'] ?? {}),
      ...Object.keys(gate['max-regression'] ?? {})
    ]
    if (!named.some((key) => key !== EVERY_KEY))
      problems.push({
        path: ['gate', 'dataset'],
        message:
          'gate.dataset needs gate.min-scores or gate.max-regression to name a feedback key: the gate judges the scores of the keys named'
      })
    if (gate['max-regression'] !== undefined && gate.baseline === 'none')
      problems.push({
        path: ['gate', 'max-regression'],
        message:
          'gate.max-regression has nothing to compare with: gate.baseline is none (use previous, dataset or an experiment id)'
      })
    return problems
  },
  actsOnDeployed: { key: 'dataset', asks: (value) => value != null },
  inputRules: (value, step) =>
    value('dataset') != null && lacksInput(step, step.tracingUrl)
      ? [
          {
            path: ['gate', 'dataset'],
            message:
              'gate.dataset needs the tracing-url input (the tracing service that keeps the dataset)'
          }
        ]
      : [],
  settings: (gate, { policy, files, inputs }): GateSettings | undefined => {
    const assistantId = agentReads(policy, files).assistantId
    // The rules refuse a gate without the other two.
    if (gate?.dataset === undefined || inputs.tracingUrl === undefined || assistantId === undefined)
      return undefined
    const minScores: Thresholds = new Map(Object.entries(gate['min-scores'] ?? {}))
    const maxRegression: Thresholds = new Map(Object.entries(gate['max-regression'] ?? {}))
    const choice: BaselineChoice = parseBaseline(gate.baseline ?? DEFAULTS.baseline).value ?? {
      kind: 'previous'
    }
    return {
      dataset: gate.dataset,
      tracingUrl: inputs.tracingUrl,
      tracingWebUrl: inputs.tracingWebUrl,
      assistantId,
      splits: gate.splits,
      datasetVersion: gate['dataset-version'],
      maxExamples: gate['max-examples'] ?? DEFAULTS['max-examples'],
      repetitions: gate.repetitions ?? DEFAULTS.repetitions,
      concurrency: gate.concurrency ?? DEFAULTS.concurrency,
      minScores,
      maxRegression,
      keys: gatedKeys(minScores, maxRegression),
      maxErrorRate: gate['max-error-rate'] ?? 0,
      baseline: choice,
      timeoutMs: gate.timeout ?? parseDuration(DEFAULTS.timeout) ?? 0
    }
  }
})

function baselineWords(value: string): string {
  if (value === 'previous') return 'the previous revision'
  if (value === 'dataset') return "the dataset's baseline"
  if (value === 'none') return 'no baseline'
  return `experiment ${value.slice(0, 8)}`
}
