import { z } from 'zod'

/**
 * Shapes of the control plane's answers, parsed rather than trusted. Only the fields the action
 * reads are kept; `secrets` in particular is dropped so that no secret value travels further.
 * Enumerations the service may grow (statuses, sources) are plain strings here: an unknown value
 * must not break a deploy (an unknown revision status means "keep waiting").
 */
export const sourceConfigSchema = z.object({
  integration_id: z.string().nullish(),
  repo_url: z.string().nullish(),
  deployment_type: z.string().nullish(),
  build_on_push: z.boolean().nullish(),
  custom_url: z.string().nullish(),
  listener_id: z.string().nullish()
})

export const sourceRevisionConfigSchema = z.object({
  repo_ref: z.string().nullish(),
  graph_config_path: z.string().nullish(),
  image_uri: z.string().nullish(),
  source_tarball_path: z.string().nullish(),
  repo_commit_sha: z.string().nullish()
})

export const deploymentSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  source: z.string(),
  status: z.string(),
  source_config: sourceConfigSchema.nullish().transform((value) => value ?? {}),
  source_revision_config: sourceRevisionConfigSchema.nullish().transform((value) => value ?? {}),
  latest_revision_id: z.string().nullable(),
  active_revision_id: z.string().nullish(),
  /** When the deployment last changed; operation prune judges staleness by it. */
  updated_at: z.string().nullish(),
  /**
   * The deployment's tracing project, when the service says (not in the published schema): used
   * only when it is a UUID, so any other value is kept as text and judged where it is read.
   */
  tracer_session_id: z.string().nullish()
})
export type Deployment = z.output<typeof deploymentSchema>

export const deploymentsListSchema = z.object({
  resources: z.array(deploymentSchema),
  offset: z.number().int().nullish()
})

export const revisionSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  source: z.string().nullish(),
  source_revision_config: sourceRevisionConfigSchema.nullish()
})
export type Revision = z.output<typeof revisionSchema>

export const revisionsListSchema = z.object({
  resources: z.array(revisionSchema),
  offset: z.number().int().nullish()
})

export const uploadUrlSchema = z.object({
  upload_url: z.string().url(),
  object_path: z.string().min(1)
})
export type UploadUrl = z.output<typeof uploadUrlSchema>

/** `{"detail": "..."}`, or for 422 `{"detail": [{loc, msg, type}]}`. */
export const errorBodySchema = z.object({
  detail: z.union([
    z.string(),
    z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number()])).optional(),
        msg: z.string(),
        type: z.string().optional()
      })
    ),
    z.unknown()
  ])
})

/** What POST /v2/deployments and PATCH /v2/deployments/{id} take (the fields the action sends). */
export interface SecretBody {
  name: string
  value: string
}

export interface SourceConfigBody {
  integration_id?: string
  repo_url?: string
  deployment_type?: string
  build_on_push?: boolean
  custom_url?: string
  resource_spec?: Record<string, unknown>
  listener_id?: string
  listener_config?: { k8s_namespace: string }
  install_command?: string
  build_command?: string
}

export interface SourceRevisionConfigBody {
  repo_ref?: string
  graph_config_path?: string
  image_uri?: string
  source_tarball_path?: string
}

export interface DeploymentCreateBody {
  name: string
  source: string
  source_config: SourceConfigBody
  source_revision_config: SourceRevisionConfigBody
  secrets: SecretBody[]
}

export interface DeploymentPatchBody {
  source_config?: SourceConfigBody
  source_revision_config?: SourceRevisionConfigBody
  secrets?: SecretBody[]
}

/** One log object: its fields are not documented, so it is kept whole and read defensively. */
export const logEntrySchema = z.record(z.string(), z.unknown())
export type LogEntry = z.output<typeof logEntrySchema>

export const revisionLogsSchema = z.object({
  logs: z.array(logEntrySchema),
  next_offset: z.string().nullish()
})
export type RevisionLogs = z.output<typeof revisionLogsSchema>
