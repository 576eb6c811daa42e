/**
 * The policy in effect as each section's typed settings, keyed by the section's name, so the
 * wiring takes them from the policy instead of from inputs. The step's inputs give what is not
 * the policy's: the agent server's key and scheme, the tracing service's URLs. Pure.
 */
import type { PolicyInEffect } from './effective'
import type { PolicyStepInputs } from '../policy-kit/section'
import { DECLARATIONS, type PolicySettings } from './sections'

export type { PolicyStepInputs }

/** Each section's settings (a step without `release-policy` runs the sections' defaults). */
export function configFromPolicy(
  inEffect: PolicyInEffect | undefined,
  inputs: PolicyStepInputs
): PolicySettings {
  const policy = (inEffect?.policy ?? {}) as Readonly<Record<string, unknown>>
  const context = { policy, files: inEffect?.files ?? {}, inputs }
  return Object.fromEntries(
    DECLARATIONS.map((section) => [
      section.name,
      section.settings(policy[section.name] as never, context)
    ])
  ) as PolicySettings
}

/** The notices the sections' settings give before anything is sent. */
export function policyNotices(settings: PolicySettings, step: { dryRun: boolean }): string[] {
  const bySection = settings as Readonly<Record<string, unknown>>
  return DECLARATIONS.flatMap((section) => {
    const own = bySection[section.name]
    return own === undefined ? [] : (section.notices?.(own as never, step) ?? [])
  })
}
