import {
  controlPlanePaths,
  type CallOptions,
  type ControlPlaneClient
} from '../control-plane/client'
import { HttpStatusError, NetworkError, ResponseShapeError } from '../control-plane/errors'
import { meaningOfError } from '../control-plane/status-policy'
import type {
  Deployment,
  DeploymentCreateBody,
  DeploymentPatchBody
} from '../control-plane/schemas'
import { readAgain } from '../lib/read-again'
import { configDifferences } from './revision-match'

/** Attempts of a create or an update whose answers got lost, the first included. */
const MAX_WRITE_ATTEMPTS = 4

export interface WriteDeps {
  client: ControlPlaneClient
  call: CallOptions
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  now: () => number
  notice: (message: string) => void
  /**
   * How long a lost PATCH is given to show its revision before it is sent again: a request the
   * client gave up on may still be carried out, as late as one request timeout after.
   */
  settleMs: number
}

/**
 * An error after which the service may or may not have acted (status-policy.ts's table): the
 * request went out and no (readable) answer came back, or a gateway answered for the service.
 */
export function isLostAnswer(error: unknown): boolean {
  return meaningOfError(error).lostAnswer
}

/**
 * Creates the deployment exactly once. When an answer is lost, the deployment is looked up by its
 * exact name before anything is sent again, and adopted if the lost request did create it. A 409
 * on a later attempt means the same: an earlier attempt created it.
 */
export async function createOnce(
  body: DeploymentCreateBody,
  deps: WriteDeps
): Promise<{ deployment: Deployment; adopted: boolean }> {
  let lost: unknown
  for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
    try {
      return { deployment: await deps.client.createDeployment(body, deps.call), adopted: false }
    } catch (error) {
      const conflictAfterLoss =
        lost !== undefined && error instanceof HttpStatusError && error.status === 409
      if (!conflictAfterLoss && !isLostAnswer(error)) throw error
      lost = conflictAfterLoss ? lost : error
    }
    const found = await deps.client.findDeploymentByName(body.name, deps.call)
    if (found) {
      deps.notice(
        `The answer to POST ${controlPlanePaths.deployments()} was lost (${reasonOf(lost)}), but the deployment ${found.name} (${found.id}) exists: this run created it, and goes on with it instead of creating it again.`
      )
      return { deployment: found, adopted: true }
    }
    if (attempt < MAX_WRITE_ATTEMPTS) await pause(attempt, deps, lost)
  }
  throw lost
}

/**
 * Patches the deployment so that at most one revision comes of it. When an answer is lost, the
 * deployment's latest revision is compared with the one before the PATCH: a new one is adopted
 * (the lost PATCH created it), otherwise the PATCH is sent again.
 */
export async function patchOnce(
  deploymentId: string,
  body: DeploymentPatchBody,
  revisionBefore: string | null,
  deps: WriteDeps
): Promise<{ deployment: Deployment; adopted: boolean }> {
  let lost: unknown
  for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
    try {
      return {
        deployment: await deps.client.patchDeployment(deploymentId, body, deps.call),
        adopted: false
      }
    } catch (error) {
      if (!isLostAnswer(error)) throw error
      lost = error
    }
    const settled = await readAgain<Deployment, null>({
      read: async () => {
        const current = await deps.client.getDeployment(deploymentId, deps.call)
        if (!current.latest_revision_id || current.latest_revision_id === revisionBefore) {
          return { kind: 'not-seen', value: null }
        }
        const differs = configDifferences(
          body.source_revision_config,
          current.source_revision_config
        )
        if (differs && differs.length > 0) {
          // Another run's revision: not ours to wait for. Ours, if it comes, will be newer.
          deps.notice(
            `The answer to PATCH ${controlPlanePaths.deployment(deploymentId)} was lost (${reasonOf(lost)}); the deployment has a new revision ${current.latest_revision_id}, but its ${differs.join(', ')} is not what this run sent: another run or a push created it, so it is not adopted.`
          )
          revisionBefore = current.latest_revision_id
          return { kind: 'not-seen', value: null }
        }
        const unverified = differs ? '' : ' (nothing sent names the revision, so this is assumed)'
        deps.notice(
          `The answer to PATCH ${controlPlanePaths.deployment(deploymentId)} was lost (${reasonOf(lost)}), but the deployment has a new revision ${current.latest_revision_id}: this run created it${unverified}, and waits for it instead of patching again.`
        )
        return { kind: 'seen', value: current }
      },
      ...settleWindow(deps)
    })
    if (settled.kind === 'seen') return { deployment: settled.value, adopted: true }
    if (attempt < MAX_WRITE_ATTEMPTS) await pause(attempt, deps, lost)
  }
  throw lost
}

/**
 * How long a lost write is given to show its effect: a request the client gave up on may still be
 * carried out, as late as one request timeout after; read about five times in that window.
 */
export function settleWindow(deps: WriteDeps) {
  return {
    deadline: Math.min(deps.now() + deps.settleMs, deps.call.deadline ?? Infinity),
    gapMs: Math.max(50, deps.settleMs / 5),
    signal: deps.call.signal,
    now: deps.now,
    sleep: deps.sleep
  }
}

async function pause(attempt: number, deps: WriteDeps, lost: unknown): Promise<void> {
  // The client's backoff and random source: one retry policy for the whole run.
  const delay = deps.client.retryDelay(attempt - 1)
  const deadline = deps.call.deadline
  if (deadline !== undefined && deps.now() + delay >= deadline) {
    throw lost
  }
  await deps.sleep(delay, deps.call.signal)
}

function reasonOf(error: unknown): string {
  if (error instanceof NetworkError) return error.reason
  if (error instanceof HttpStatusError) return `HTTP ${error.status}`
  if (error instanceof ResponseShapeError) return 'the body was cut short'
  return String(error)
}
