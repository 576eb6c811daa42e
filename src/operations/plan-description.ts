import { controlPlanePaths } from '../control-plane/client'
import type { DeploymentPatchBody } from '../control-plane/schemas'
import { REVISION_FIELDS, type Plan } from './plan'
import { formatBytes } from '../lib/bytes'
import type { SourceArchive } from './source-archive'

/**
 * The plan for people (dry-run): the requests, each field that would be sent, and which fields
 * create a revision. Secret values are shown as `***`.
 */
export function describePlan(
  plan: Plan,
  target: { name: string; id?: string },
  archive?: Pick<SourceArchive, 'files' | 'bytes'>
): string[] {
  const lines: string[] = []
  if (plan.kind === 'create') {
    lines.push(
      `Would create deployment ${target.name} (source ${plan.body.source}): POST ${controlPlanePaths.deployments()}`
    )
    lines.push(...fieldLines(plan.body, false))
    lines.push(
      plan.sourcePatch
        ? '  (creates the deployment without a revision)'
        : '  (creates the deployment and its first revision)'
    )
  }
  const deploymentPath =
    plan.kind === 'update'
      ? controlPlanePaths.deployment(plan.deploymentId)
      : controlPlanePaths.newDeployment()
  const uploadPath =
    plan.kind === 'update'
      ? controlPlanePaths.uploadUrl(plan.deploymentId)
      : controlPlanePaths.newDeploymentUploadUrl()
  if (plan.sourcePatch) {
    const packed = archive
      ? ` (${archive.files.length} files, ${formatBytes(archive.bytes)} packed)`
      : ''
    lines.push(`Would upload the source folder${packed}: POST ${uploadPath}, then PUT the tarball`)
    lines.push(`Would update deployment ${target.name}: PATCH ${deploymentPath}`)
    lines.push(...fieldLines(plan.sourcePatch('{object path from upload-url}'), true))
  } else if (plan.kind === 'update' && plan.body) {
    lines.push(
      `Would update deployment ${target.name} (${plan.deploymentId}): PATCH ${deploymentPath}`
    )
    lines.push(...fieldLines(plan.body, true))
  }
  lines.push(...plan.notices.map((notice) => `Note: ${notice}`))
  return lines
}

function fieldLines(body: object, markRevisions: boolean): string[] {
  return flatten(body as Record<string, unknown>, '').map(([field, value]) => {
    const creates =
      markRevisions && (REVISION_FIELDS as readonly string[]).includes(field)
        ? '   ← creates a revision'
        : ''
    return `  ${field} = ${value}${creates}`
  })
}

function flatten(value: Record<string, unknown>, prefix: string): [string, string][] {
  const rows: [string, string][] = []
  for (const [key, item] of Object.entries(value)) {
    const field = prefix ? `${prefix}.${key}` : key
    if (field === 'secrets' && Array.isArray(item)) {
      const names = (item as DeploymentPatchBody['secrets'] & object).map(
        (secret) => `${secret.name}=***`
      )
      rows.push([field, names.length > 0 ? names.join(', ') : '[] (none)'])
    } else if (
      field === 'source_config.resource_spec' ||
      typeof item !== 'object' ||
      item === null
    ) {
      rows.push([field, typeof item === 'string' ? item : JSON.stringify(item)])
    } else {
      rows.push(...flatten(item as Record<string, unknown>, field))
    }
  }
  return rows
}
