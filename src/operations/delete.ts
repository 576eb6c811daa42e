import type { DeployResult } from '../result'
import type { DeployDeps } from './deps'
import { describe, findTarget, named, withHint } from './target'
import { HttpStatusError } from '../control-plane/errors'
import { describeDeleteRequest } from '../control-plane/client'
import type { DeleteConfig } from '../inputs/parse'

/**
 * operation: delete, for pull-request previews: find the deployment (exact name, or id) and
 * delete it, with its tracing project when asked. Already absent is a success. Dry run looks up
 * and says what it would delete.
 */
export async function deleteDeployment(
  config: DeleteConfig,
  deps: DeployDeps
): Promise<DeployResult> {
  const { client, io, signal } = deps
  const now = deps.clock.now
  const call = { deadline: deps.deadline.at, signal }
  const state: Omit<DeployResult, 'outcome' | 'message' | 'elapsedMs'> = {
    created: false,
    statusesSeen: []
  }
  const finish = (outcome: DeployResult['outcome'], message: string): DeployResult => ({
    ...state,
    outcome,
    message,
    elapsedMs: now() - deps.deadline.startedAt
  })
  const wanted = named(config)
  try {
    const existing = await findTarget(config, client, call, true)
    if (!existing) {
      io.notice(`No deployment ${wanted} exists: nothing to delete.`)
      return finish('absent', `No deployment ${wanted} exists; nothing was deleted.`)
    }
    state.deploymentId = existing.id
    state.deploymentName = existing.name
    const request = describeDeleteRequest(existing.id, {
      deleteTracingProject: config.deleteTracingProject
    })
    if (config.dryRun) {
      const planLines = [`Would delete ${describe(state)}: ${request}`]
      planLines.forEach((line) => io.info(line))
      return {
        ...finish(
          'dry-run',
          `Dry run: ${describe(state)} would be deleted. Nothing was sent that changes state.`
        ),
        planLines
      }
    }
    try {
      await client.deleteDeployment(
        existing.id,
        { deleteTracingProject: config.deleteTracingProject },
        call
      )
    } catch (error) {
      // Deleted meanwhile, by another run: the wanted end state.
      if (!(error instanceof HttpStatusError && error.status === 404)) throw error
    }
    const tracing = config.deleteTracingProject
      ? ' and its tracing project'
      : `; its tracing project is kept, so the name ${existing.name} stays taken until that is deleted (delete-tracing-project: true)`
    return finish('deleted', `Deleted ${describe(state)}${tracing}.`)
  } catch (error) {
    if (signal?.aborted)
      return finish(
        'cancelled',
        `Cancelled before the delete of ${wanted} was confirmed; check the service.`
      )
    return finish('error', withHint(error))
  }
}
