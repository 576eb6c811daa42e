import { createHash, randomUUID } from 'node:crypto'
import { FINAL_STATUSES, phaseDurations, statusAt, type RevisionTimeline } from './revisions'
import { placeHistory } from './seed'
import { servingAt, type LiveRevision } from './serving'
import type {
  AgentBehaviour,
  AgentChooser,
  Deployment,
  NewRevision,
  OutcomeChooser,
  Revision,
  RevisionOutcome,
  Secret,
  SeedRevision,
  ServingRevision
} from './types'

interface RevisionRecord extends RevisionTimeline {
  id: string
  deploymentId: string
  /** 1-based per deployment. */
  number: number
  /** Time in each in-progress status, fixed when the revision is created. */
  durations: number[]
  /** Time from DEPLOYED until it becomes the active revision, fixed when it is created. */
  activeLagMs: number
  agent: AgentBehaviour
  sourceRevisionConfig: Record<string, unknown>
}

/** How a new revision comes to be; what is not given comes from the store's options. */
interface RevisionPlan {
  createdAt: number
  outcome?: RevisionOutcome
  durations?: number[]
  activeLagMs?: number
  agent?: AgentBehaviour
  /** The revision's configuration (default: the deployment's). */
  config?: Record<string, unknown>
  redeployOf?: string
}

export interface StoreOptions {
  stepMs: number
  /** Time in particular in-progress statuses, overriding `stepMs` for them. */
  phaseMs?: Partial<Record<string, number>>
  /** Time from DEPLOYED until `active_revision_id` moves to a revision (default 0). */
  activeLagMs?: number
  /** How the agent server answers while a new revision serves (default 'well'). */
  agent?: AgentChooser
  now: () => number
  /** custom_url of non-external_image deployments once a revision is DEPLOYED. */
  agentUrl: () => string
  outcome: OutcomeChooser
  tenantId: string
  /** Like the service: a revision stays QUEUED while an older one of its deployment has failed. */
  holdBehindFailed?: boolean
}

const CPU_FIELDS = [
  'cpu',
  'cpu_limit',
  'queue_cpu',
  'queue_cpu_limit',
  'cache_cpu',
  'cache_cpu_limit'
]

type Body = Record<string, unknown>
const objectOf = (value: unknown): Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex')

/** Secret values are write-only: the service never shows them again. */
const hideValues = (secrets: unknown): Secret[] =>
  Array.isArray(secrets)
    ? secrets.map((secret) => ({ name: String(objectOf(secret).name), value: '' }))
    : []

/** The service rounds CPU values to one decimal place. */
function roundCpu(spec: unknown): unknown {
  if (spec === null || typeof spec !== 'object') return spec
  const rounded: Body = { ...(spec as Body) }
  for (const field of CPU_FIELDS) {
    const value = rounded[field]
    if (typeof value === 'number') rounded[field] = Math.round(value * 10) / 10
  }
  return rounded
}

/**
 * The emulated service's state: deployments, their revisions, tracing projects and uploaded
 * object paths. A revision's status is computed from its age on every read (revisions.ts), so no
 * timers run.
 */
export class Store {
  readonly tracingProjects = new Set<string>()
  /** Object path → id of the deployment it was handed out for. */
  readonly uploadedPaths = new Map<string, string>()
  #deployments = new Map<string, Deployment>()
  #revisions: RevisionRecord[] = []
  /** Refs a test moved: ref → the commit it names now. */
  #refHeads = new Map<string, string>()
  #moves = 0
  #unreported = new Set<string>()

  constructor(readonly options: StoreOptions) {}

  list(): Deployment[] {
    return [...this.#deployments.values()].map((deployment) => this.#view(deployment))
  }

  get(id: string): Deployment | undefined {
    const deployment = this.#deployments.get(id)
    return deployment && this.#view(deployment)
  }

  /** Taken by a deployment, or by the tracing project a deleted one left behind. */
  nameTaken(name: string): boolean {
    return (
      this.tracingProjects.has(name) ||
      [...this.#deployments.values()].some((deployment) => deployment.name === name)
    )
  }

  /** Adds a deployment and its tracing project, as POST /v2/deployments does. */
  create(body: Body): Deployment {
    const now = this.options.now()
    const deployment = this.#newDeployment(body, now)
    // internal_source is created without a tarball: its first revision comes with the PATCH.
    if (
      deployment.source !== 'internal_source' ||
      deployment.source_revision_config.source_tarball_path
    )
      this.#addRevision(deployment, { createdAt: now })
    return this.#view(deployment)
  }

  /**
   * Adds a deployment whose revisions already happened (seed.ts places them in time); its
   * updated_at is `updatedAt` when given, else when its newest revision was created.
   */
  seed(body: Body, history: readonly SeedRevision[], updatedAt?: number): Deployment {
    const source = String(body.source)
    const placed = placeHistory(history, {
      source,
      stepMs: this.options.stepMs,
      now: this.options.now(),
      updatedAt
    })
    const first = placed[0]?.createdAt ?? updatedAt ?? this.options.now()
    const deployment = this.#newDeployment(body, first)
    for (const revision of placed) {
      const config = { ...deployment.source_revision_config, ...revision.config }
      this.#addRevision(deployment, { ...revision, config, activeLagMs: 0 })
      deployment.source_revision_config = config
      delete deployment.source_revision_config.repo_commit_sha
      // A seeded history's tarballs were uploaded through upload-url once.
      if (typeof config.source_tarball_path === 'string')
        this.uploadedPaths.set(config.source_tarball_path, deployment.id)
    }
    deployment.updated_at = new Date(placed.at(-1)?.createdAt ?? first).toISOString()
    return this.#view(deployment)
  }

  #newDeployment(body: Body, createdAt: number): Deployment {
    const at = new Date(createdAt).toISOString()
    const sourceConfig = { ...objectOf(body.source_config) }
    if ('resource_spec' in sourceConfig)
      sourceConfig.resource_spec = roundCpu(sourceConfig.resource_spec)
    const deployment: Deployment = {
      id: randomUUID(),
      tenant_id: this.options.tenantId,
      name: String(body.name),
      source: String(body.source),
      source_config: { custom_url: null, ...sourceConfig },
      source_revision_config: { ...objectOf(body.source_revision_config) },
      secrets: hideValues(body.secrets),
      created_at: at,
      updated_at: at,
      status: 'READY',
      latest_revision_id: null,
      active_revision_id: null,
      image_version: null
    }
    this.#deployments.set(deployment.id, deployment)
    this.tracingProjects.add(deployment.name)
    return deployment
  }

  /** Applies the non-null fields of a PATCH; adds a revision when `createsRevision`. */
  patch(id: string, body: Body, createsRevision: boolean): Deployment {
    const deployment = this.#deployments.get(id)
    if (!deployment) throw new Error(`no deployment ${id}`)
    for (const [key, value] of Object.entries(objectOf(body.source_config))) {
      if (value !== null && value !== undefined)
        deployment.source_config[key] = key === 'resource_spec' ? roundCpu(value) : value
    }
    for (const [key, value] of Object.entries(objectOf(body.source_revision_config))) {
      if (value !== null && value !== undefined) deployment.source_revision_config[key] = value
    }
    if (Array.isArray(body.secrets)) deployment.secrets = hideValues(body.secrets)
    const now = this.options.now()
    deployment.updated_at = new Date(now).toISOString()
    if (createsRevision) this.#addRevision(deployment, { createdAt: now })
    return this.#view(deployment)
  }

  /**
   * Starts a new revision built from `revisionId`'s configuration (same commit, same agent
   * behaviour), which the deployment takes as its own. The caller checked both ids.
   */
  redeploy(id: string, revisionId: string): Deployment {
    const deployment = this.#deployments.get(id)
    const source = this.#revisions.find((record) => record.id === revisionId)
    if (!deployment || !source) throw new Error(`no revision ${revisionId} of deployment ${id}`)
    const now = this.options.now()
    deployment.source_revision_config = { ...source.sourceRevisionConfig }
    delete deployment.source_revision_config.repo_commit_sha
    deployment.updated_at = new Date(now).toISOString()
    this.#addRevision(deployment, {
      createdAt: now,
      agent: source.agent,
      config: { ...source.sourceRevisionConfig },
      redeployOf: source.id
    })
    return this.#view(deployment)
  }

  /** The revision `deployment` (an id or a name) serves at `at`, or undefined when none does. */
  serving(deployment: string, at = this.options.now()): ServingRevision | undefined {
    const found =
      this.#deployments.get(deployment) ??
      [...this.#deployments.values()].find((candidate) => candidate.name === deployment)
    if (!found) return undefined
    const { current, previous } = this.#serving(found.id, at)
    const record = this.#revisions.find((candidate) => candidate.id === current?.id)
    if (!record) return undefined
    return {
      deploymentId: found.id,
      tenantId: found.tenant_id,
      revisionId: record.id,
      previousRevisionId: previous?.id ?? null,
      agent: record.agent
    }
  }

  /** How the agent server answers while this revision serves. */
  setRevisionAgent(revisionId: string, agent: AgentBehaviour): void {
    const record = this.#revisions.find((candidate) => candidate.id === revisionId)
    if (!record) throw new Error(`no revision ${revisionId}`)
    record.agent = agent
  }

  delete(id: string, deleteTracingProject: boolean): boolean {
    const deployment = this.#deployments.get(id)
    if (!deployment) return false
    this.#deployments.delete(id)
    this.#revisions = this.#revisions.filter((revision) => revision.deploymentId !== id)
    if (deleteTracingProject) this.tracingProjects.delete(deployment.name)
    return true
  }

  /** Newest first. */
  revisions(deploymentId: string): Revision[] {
    return this.#revisions
      .filter((revision) => revision.deploymentId === deploymentId)
      .sort((a, b) => b.number - a.number)
      .map((revision) => this.#revisionView(revision))
  }

  revision(deploymentId: string, revisionId: string): Revision | undefined {
    const record = this.#revisions.find(
      (candidate) => candidate.id === revisionId && candidate.deploymentId === deploymentId
    )
    return record && this.#revisionView(record)
  }

  /**
   * The commit a git_host ref names now: derived from the ref (so two deployments building one
   * ref build one commit), until a test moves it.
   */
  commitOf(ref: string): string {
    return this.#refHeads.get(ref) ?? sha1(`ref ${ref}`)
  }

  /** A push to `ref`: builds from now on get `commit` (default: a new one); returns it. */
  moveRef(ref: string, commit?: string): string {
    const head = commit ?? sha1(`ref ${ref} moved ${++this.#moves}`)
    this.#refHeads.set(ref, head)
    return head
  }

  /** From now on, builds of `ref` show no repo_commit_sha, as a service that does not say. */
  hideCommit(ref: string): void {
    this.#unreported.add(ref)
  }

  setOutcome(outcome: OutcomeChooser): void {
    this.options.outcome = outcome
  }

  /** Revisions created from now on spend `stepMs` in each in-progress status. */
  setStepMs(stepMs: number): void {
    this.options.stepMs = stepMs
  }

  /** Revisions created from now on spend `phaseMs[status]` in those statuses, `stepMs` in others. */
  setPhaseMs(phaseMs: Partial<Record<string, number>>): void {
    this.options.phaseMs = phaseMs
  }

  /** Revisions created from now on become active this long after DEPLOYED. */
  setActiveLagMs(lagMs: number): void {
    this.options.activeLagMs = lagMs
  }

  setAgent(agent: AgentChooser): void {
    this.options.agent = agent
  }

  #addRevision(deployment: Deployment, plan: RevisionPlan): void {
    const { createdAt } = plan
    const siblings = this.#revisions.filter((record) => record.deploymentId === deployment.id)
    for (const older of siblings) {
      if (!FINAL_STATUSES.has(this.#status(older, createdAt).status)) older.supersededAt = createdAt
    }
    const context: NewRevision = {
      deploymentName: deployment.name,
      revisionNumber: siblings.length + 1,
      ...(plan.redeployOf === undefined ? {} : { redeployOf: plan.redeployOf })
    }
    const { outcome, agent = 'well' } = this.options
    const record: RevisionRecord = {
      id: randomUUID(),
      deploymentId: deployment.id,
      number: context.revisionNumber,
      createdAt,
      durations:
        plan.durations ??
        phaseDurations(deployment.source, this.options.stepMs, this.options.phaseMs),
      activeLagMs: plan.activeLagMs ?? this.options.activeLagMs ?? 0,
      source: deployment.source,
      outcome: plan.outcome ?? (typeof outcome === 'function' ? outcome(context) : outcome),
      agent: plan.agent ?? (typeof agent === 'function' ? agent(context) : agent),
      sourceRevisionConfig: { ...(plan.config ?? deployment.source_revision_config) }
    }
    // A build resolves its ref to a commit (a seeded revision may name its own); a redeploy keeps
    // its source's commit.
    if (
      deployment.source === 'git_host' &&
      plan.redeployOf === undefined &&
      plan.config?.repo_commit_sha === undefined &&
      !this.#unreported.has(String(record.sourceRevisionConfig.repo_ref ?? ''))
    )
      record.sourceRevisionConfig.repo_commit_sha = this.commitOf(
        String(record.sourceRevisionConfig.repo_ref ?? '')
      )
    this.#revisions.push(record)
    deployment.latest_revision_id = record.id
  }

  #status(record: RevisionRecord, at = this.options.now()) {
    const held = this.options.holdBehindFailed === true && this.#heldBehindFailed(record, at)
    return statusAt({ ...record, held }, at, record.durations)
  }

  /** The revisions of a deployment that went live, and when. */
  #serving(deploymentId: string, at = this.options.now()) {
    const live: LiveRevision[] = []
    for (const record of this.#revisions) {
      if (record.deploymentId !== deploymentId) continue
      const reading = this.#status(record, at)
      if (reading.status === 'DEPLOYED')
        live.push({
          id: record.id,
          number: record.number,
          liveAt: reading.since + record.activeLagMs
        })
    }
    return servingAt(live, at)
  }

  #heldBehindFailed(record: RevisionRecord, at: number): boolean {
    return this.#revisions.some(
      (older) =>
        older.deploymentId === record.deploymentId &&
        older.number < record.number &&
        older.outcome.endsWith('_FAILED') &&
        this.#status(older, at).status === older.outcome
    )
  }

  #revisionView(record: RevisionRecord): Revision {
    const { status, since } = this.#status(record)
    return {
      id: record.id,
      created_at: new Date(record.createdAt).toISOString(),
      updated_at: new Date(since).toISOString(),
      status,
      source: record.source,
      source_revision_config: structuredClone(record.sourceRevisionConfig)
    }
  }

  /** The deployment as the service shows it now: active revision and URL follow the revisions. */
  #view(deployment: Deployment): Deployment {
    const revisions = this.revisions(deployment.id)
    const active = this.#serving(deployment.id).current
    const commit = revisions[0]?.source_revision_config.repo_commit_sha
    const sourceConfig = { ...deployment.source_config }
    if (deployment.source !== 'external_image')
      sourceConfig.custom_url = active ? this.options.agentUrl() : null
    return structuredClone({
      ...deployment,
      source_config: sourceConfig,
      source_revision_config: {
        ...deployment.source_revision_config,
        ...(commit === undefined ? {} : { repo_commit_sha: commit })
      },
      active_revision_id: active?.id ?? null
    })
  }
}
