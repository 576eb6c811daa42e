import { HttpStatusError } from '../control-plane/errors'
import { nearest } from '../policy-kit/problems'

/**
 * `deployment-type`: the published schema's three and the usage-based plans' two of the service
 * in 2026 (service-notes). Which of them a workspace's plan takes, the service decides.
 */
export const DEPLOYMENT_TYPES = ['dev_free', 'dev', 'prod', 'serverless', 'dedicated'] as const
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number]

const inWords = (values: readonly string[]) =>
  values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`

/** The refusal of a value that is none of the five, with the nearest of them. */
export function deploymentTypeProblem(value: string): string {
  const near = nearest(value, DEPLOYMENT_TYPES)
  return `must be one of ${inWords(DEPLOYMENT_TYPES)}${near === undefined ? '' : `; did you mean ${near}?`}`
}

/**
 * A create refused with a 422 on `source_config.deployment_type` (the workspace's plan does not
 * take the type), explained naming the input, the value sent and the values the answer names
 * (else the five). Undefined for any other error.
 */
export function deploymentTypeRefusal(error: unknown, sent: string | undefined): Error | undefined {
  if (!(error instanceof HttpStatusError) || error.status !== 422 || sent === undefined)
    return undefined
  const lines = error.detail.split('\n').filter((line) => line.includes('deployment_type'))
  if (lines.length === 0) return undefined
  const named = [
    ...new Set(
      lines.flatMap((line) =>
        [...line.matchAll(/'([A-Za-z0-9_-]{1,40})'/g)].map((match) => match[1] ?? '')
      )
    )
  ].filter((value) => value !== '' && value !== sent)
  const takes =
    named.length > 0
      ? `it names ${inWords(named)} as the values it takes`
      : `it does not say which it takes; the service knows ${inWords(DEPLOYMENT_TYPES)}, and which of them a workspace's plan takes, it decides`
  return new Error(
    `deployment-type ${sent} was refused by the service when it was asked to create the deployment (HTTP 422 on source_config.deployment_type): ${takes}. Set deployment-type to a type this workspace's plan takes, or leave it out. The service said:\n${error.detail}`
  )
}
