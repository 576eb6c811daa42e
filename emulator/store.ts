import { randomUUID } from 'node:crypto'
import type { Deployment, OutcomeChooser, Revision, RevisionOutcome } from './types'

const FINAL = new Set([
  'CREATE_FAILED',
  'BUILD_FAILED',
  'DEPLOY_FAILED',
  'DEPLOYED',
  'SKIPPED',
  'INTERRUPTED'
])
const BUILD_PHASES = [
  'CREATING',
  'QUEUED',
  'AWAITING_BUILD',
  'BUILDING',
  'AWAITING_DEPLOY',
  'DEPLOYING'
]
const IMAGE_PHASES = ['CREATING', 'QUEUED', 'AWAITING_DEPLOY', 'DEPLOYING']

interface RevisionRecord {
  id: string
  deploymentId: string
  number: number
  createdAt: number
  /** Time in each in-progress status, fixed when the revision is created. */
  stepMs: number
  outcome: RevisionOutcome
  source: string
  sourceRevisionConfig: Record<string, unknown>
  /** Set when a newer revision superseded this one before it ended. */
  skippedAt?: number
}

export interface StoreOptions {
  stepMs: number
  now: () => number
  agentUrl: () => string
  outcome: OutcomeChooser
  /** Like the service: a revision stays QUEUED while an older one of its deployment has failed. */
  holdBehindFailed?: boolean
}

/**
 * The emulated service's state. A revision's status is computed from its age on every read, so
 * no timers run: it moves one phase every `stepMs`, then reaches the outcome chosen at creation.
 */
export class Store {
  readonly tenantId = randomUUID()
  readonly tracingProjects = new Set<string>()
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

  create(body: Record<string, unknown>): Deployment {
    const now = this.#iso()
    const deployment: Deployment = {
      id: randomUUID(),
      tenant_id: this.tenantId,
      name: String(body.name),
      source: String(body.source),
      source_config: { ...(body.source_config as object) },
      source_revision_config: { ...(body.source_revision_config as object) },
      secrets: (body.secrets as Deployment['secrets']) ?? [],
      created_at: now,
      updated_at: now,
      status: 'READY',
      latest_revision_id: null,
      active_revision_id: null,
      image_version: null
    }
    this.#deployments.set(deployment.id, deployment)
    this.tracingProjects.add(deployment.name)
    const revisionConfig = deployment.source_revision_config
    // internal_source is created without a tarball: its first revision comes with the PATCH.
    if (deployment.source !== 'internal_source' || revisionConfig.source_tarball_path) {
      this.#addRevision(deployment)
    }
    return this.#view(deployment)
  }

  patch(id: string, body: Record<string, unknown>, createsRevision: boolean): Deployment {
    const deployment = this.#deployments.get(id)
    if (!deployment) throw new Error(`no deployment ${id}`)
    for (const [key, value] of Object.entries((body.source_config as object) ?? {})) {
      if (value !== null && value !== undefined) deployment.source_config[key] = value
    }
    for (const [key, value] of Object.entries((body.source_revision_config as object) ?? {})) {
      if (value !== null && value !== undefined) deployment.source_revision_config[key] = value
    }
    if (Array.isArray(body.secrets)) deployment.secrets = body.secrets as Deployment['secrets']
    deployment.updated_at = this.#iso()
    if (createsRevision) this.#addRevision(deployment)
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
      (r) => r.id === revisionId && r.deploymentId === deploymentId
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

  #addRevision(deployment: Deployment): void {
    const now = this.options.now()
    for (const older of this.#revisions) {
      if (older.deploymentId === deployment.id && !FINAL.has(this.#status(older).status))
        older.skippedAt = now
    }
    const number = this.#revisions.filter((r) => r.deploymentId === deployment.id).length + 1
    const chooser = this.options.outcome
    const outcome =
      typeof chooser === 'function'
        ? chooser({ deploymentName: deployment.name, revisionNumber: number })
        : chooser
    const record: RevisionRecord = {
      id: randomUUID(),
      deploymentId: deployment.id,
      number,
      createdAt: now,
      stepMs: this.options.stepMs,
      outcome,
      source: deployment.source,
      sourceRevisionConfig: { ...deployment.source_revision_config }
    }
    this.#revisions.push(record)
    deployment.latest_revision_id = record.id
  }

  #status(record: RevisionRecord): { status: string; since: number } {
    const { now } = this.options
    const { stepMs } = record
    const phases = record.source.endsWith('_image') ? IMAGE_PHASES : BUILD_PHASES
    const at = record.skippedAt ?? now()
    const step = Math.max(0, Math.floor((at - record.createdAt) / stepMs))
    if (record.skippedAt !== undefined) {
      const before = this.#statusAtStep(record, phases, step)
      if (!FINAL.has(before)) return { status: 'SKIPPED', since: record.skippedAt }
    }
    const status = this.#statusAtStep(record, phases, step)
    const lastStep =
      record.outcome === 'HANG' ? phases.length - (phases === IMAGE_PHASES ? 1 : 3) : phases.length
    return { status, since: record.createdAt + Math.min(step, lastStep) * stepMs }
  }

  #statusAtStep(record: RevisionRecord, phases: string[], step: number): string {
    if (this.options.holdBehindFailed && this.#heldBehindFailed(record)) {
      return phases[Math.min(step, phases.indexOf('QUEUED'))] ?? 'CREATING'
    }
    if (record.outcome === 'HANG') {
      const hangAt = phases.indexOf(phases === IMAGE_PHASES ? 'DEPLOYING' : 'BUILDING')
      return phases[Math.min(step, hangAt)] ?? 'CREATING'
    }
    return step < phases.length ? (phases[step] ?? 'CREATING') : record.outcome
  }

  #heldBehindFailed(record: RevisionRecord): boolean {
    return this.#revisions.some(
      (older) =>
        older.deploymentId === record.deploymentId &&
        older.number < record.number &&
        older.skippedAt === undefined &&
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
      source_revision_config: { ...record.sourceRevisionConfig }
    }
  }

  /** The deployment as the service shows it now: active revision and URL follow the revisions. */
  #view(deployment: Deployment): Deployment {
    const deployed = this.revisions(deployment.id).find(
      (revision) => revision.status === 'DEPLOYED'
    )
    const sourceConfig = { ...deployment.source_config }
    if (deployment.source !== 'external_image')
      sourceConfig.custom_url = deployed ? this.options.agentUrl() : null
    return structuredClone({
      ...deployment,
      source_config: sourceConfig,
      active_revision_id: deployed?.id ?? null
    })
  }

  #iso(): string {
    return new Date(this.options.now()).toISOString()
  }
}
