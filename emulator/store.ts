import { randomUUID } from 'node:crypto'
import { placeHistory } from './seed'
import { RevisionHistory, type RevisionOptions } from './store-revisions'
import type {
  AgentBehaviour,
  AgentChooser,
  Deployment,
  OutcomeChooser,
  Revision,
  Secret,
  SeedRevision,
  ServingRevision
} from './types'

export interface StoreOptions extends RevisionOptions {
  /** custom_url of non-external_image deployments once a revision is DEPLOYED. */
  agentUrl: () => string
  tenantId: string
  /** The deployment's tracing project id its answers carry as `tracer_session_id`, if any. */
  tracerSessionId?: (deploymentName: string) => string | undefined
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
 * The emulated service's state: deployments, their revisions (kept by store-revisions.ts),
 * tracing projects and uploaded object paths.
 */
export class Store {
  readonly tracingProjects = new Set<string>()
  /** Object path → id of the deployment it was handed out for. */
  readonly uploadedPaths = new Map<string, string>()
  #deployments = new Map<string, Deployment>()
  /** Shares `options`, so the setters below reach the revisions created after them. */
  readonly #history: RevisionHistory

  constructor(readonly options: StoreOptions) {
    this.#history = new RevisionHistory(options)
  }

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
      this.#history.add(deployment, { createdAt: now })
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
      this.#history.add(deployment, { ...revision, config, activeLagMs: 0 })
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
    if (createsRevision) this.#history.add(deployment, { createdAt: now })
    return this.#view(deployment)
  }

  /**
   * Starts a new revision built from `revisionId`'s configuration (same commit, same agent
   * behaviour), which the deployment takes as its own. The caller checked both ids.
   */
  redeploy(id: string, revisionId: string): Deployment {
    const deployment = this.#deployments.get(id)
    const source = this.#history.record(revisionId)
    if (!deployment || !source) throw new Error(`no revision ${revisionId} of deployment ${id}`)
    const now = this.options.now()
    deployment.source_revision_config = { ...source.sourceRevisionConfig }
    delete deployment.source_revision_config.repo_commit_sha
    deployment.updated_at = new Date(now).toISOString()
    this.#history.add(deployment, {
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
    const { current, previous } = this.#history.serving(found.id, at)
    const record = current && this.#history.record(current.id)
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
    const record = this.#history.record(revisionId)
    if (!record) throw new Error(`no revision ${revisionId}`)
    record.agent = agent
  }

  delete(id: string, deleteTracingProject: boolean): boolean {
    const deployment = this.#deployments.get(id)
    if (!deployment) return false
    this.#deployments.delete(id)
    this.#history.drop(id)
    if (deleteTracingProject) this.tracingProjects.delete(deployment.name)
    return true
  }

  /** Newest first. */
  revisions(deploymentId: string): Revision[] {
    return this.#history.revisions(deploymentId)
  }

  revision(deploymentId: string, revisionId: string): Revision | undefined {
    return this.#history.revision(deploymentId, revisionId)
  }

  commitOf(ref: string): string {
    return this.#history.commitOf(ref)
  }

  moveRef(ref: string, commit?: string): string {
    return this.#history.moveRef(ref, commit)
  }

  hideCommit(ref: string): void {
    this.#history.hideCommit(ref)
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

  /** The deployment as the service shows it now: active revision and URL follow the revisions. */
  #view(deployment: Deployment): Deployment {
    const revisions = this.revisions(deployment.id)
    const active = this.#history.serving(deployment.id).current
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
      active_revision_id: active?.id ?? null,
      ...tracerSession(this.options.tracerSessionId?.(deployment.name))
    })
  }
}

const tracerSession = (id: string | undefined) =>
  id === undefined ? {} : { tracer_session_id: id }
