/**
 * The policy in effect as the settings today's Config carries for them (`verify`, `gate`, `assistants`,
 * `rollbackOnFailure`, `rollbackTimeoutMs`), so the wiring can take them from the policy instead
 * of from inputs. The step's inputs give what is not the policy's: the agent server's key and
 * scheme, the tracing service's URLs. Pure.
 */
import type { MinPass } from '../smoke/cases'
import {
  gatedKeys,
  parseBaseline,
  type BaselineChoice,
  type Thresholds
} from '../lib/gate-thresholds'
import { parseExpectation } from '../smoke/expectation'
import { parseDuration } from '../lib/duration'
import type { PolicyInEffect } from './effective'
import { assistantIdOf } from './assistants'
import { DEFAULTS } from './schema'

/** The inputs the policy's checks also need. */
export interface PolicyStepInputs {
  apiKey: string
  agentApiKey?: string
  agentAuthScheme?: string
  tracingUrl?: string
  tracingWebUrl?: string
}

const ms = (text: string) => parseDuration(text) ?? 0

/** `rollback.on-failure` off and no checks: what a step without `release-policy` runs. */
export function configFromPolicy(inEffect: PolicyInEffect | undefined, inputs: PolicyStepInputs) {
  const policy = inEffect?.policy
  return {
    verify: agentChecks(inEffect, inputs),
    assistants: assistantsAsCode(inEffect, inputs),
    gate: evaluationGate(inEffect, inputs),
    bake: bakeWindow(inEffect, inputs),
    rollbackOnFailure: policy?.rollback?.['on-failure'] ?? DEFAULTS.rollback['on-failure'],
    rollbackTimeoutMs: policy?.rollback?.timeout ?? ms(DEFAULTS.rollback.timeout)
  }
}

function agentChecks(inEffect: PolicyInEffect | undefined, inputs: PolicyStepInputs) {
  const agent = inEffect?.policy.agent
  if (agent?.assistant === undefined) return undefined
  const expected = agent.expect === undefined ? undefined : parseExpectation(agent.expect)
  const smoke = inEffect?.policy.smoke
  const named = assistantByName(inEffect)
  return {
    assistantId: named(agent.assistant),
    message: agent.message,
    expect: expected !== undefined && 'expectation' in expected ? expected.expectation : undefined,
    a2a: agent.a2a ?? DEFAULTS.agent.a2a,
    timeoutMs: agent.timeout ?? ms(DEFAULTS.agent.timeout),
    apiKey: inputs.agentApiKey ?? inputs.apiKey,
    authScheme: inputs.agentAuthScheme,
    ...(inEffect?.cases !== undefined &&
      smoke !== undefined && {
        suite: {
          cases: inEffect.cases.map((smokeCase) =>
            smokeCase.assistant === undefined
              ? smokeCase
              : { ...smokeCase, assistant: named(smokeCase.assistant) }
          ),
          minPass: minPass(smoke['min-pass']),
          concurrency: smoke.concurrency ?? DEFAULTS.smoke.concurrency
        }
      })
  }
}

/** An assistant named by an `assistants.entries` name stands for that entry's id. */
function assistantByName(inEffect: PolicyInEffect | undefined): (assistant: string) => string {
  const ids = new Map(
    (inEffect?.assistants ?? []).map((entry) => [entry.name, assistantIdOf(entry)])
  )
  return (assistant) => ids.get(assistant) ?? assistant
}

/** `assistants.entries`: the assistants to make match, and how the agent server is reached. */
function assistantsAsCode(inEffect: PolicyInEffect | undefined, inputs: PolicyStepInputs) {
  const entries = inEffect?.assistants
  if (entries === undefined) return undefined
  return {
    entries,
    onDrift: inEffect?.policy.assistants?.['on-drift'] ?? DEFAULTS.assistants['on-drift'],
    apiKey: inputs.agentApiKey ?? inputs.apiKey,
    ...(inputs.agentAuthScheme !== undefined && { authScheme: inputs.agentAuthScheme })
  }
}

function minPass(value: { share: number } | { count: number } | undefined): MinPass {
  if (value === undefined) return { kind: 'percent', percent: 100 }
  return 'count' in value
    ? { kind: 'count', count: value.count }
    : { kind: 'percent', percent: Number((value.share * 100).toFixed(6)) }
}

function evaluationGate(inEffect: PolicyInEffect | undefined, inputs: PolicyStepInputs) {
  const gate = inEffect?.policy.gate
  const written = inEffect?.policy.agent?.assistant
  const assistantId = written === undefined ? undefined : assistantByName(inEffect)(written)
  // The rules refuse a gate without the other two.
  if (gate?.dataset === undefined || inputs.tracingUrl === undefined || assistantId === undefined)
    return undefined
  const minScores: Thresholds = new Map(Object.entries(gate['min-scores'] ?? {}))
  const maxRegression: Thresholds = new Map(Object.entries(gate['max-regression'] ?? {}))
  const baseline: BaselineChoice = parseBaseline(gate.baseline ?? DEFAULTS.gate.baseline).value ?? {
    kind: 'previous'
  }
  return {
    dataset: gate.dataset,
    tracingUrl: inputs.tracingUrl,
    tracingWebUrl: inputs.tracingWebUrl,
    assistantId,
    splits: gate.splits,
    datasetVersion: gate['dataset-version'],
    maxExamples: gate['max-examples'] ?? DEFAULTS.gate['max-examples'],
    repetitions: gate.repetitions ?? DEFAULTS.gate.repetitions,
    concurrency: gate.concurrency ?? DEFAULTS.gate.concurrency,
    minScores,
    maxRegression,
    /** Keys awaited and judged, in the order the policy names them. */
    keys: gatedKeys(minScores, maxRegression),
    /** 0–1. */
    maxErrorRate: gate['max-error-rate'] ?? 0,
    baseline,
    timeoutMs: gate.timeout ?? ms(DEFAULTS.gate.timeout)
  }
}

/** The bake window's settings: durations in ms, shares 0–1, each bound only when written. */
export interface BakeSettings {
  durationMs: number
  /** At most `durationMs` (the default interval is cut to a shorter bake). */
  intervalMs: number
  minRuns: number
  maxErrorRate?: number
  maxLatencyMs: { p50?: number; p99?: number }
  maxRegression: { 'error-rate'?: number; p50?: number; p99?: number }
  failureLimit: number
  revisionKey?: string
  tracingUrl: string
  tracingWebUrl?: string
}

function bakeWindow(
  inEffect: PolicyInEffect | undefined,
  inputs: PolicyStepInputs
): BakeSettings | undefined {
  const bake = inEffect?.policy.bake
  // The rules refuse a bake without `tracing-url`.
  if (bake?.duration === undefined || inputs.tracingUrl === undefined) return undefined
  const interval = bake.interval ?? ms(DEFAULTS.bake.interval)
  return {
    durationMs: bake.duration,
    intervalMs: Math.min(interval, bake.duration),
    minRuns: bake['min-runs'] ?? DEFAULTS.bake['min-runs'],
    ...(bake['max-error-rate'] !== undefined && { maxErrorRate: bake['max-error-rate'] }),
    maxLatencyMs: { ...bake['max-latency'] },
    maxRegression: { ...bake['max-regression'] },
    failureLimit: bake['failure-limit'] ?? DEFAULTS.bake['failure-limit'],
    ...(bake['revision-key'] !== undefined && { revisionKey: bake['revision-key'] }),
    tracingUrl: inputs.tracingUrl,
    ...(inputs.tracingWebUrl !== undefined && { tracingWebUrl: inputs.tracingWebUrl })
  }
}
