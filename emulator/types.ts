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

/** What the outcome and agent choosers know of a new revision. */
export interface NewRevision {
  deploymentName: string
  /** 1-based per deployment. */
  revisionNumber: number
  /** For a redeploy: the id of the revision it rebuilds. */
  redeployOf?: string
}

/** The outcome of every new revision, or a function choosing it per revision. */
export type OutcomeChooser = RevisionOutcome | ((context: NewRevision) => RevisionOutcome)

/**
 * How the agent server answers while a revision serves: 'well', 'assistant-error' (GET
 * /assistants/{id} answers 500), 'run-error' (runs and A2A calls answer 500) or 'wrong-reply'
 * (runs and A2A calls answer 200 with a reply that is not the echo).
 */
export type AgentBehaviour = 'well' | 'assistant-error' | 'run-error' | 'wrong-reply'

/** The agent behaviour of every new revision, or a function choosing it per revision. */
export type AgentChooser = AgentBehaviour | ((context: NewRevision) => AgentBehaviour)

/** The revision a deployment serves now, as the agent server sees itself. */
export interface ServingRevision {
  deploymentId: string
  tenantId: string
  revisionId: string
  /** The revision that served before it went live, if any. */
  previousRevisionId: string | null
  agent: AgentBehaviour
}

/** One revision of a seeded history (oldest first). */
export interface SeedRevision {
  /** The status it has reached (default 'DEPLOYED'); 'HANG' or an in-progress one stays there. */
  status?: RevisionOutcome
  /** From its created_at to reaching `status`, spread over its phases (default stepMs each). */
  durationMs?: number
  /** How the agent server answers while it serves (default 'well'). */
  agent?: AgentBehaviour
  /** Merged over the deployment's source_revision_config, e.g. another image_uri. */
  source_revision_config?: object
}

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
  /** The emulator's clock when it came (set by the emulators that keep one). */
  at?: number
}

export interface Fault {
  /** Matches this method only (default any). */
  method?: string
  /** The path without base path and query; a string matches exactly (default any). */
  path?: string | RegExp
  /** How many matching requests it hits (default 1). */
  times?: number
  /**
   * 'ignore-offset': a list answers its first page whatever `offset` is asked (as a service
   * that ignores it would); give it `times` to cover every page read.
   */
  kind:
    | 'status'
    | 'reset-before'
    | 'reset-after'
    | 'delay'
    | 'truncate'
    | 'ignore-offset'
    /** The tracing or agent emulator's answer is made as usual, then `alter` rewrites its JSON body. */
    | 'alter'
  /** For 'status' (default 503); for 'alter' on the agent emulator, the status answered. */
  status?: number
  /** For 'status': the Retry-After header. */
  retryAfter?: string
  /** For 'status': the body to answer instead of `{"detail": "injected <status>"}`. */
  body?: unknown
  /** For 'status' on the tracing emulator: the raw text answered (JSON can hold no NaN). */
  rawBody?: string
  /**
   * For 'alter': the answer's body as the client should get it (a key dropped, say); the agent
   * emulator also hands it the request's body.
   */
  alter?: (body: unknown, request?: unknown) => unknown
  /** For 'delay' (default 1000). */
  delayMs?: number
  /**
   * Run when the fault hits, before it acts (awaited): another client's request that lands just
   * then, say, to stage a race deterministically.
   */
  before?: () => void | Promise<void>
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
