import { randomBytes, randomUUID } from 'node:crypto'
import { FINAL_STATUSES, phaseCount, statusAt, type RevisionTimeline } from './revisions'
import type { Deployment, OutcomeChooser, Revision, RevisionOutcome, Secret } from './types'

interface RevisionRecord extends RevisionTimeline {
  id: string
  deploymentId: string
  /** 1-based per deployment. */
  number: number
  /** Time in each in-progress status, fixed when the revision is created. */
  stepMs: number
  sourceRevisionConfig: Record<string, unknown>
}

export interface StoreOptions {
  stepMs: number
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

  /**
   * Adds a deployment and its tracing project. With `seed`, its revision is as old as one that
   * has already reached `seed.outcome`.
   */
  create(body: Body, seed?: { outcome: RevisionOutcome }): Deployment {
    const source = String(body.source)
    const createdAt = this.options.now() - (seed ? phaseCount(source) * this.options.stepMs : 0)
    const at = new Date(createdAt).toISOString()
    const sourceConfig = { ...objectOf(body.source_config) }
    if ('resource_spec' in sourceConfig)
      sourceConfig.resource_spec = roundCpu(sourceConfig.resource_spec)
    const deployment: Deployment = {
      id: randomUUID(),
      tenant_id: this.options.tenantId,
      name: String(body.name),
      source,
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
    // internal_source is created without a tarball: its first revision comes with the PATCH.
    if (source !== 'internal_source' || deployment.source_revision_config.source_tarball_path)
      this.#addRevision(deployment, createdAt, seed?.outcome)
    return this.#view(deployment)
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
    if (createsRevision) this.#addRevision(deployment, now)
    return this.#view(deployment)
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

  setOutcome(outcome: OutcomeChooser): void {
    this.options.outcome = outcome
  }

  /** Revisions created from now on spend `stepMs` in each in-progress status. */
  setStepMs(stepMs: number): void {
    this.options.stepMs = stepMs
  }

  #addRevision(deployment: Deployment, createdAt: number, outcome?: RevisionOutcome): void {
    const siblings = this.#revisions.filter((record) => record.deploymentId === deployment.id)
    for (const older of siblings) {
      if (!FINAL_STATUSES.has(this.#status(older).status)) older.supersededAt = createdAt
    }
    const number = siblings.length + 1
    const chooser = this.options.outcome
    const record: RevisionRecord = {
      id: randomUUID(),
      deploymentId: deployment.id,
      number,
      createdAt,
      stepMs: this.options.stepMs,
      source: deployment.source,
      outcome:
        outcome ??
        (typeof chooser === 'function'
          ? chooser({ deploymentName: deployment.name, revisionNumber: number })
          : chooser),
      sourceRevisionConfig: { ...deployment.source_revision_config }
    }
    if (deployment.source === 'git_host')
      record.sourceRevisionConfig.repo_commit_sha = randomBytes(20).toString('hex')
    this.#revisions.push(record)
    deployment.latest_revision_id = record.id
  }

  #status(record: RevisionRecord) {
    const held = this.options.holdBehindFailed === true && this.#heldBehindFailed(record)
    return statusAt({ ...record, held }, this.options.now(), record.stepMs)
  }

  #heldBehindFailed(record: RevisionRecord): boolean {
    return this.#revisions.some(
      (older) =>
        older.deploymentId === record.deploymentId &&
        older.number < record.number &&
        older.outcome.endsWith('_FAILED') &&
        this.#status(older).status === older.outcome
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
    const deployed = revisions.find((revision) => revision.status === 'DEPLOYED')
    const commit = revisions[0]?.source_revision_config.repo_commit_sha
    const sourceConfig = { ...deployment.source_config }
    if (deployment.source !== 'external_image')
      sourceConfig.custom_url = deployed ? this.options.agentUrl() : null
    return structuredClone({
      ...deployment,
      source_config: sourceConfig,
      source_revision_config: {
        ...deployment.source_revision_config,
        ...(commit === undefined ? {} : { repo_commit_sha: commit })
      },
      active_revision_id: deployed?.id ?? null
    })
  }
}
