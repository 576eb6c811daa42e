import type { InputName } from '../inputs/contract'
import type {
  Deployment,
  DeploymentCreateBody,
  DeploymentPatchBody,
  Revision,
  SourceConfigBody,
  SourceRevisionConfigBody
} from '../control-plane/schemas'
import { isTagRef } from '../inputs/git-ref'
import { InputError, type Config, type InputProblem } from '../inputs/parse'

/**
 * What a deploy sends. For internal_source the deployment is created (when absent) without a
 * tarball, the folder is uploaded, and the revision comes from a PATCH that names the upload:
 * `sourcePatch` builds that PATCH once the object path is known.
 */
export type Plan =
  | { kind: 'create'; body: DeploymentCreateBody; notices: string[]; sourcePatch?: SourcePatch }
  | {
      kind: 'update'
      deploymentId: string
      /** Absent when the PATCH waits for an upload (`sourcePatch`). */
      body?: DeploymentPatchBody
      notices: string[]
      sourcePatch?: SourcePatch
    }

export type SourcePatch = (objectPath: string) => DeploymentPatchBody

/**
 * Decides what to send: the whole create body when the deployment does not exist, or a PATCH that
 * carries only what PATCH may change. This is the one place request bodies are built. Inputs that
 * only now turn out to be missing (a create needs more than an update) throw an InputError before
 * anything that changes state is sent.
 */
export function planDeployment(config: Config, existing: Deployment | undefined): Plan {
  return existing === undefined ? planCreate(config) : planUpdate(config, existing)
}

function planCreate(config: Config): Plan {
  const name = config.name
  if (name === undefined) {
    throw new InputError([
      {
        input: 'name',
        message: 'is required to create a deployment (no deployment has the given deployment-id)'
      }
    ])
  }
  const problems: InputProblem[] = []
  const required = (value: string | undefined, input: InputName): string => {
    if (value === undefined || value === '') {
      problems.push({
        input,
        message: `is required to create a ${config.source} deployment (${name} does not exist yet)`
      })
    }
    return value ?? ''
  }
  let sourceConfig: SourceConfigBody = {}
  const revisionConfig: SourceRevisionConfigBody = {}
  if (config.source === 'git_host') {
    sourceConfig.integration_id = required(config.integrationId, 'integration-id')
    sourceConfig.repo_url = required(config.repoUrl, 'repo-url')
    if (config.deploymentType) sourceConfig.deployment_type = config.deploymentType
    // A tag is never pushed again, and the service refuses build_on_push with a tag.
    const buildOnPush = config.buildOnPush ?? (isTagRef(config.repoRef) ? false : undefined)
    if (buildOnPush !== undefined) sourceConfig.build_on_push = buildOnPush
    sourceConfig = { ...sourceConfig, ...buildCommands(config) }
    revisionConfig.repo_ref = required(config.repoRef, 'repo-ref')
    revisionConfig.graph_config_path = required(config.graphConfigPath, 'graph-config-path')
  } else if (config.source === 'internal_source') {
    // The official client's flow: create with the config path only; the upload's PATCH follows.
    revisionConfig.graph_config_path = required(config.graphConfigPath, 'graph-config-path')
  } else {
    revisionConfig.image_uri = required(config.imageUri, 'image-uri')
    if (config.source === 'external_image') {
      if (config.listenerId) sourceConfig.listener_id = config.listenerId
      if (config.k8sNamespace) sourceConfig.listener_config = { k8s_namespace: config.k8sNamespace }
      if (config.customUrl) sourceConfig.custom_url = config.customUrl
      if (config.resourceSpec) sourceConfig.resource_spec = config.resourceSpec
    }
  }
  if (problems.length > 0) throw new InputError(problems)
  const internalSource = config.source === 'internal_source'
  return {
    kind: 'create',
    body: {
      name,
      source: config.source,
      source_config: sourceConfig,
      source_revision_config: revisionConfig,
      secrets: internalSource ? [] : (config.secrets ?? [])
    },
    notices: [],
    sourcePatch: internalSource ? (objectPath) => sourcePatch(config, objectPath) : undefined
  }
}

function planUpdate(config: Config, existing: Deployment): Plan {
  if (existing.source !== config.source) {
    throw new InputError([
      {
        input: 'source',
        message: `is ${config.source}, but the deployment ${existing.name} (${existing.id}) has source ${existing.source}, which cannot change; use source: ${existing.source}, or another name`
      }
    ])
  }
  const notices = createOnlyNotices(config, existing)
  if (config.source === 'internal_source') {
    return {
      kind: 'update',
      deploymentId: existing.id,
      notices,
      sourcePatch: (objectPath) => sourcePatch(config, objectPath)
    }
  }
  let sourceConfig: SourceConfigBody = {}
  const revisionConfig: SourceRevisionConfigBody = {}
  if (config.source === 'git_host') {
    if (config.repoRef) revisionConfig.repo_ref = config.repoRef
    if (config.graphConfigPath) revisionConfig.graph_config_path = config.graphConfigPath
    if (config.buildOnPush !== undefined) {
      sourceConfig.build_on_push = config.buildOnPush
    } else if (isTagRef(config.repoRef) && existing.source_config.build_on_push === true) {
      // The service refuses a tag while build_on_push is on; a tag is never pushed again anyway.
      sourceConfig.build_on_push = false
      notices.push(
        `build_on_push of ${existing.name} is turned off: it cannot stay on while the deployment follows the tag ${config.repoRef}.`
      )
    }
    sourceConfig = { ...sourceConfig, ...buildCommands(config) }
  } else {
    if (config.imageUri) revisionConfig.image_uri = config.imageUri
    if (config.source === 'external_image') {
      if (config.customUrl) sourceConfig.custom_url = config.customUrl
      if (config.resourceSpec) sourceConfig.resource_spec = config.resourceSpec
    }
  }
  const body: DeploymentPatchBody = {}
  if (Object.keys(sourceConfig).length > 0) body.source_config = sourceConfig
  if (Object.keys(revisionConfig).length > 0) body.source_revision_config = revisionConfig
  if (config.secrets !== undefined) body.secrets = config.secrets
  if (!createsRevision(body)) {
    const gitHost = config.source === 'git_host'
    throw new InputError([
      {
        input: gitHost ? 'repo-ref' : 'image-uri',
        message: `nothing to deploy: an update of ${existing.name} needs ${gitHost ? 'repo-ref or graph-config-path' : 'image-uri (or secrets or resource-spec)'} to create a new revision`
      }
    ])
  }
  return { kind: 'update', deploymentId: existing.id, body, notices }
}

/** operation promote: the PATCH, and what it promotes (for the outputs and the summary). */
export interface PromotionPlan {
  plan: Plan & { kind: 'update' }
  /** The image, the ref or the tarball path the PATCH carries. */
  promoted: string
  /** git_host: the commit the source's revision was built from; the new one must be built from it. */
  fromCommit?: string
}

/**
 * operation promote: the PATCH that makes `target` build or run exactly what `from` serves, its
 * active `revision`: the same image, the same tarball, or the same ref (whose commit is checked
 * after DEPLOYED, so the source's commit must be known). Anything that keeps this from being
 * the same build is refused by name before anything is written.
 */
export function planPromotion(
  config: Config,
  target: Deployment,
  from: Deployment,
  revision: Revision
): PromotionPlan {
  const refuse = (message: string): never => {
    throw new InputError([{ input: 'from-deployment', message }])
  }
  const fromName = `${from.name} (${from.id})`
  if (from.source !== target.source) {
    refuse(
      `${fromName} has source ${from.source}, but ${target.name} (${target.id}) has source ${target.source}: a promote deploys the same build, so both must have the same source`
    )
  }
  const seen = revision.source_revision_config ?? {}
  const missing = (field: string, why: string): never =>
    refuse(`the revision ${revision.id} that ${fromName} serves shows no ${field}: ${why}`)
  const revisionConfig: SourceRevisionConfigBody = {}
  const sourceConfig: SourceConfigBody = {}
  const notices: string[] = []
  let promoted: string
  let fromCommit: string | undefined
  switch (from.source) {
    case 'external_image':
    case 'internal_image':
      promoted = seen.image_uri || missing('image_uri', 'there is no image to promote')
      revisionConfig.image_uri = promoted
      break
    case 'internal_source':
      promoted =
        seen.source_tarball_path ||
        missing(
          'source_tarball_path',
          'the source it was built from cannot be reused, so internal_source cannot be promoted from it (deploy the folder instead)'
        )
      revisionConfig.source_tarball_path = promoted
      if (seen.graph_config_path) revisionConfig.graph_config_path = seen.graph_config_path
      break
    case 'git_host':
      promoted = seen.repo_ref || missing('repo_ref', 'there is no ref to promote')
      fromCommit =
        seen.repo_commit_sha ||
        missing(
          'repo_commit_sha',
          `the commit it was built from is unknown, so nothing could check that ${target.name} builds the same one`
        )
      revisionConfig.repo_ref = promoted
      if (seen.graph_config_path) revisionConfig.graph_config_path = seen.graph_config_path
      if (target.source_config.build_on_push === true) {
        if (isTagRef(promoted)) {
          // The service refuses a tag while build_on_push is on; a tag is never pushed again anyway.
          sourceConfig.build_on_push = false
          notices.push(
            `build_on_push of ${target.name} is turned off: it cannot stay on while the deployment follows the tag ${promoted}.`
          )
        } else {
          notices.push(
            `build_on_push is on for ${target.name}: every push to ${promoted} will build it again, a commit no promote checked. Promote a tag, or turn build_on_push off.`
          )
        }
      }
      break
    default:
      return refuse(
        `${fromName} has source ${from.source}, which this action cannot promote (it promotes git_host, external_image, internal_image and internal_source)`
      )
  }
  const body: DeploymentPatchBody = { source_revision_config: revisionConfig }
  if (Object.keys(sourceConfig).length > 0) body.source_config = sourceConfig
  if (config.secrets !== undefined) body.secrets = config.secrets
  return {
    plan: { kind: 'update', deploymentId: target.id, body, notices },
    promoted,
    fromCommit
  }
}

/** The PATCH that turns an uploaded tarball into a revision (service-notes, internal_source). */
function sourcePatch(config: Config, objectPath: string): DeploymentPatchBody {
  const body: DeploymentPatchBody = {
    source_revision_config: {
      source_tarball_path: objectPath,
      graph_config_path: config.graphConfigPath ?? undefined
    }
  }
  const commands = buildCommands(config)
  if (Object.keys(commands).length > 0) body.source_config = commands
  if (config.secrets !== undefined) body.secrets = config.secrets
  return body
}

function buildCommands(config: Config): SourceConfigBody {
  const commands: SourceConfigBody = {}
  if (config.installCommand) commands.install_command = config.installCommand
  if (config.buildCommand) commands.build_command = config.buildCommand
  return commands
}

/** api.md §3: the body fields whose non-null value in a PATCH creates a revision. */
export const REVISION_FIELDS = [
  'source_revision_config.repo_ref',
  'source_revision_config.graph_config_path',
  'source_revision_config.image_uri',
  'source_revision_config.source_tarball_path',
  'source_config.resource_spec',
  'secrets'
] as const

export function createsRevision(body: DeploymentPatchBody): boolean {
  return REVISION_FIELDS.some((field) => valueAt(body, field) != null)
}

function valueAt(body: object, field: string): unknown {
  let value: unknown = body
  for (const key of field.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** Create-only inputs that ask for something the existing deployment does not have. */
function createOnlyNotices(config: Config, existing: Deployment): string[] {
  const current = existing.source_config
  const asked: [InputName, string | undefined, string | null | undefined][] =
    config.source === 'git_host'
      ? [
          ['integration-id', config.integrationId, current.integration_id],
          ['deployment-type', config.deploymentType, current.deployment_type]
        ]
      : [['listener-id', config.listenerId, current.listener_id]]
  const differing = asked
    .filter(([, wanted, actual]) => wanted !== undefined && actual != null && wanted !== actual)
    .map(([input]) => input)
  if (differing.length === 0) return []
  return [
    `${differing.join(', ')} of ${existing.name} can only be set when the deployment is created; the deployment keeps its current value. To change it, delete the deployment or deploy under another name.`
  ]
}
