import {
  controlPlanePaths,
  type CallOptions,
  type ControlPlaneClient
} from '../control-plane/client'
import { HttpStatusError } from '../control-plane/errors'
import type { Deployment } from '../control-plane/schemas'
import type { Target } from '../inputs/parse'

/**
 * The deployment the inputs name: by id, else by exact name. Undefined when there is none by
 * that name, or none by that id when `missingIdIsAbsent` (delete wants it gone anyway).
 */
export async function findTarget(
  config: Target,
  client: ControlPlaneClient,
  call: CallOptions,
  missingIdIsAbsent = false
): Promise<Deployment | undefined> {
  if (config.deploymentId !== undefined) {
    const found = await client.getDeployment(config.deploymentId, call).catch((error: unknown) => {
      if (error instanceof HttpStatusError && error.status === 404) {
        if (missingIdIsAbsent) return undefined
        throw new Error(
          `deployment-id: no deployment ${config.deploymentId} exists (GET ${error.path} answered 404). Check the id, or give name instead to create the deployment.`
        )
      }
      throw error
    })
    if (found && config.name && found.name !== config.name) {
      throw new Error(
        `deployment-id ${config.deploymentId} is the deployment ${found.name}, not ${config.name}: give one of name and deployment-id, or make them agree.`
      )
    }
    return found
  }
  return client.findDeploymentByName(config.name, call)
}

/** The deployment as the step names it: its name, else its id. */
export function named(target: Target): string {
  return target.deploymentId === undefined ? target.name : (target.name ?? target.deploymentId)
}

/** The error's message, with what to do where the status says it. */
export function withHint(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (!(error instanceof HttpStatusError)) return message
  if (
    error.status === 409 &&
    error.method === 'POST' &&
    error.path === controlPlanePaths.deployments()
  ) {
    return `${message}\nThe name is taken: by another deployment this key cannot see, or by the tracing project a deleted deployment of that name left behind. Delete that tracing project (operation: delete with delete-tracing-project: true deletes it with its deployment), or choose another name.`
  }
  if (error.status === 401) {
    return `${message}\nThe control plane refused the API key: check api-key (and that it belongs to this control plane's api-url).`
  }
  if (error.status === 403) {
    return /workspace|tenant/i.test(error.detail)
      ? `${message}\nThis key is organisation-scoped: set tenant-id to the workspace id.`
      : `${message}\nThe key is not allowed to do this: check its permissions and tenant-id.`
  }
  return message
}

export function describe(state: { deploymentName?: string; deploymentId?: string }): string {
  return `deployment ${state.deploymentName ?? '?'} (${state.deploymentId ?? '?'})`
}
