export type RevisionStatus =
  | 'CREATING'
  | 'QUEUED'
  | 'AWAITING_BUILD'
  | 'BUILDING'
  | 'AWAITING_DEPLOY'
  | 'DEPLOYING'
  | 'CREATE_FAILED'
  | 'BUILD_FAILED'
  | 'DEPLOY_FAILED'
  | 'DEPLOYED'
  | 'SKIPPED'
  | 'INTERRUPTED'
  | 'UNKNOWN'

/**
 * The status a new revision ends in: a final status, 'HANG' (stays BUILDING, or DEPLOYING for an
 * image, forever), or any other string (stays at that status forever, like one the service adds).
 */
export type RevisionOutcome = RevisionStatus | 'HANG' | (string & {})

/** The outcome of every new revision, or a function choosing it per revision. */
export type OutcomeChooser =
  | RevisionOutcome
  | ((context: { deploymentName: string; revisionNumber: number }) => RevisionOutcome)

export interface RecordedRequest {
  method: string
  /** Without the base path and the query. */
  path: string
  query: Record<string, string>
  /** Lower-case names. */
  headers: Record<string, string | undefined>
  /** Parsed JSON (undefined when absent or not JSON), or for an upload `{ bytes }`. */
  body: unknown
  /** The status answered; 0 when the connection was cut instead of answering. */
  status: number
  /** True when an injected fault hit this request. */
  faulted?: boolean
}

export interface Fault {
  /** Matches this method only (default any). */
  method?: string
  /** The path without base path and query; a string matches exactly (default any). */
  path?: string | RegExp
  /** How many matching requests it hits (default 1). */
  times?: number
  kind: 'status' | 'reset-before' | 'reset-after' | 'delay' | 'truncate'
  /** For 'status' (default 503). */
  status?: number
  /** For 'status': the Retry-After header. */
  retryAfter?: string
  /** For 'status': the body to answer instead of `{"detail": "injected <status>"}`. */
  body?: unknown
  /** For 'delay' (default 1000). */
  delayMs?: number
}

export interface Secret {
  name: string
  value: string
}

/** The Deployment shape of the published schema. */
export interface Deployment {
  id: string
  tenant_id: string
  name: string
  source: string
  source_config: Record<string, unknown>
  source_revision_config: Record<string, unknown>
  /** Values are never echoed: each is ''. */
  secrets: Secret[]
  created_at: string
  updated_at: string
  status: 'READY'
  latest_revision_id: string | null
  active_revision_id: string | null
  image_version: string | null
}

/** The Revision shape of the published schema. */
export interface Revision {
  id: string
  created_at: string
  updated_at: string
  status: string
  source: string
  source_revision_config: Record<string, unknown>
}
