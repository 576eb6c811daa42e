import { createHash, randomUUID } from 'node:crypto'
import { FINAL_STATUSES, phaseDurations, statusAt, type RevisionTimeline } from './revisions'
import { servingAt, type LiveRevision } from './serving'
import type {
  AgentBehaviour,
  AgentChooser,
  Deployment,
  NewRevision,
  OutcomeChooser,
  Revision,
  RevisionOutcome
} from './types'

export interface RevisionRecord extends RevisionTimeline {
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
export interface RevisionPlan {
  createdAt: number
  outcome?: RevisionOutcome
  durations?: number[]
  activeLagMs?: number
  agent?: AgentBehaviour
  /** The revision's configuration (default: the deployment's). */
  config?: Record<string, unknown>
  redeployOf?: string
}

/** What shapes a new revision; changing it changes the revisions created from then on. */
export interface RevisionOptions {
  stepMs: number
  /** Time in particular in-progress statuses, overriding `stepMs` for them. */
  phaseMs?: Partial<Record<string, number>>
  /** Time from DEPLOYED until `active_revision_id` moves to a revision (default 0). */
  activeLagMs?: number
  /** How the agent server answers while a new revision serves (default 'well'). */
  agent?: AgentChooser
  now: () => number
  outcome: OutcomeChooser
  /** Like the service: a revision stays QUEUED while an older one of its deployment has failed. */
  holdBehindFailed?: boolean
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex')

/**
 * Every deployment's revisions and the commits git_host refs name. A revision's status is
 * computed from its age on every read (revisions.ts), so no timers run.
 */
export class RevisionHistory {
  #revisions: RevisionRecord[] = []
  /** Refs a test moved: ref → the commit it names now. */
  #refHeads = new Map<string, string>()
  #moves = 0
  #unreported = new Set<string>()

  constructor(readonly options: RevisionOptions) {}

  /** The revision `revisionId` of any deployment. */
  record(revisionId: string): RevisionRecord | undefined {
    return this.#revisions.find((record) => record.id === revisionId)
  }

  /** Forgets the revisions of a deleted deployment. */
  drop(deploymentId: string): void {
    this.#revisions = this.#revisions.filter((revision) => revision.deploymentId !== deploymentId)
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

  /** Adds a revision of `deployment`, which takes it as its latest. */
  add(deployment: Deployment, plan: RevisionPlan): void {
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
  serving(deploymentId: string, at = this.options.now()) {
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
}
