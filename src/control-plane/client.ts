import { createReadStream } from 'node:fs'
import { BODY_CAPS } from './transport'
import {
  HttpStatusError,
  PagingError,
  ResponseShapeError,
  ServiceIdError,
  UploadRefusedError
} from './errors'
import { UUID } from '../lib/ids'
import { withoutQuery } from './signed-url'
import { SeenPages } from './paging'
import {
  ControlPlaneRequester,
  queryString,
  type CallOptions,
  type ControlPlaneClientOptions,
  type Query
} from './request'
import {
  deploymentSchema,
  deploymentsListSchema,
  revisionLogsSchema,
  revisionSchema,
  revisionsListSchema,
  uploadUrlSchema,
  type Deployment,
  type DeploymentCreateBody,
  type DeploymentPatchBody,
  type Revision,
  type RevisionLogs,
  type UploadUrl
} from './schemas'

export type { CallOptions, ControlPlaneClientOptions, RetryNotice } from './request'

/**
 * An id as a path segment. Ids come from the service (or from inputs checked as UUIDs): one of
 * another shape is never put into a request, the run stops naming it.
 */
const segment = (id: string) => {
  if (!UUID.test(id)) throw new ServiceIdError(id)
  return id
}

/** The control plane's paths: the one place they are spelled. Ids are UUIDs. */
export const controlPlanePaths = {
  deployments: () => '/v2/deployments',
  deployment: (id: string) => `/v2/deployments/${segment(id)}`,
  /** For messages about a deployment not created yet (dry run). */
  newDeployment: () => '/v2/deployments/{new id}',
  uploadUrl: (id: string) => `${controlPlanePaths.deployment(id)}/upload-url`,
  newDeploymentUploadUrl: () => `${controlPlanePaths.newDeployment()}/upload-url`,
  revisions: (id: string) => `${controlPlanePaths.deployment(id)}/revisions`,
  revision: (id: string, revisionId: string) =>
    `${controlPlanePaths.revisions(id)}/${segment(revisionId)}`,
  revisionLogs: (id: string, revisionId: string) =>
    `${controlPlanePaths.revision(id, revisionId)}/logs`,
  redeploy: (id: string, revisionId: string) =>
    `${controlPlanePaths.revision(id, revisionId)}/redeploy`
}

function deleteQuery(options: { deleteTracingProject: boolean }): Query {
  return { delete_tracing_project: options.deleteTracingProject ? 'true' : undefined }
}

/** The DELETE a delete operation sends, for messages: `DELETE /v2/deployments/{id}?…`. */
export function describeDeleteRequest(
  id: string,
  options: { deleteTracingProject: boolean }
): string {
  return `DELETE ${controlPlanePaths.deployment(id)}${queryString(deleteQuery(options))}`
}

const PAGE_LIMIT = 100
/** A guard against a service whose offsets never end; 1,000 pages are 100,000 deployments. */
const MAX_PAGES = 1000

/**
 * The control plane's client: one typed method per call, each going through request.ts's one
 * chokepoint (auth headers, timeout, retries, error mapping, parsing with the call's schema). It
 * imports nothing from @actions/* so it can be used on its own.
 */
export class ControlPlaneClient {
  readonly #requester: ControlPlaneRequester
  readonly #maxPages: number

  constructor(options: ControlPlaneClientOptions) {
    this.#requester = new ControlPlaneRequester(options)
    this.#maxPages = options.maxListPages ?? MAX_PAGES
  }

  /** The longest time one request may take. */
  get requestTimeoutMs(): number {
    return this.#requester.requestTimeoutMs
  }

  /** The deployment whose name is exactly `name`, paging through the substring filter's results. */
  async findDeploymentByName(
    name: string,
    call: CallOptions = {}
  ): Promise<Deployment | undefined> {
    // Pages that never end are an error, not "no such deployment": that would create a second one.
    for await (const page of this.#deploymentPages(name, call, this.#maxPages, 'fail')) {
      const match = page.find((deployment) => deployment.name === name)
      if (match) return match
    }
    return undefined
  }

  getDeployment(id: string, call: CallOptions = {}): Promise<Deployment> {
    return this.#requester.request({
      ...call,
      method: 'GET',
      path: controlPlanePaths.deployment(id),
      schema: deploymentSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
  }

  createDeployment(body: DeploymentCreateBody, call: CallOptions = {}): Promise<Deployment> {
    return this.#requester.request({
      ...call,
      method: 'POST',
      path: controlPlanePaths.deployments(),
      body,
      schema: deploymentSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
  }

  patchDeployment(
    id: string,
    body: DeploymentPatchBody,
    call: CallOptions = {}
  ): Promise<Deployment> {
    return this.#requester.request({
      ...call,
      method: 'PATCH',
      path: controlPlanePaths.deployment(id),
      body,
      schema: deploymentSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
  }

  /**
   * The revision of this id. One that comes back under another id is refused: a rollback must
   * never redeploy a revision the service substituted.
   */
  async getRevision(
    deploymentId: string,
    revisionId: string,
    call: CallOptions = {}
  ): Promise<Revision> {
    const path = controlPlanePaths.revision(deploymentId, revisionId)
    const revision = await this.#requester.request({
      ...call,
      method: 'GET',
      path,
      schema: revisionSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
    if (revision.id !== revisionId) {
      const shown = revision.id.length > 100 ? `${revision.id.slice(0, 100)}…` : revision.id
      throw new ResponseShapeError(
        'GET',
        path,
        `it is the revision ${JSON.stringify(shown)}, not ${revisionId} that was asked for`
      )
    }
    return revision
  }

  deleteDeployment(
    id: string,
    options: { deleteTracingProject: boolean },
    call: CallOptions = {}
  ): Promise<void> {
    return this.#requester.request({
      ...call,
      method: 'DELETE',
      path: controlPlanePaths.deployment(id),
      query: deleteQuery(options),
      schema: undefined,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
  }

  /** A signed URL to PUT a source tarball to, and the object path the PATCH names it by. */
  createUploadUrl(deploymentId: string, call: CallOptions = {}): Promise<UploadUrl> {
    return this.#requester.request({
      ...call,
      method: 'POST',
      path: controlPlanePaths.uploadUrl(deploymentId),
      schema: uploadUrlSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
  }

  /**
   * PUTs a file to a signed upload URL, streamed from disk. The URL carries its own authority:
   * no API key goes with it. Sending the same file again is harmless, so failures are retried.
   */
  async uploadFile(
    uploadUrl: string,
    file: { path: string; bytes: number },
    call: CallOptions = {}
  ): Promise<void> {
    const target = new URL(uploadUrl)
    // The signed query string is a credential: messages name the host and path only.
    const shown = `${target.origin}${target.pathname}`
    try {
      await this.#requester.request({
        ...call,
        method: 'PUT',
        path: shown,
        absoluteUrl: uploadUrl,
        headers: { 'content-type': 'application/gzip', 'content-length': String(file.bytes) },
        rawBody: () => createReadStream(file.path),
        schema: undefined,
        maxBodyBytes: BODY_CAPS.uploadAnswer
      })
    } catch (error) {
      if (!(error instanceof HttpStatusError)) throw error
      // The storage's error body often quotes the request, signature included.
      throw new UploadRefusedError(shown, error.status, withoutQuery(error.detail, target))
    }
  }

  /** The newest revisions of a deployment, newest first (one page), of `statuses` when given. */
  async listRevisions(
    deploymentId: string,
    limit: number,
    call: CallOptions = {},
    statuses?: readonly string[]
  ): Promise<Revision[]> {
    const page = await this.#requester.request({
      ...call,
      method: 'GET',
      path: controlPlanePaths.revisions(deploymentId),
      query: { limit, status: statuses?.join(',') },
      schema: revisionsListSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
    return page.resources
  }

  /** One page of a revision's build or deploy logs (newer than the published schema). */
  getRevisionLogs(
    deploymentId: string,
    revisionId: string,
    type: 'build' | 'deploy',
    query: { order?: 'asc' | 'desc'; limit?: number; offset?: string },
    call: CallOptions = {}
  ): Promise<RevisionLogs> {
    return this.#requester.request({
      ...call,
      method: 'GET',
      path: controlPlanePaths.revisionLogs(deploymentId, revisionId),
      query: { type, ...query },
      schema: revisionLogsSchema,
      maxBodyBytes: BODY_CAPS.logPage
    })
  }

  /** The pause before retry `retryNumber` (0 for the first): the client's backoff and random. */
  retryDelay(retryNumber: number): number {
    return this.#requester.retryDelay(retryNumber)
  }

  /**
   * Starts a new revision built from `revisionId`'s configuration; the answer is the Deployment,
   * whose `latest_revision_id` is that new revision. Not retried: a lost answer is settled by
   * the caller (operations/redeploy-once.ts), never by sending it again.
   */
  redeployRevision(
    deploymentId: string,
    revisionId: string,
    call: CallOptions = {}
  ): Promise<Deployment> {
    return this.#requester.request({
      ...call,
      method: 'POST',
      path: controlPlanePaths.redeploy(deploymentId, revisionId),
      schema: deploymentSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
  }

  /**
   * Every deployment whose name contains `nameContains` ('' for all), over every page; at most
   * `maxPages` pages (the client's guard unless given).
   */
  async listDeployments(
    nameContains: string,
    call: CallOptions = {},
    maxPages = this.#maxPages
  ): Promise<Deployment[]> {
    const found: Deployment[] = []
    for await (const page of this.#deploymentPages(nameContains, call, maxPages)) {
      found.push(...page)
    }
    return found
  }

  /**
   * The pages of the substring filter `name_contains`, in order. Paging stops at a short page or
   * an offset that does not advance (the last page's offset is undocumented); a page with the ids
   * of an earlier one is a PagingError (else a deployment past it would be taken for missing).
   */
  async *#deploymentPages(
    nameContains: string,
    call: CallOptions,
    maxPages: number,
    whenCut: 'stop' | 'fail' = 'stop'
  ): AsyncGenerator<Deployment[]> {
    const path = controlPlanePaths.deployments()
    const seen = new SeenPages(
      `the deployments named like ${JSON.stringify(nameContains)}`,
      'GET',
      path
    )
    let offset = 0
    for (let page = 0; page < maxPages; page++) {
      const list = await this.#requester.request({
        ...call,
        method: 'GET',
        path,
        query: { name_contains: nameContains || undefined, limit: PAGE_LIMIT, offset },
        schema: deploymentsListSchema,
        maxBodyBytes: BODY_CAPS.controlPlaneJson
      })
      seen.check(list.resources.map((deployment) => deployment.id))
      yield list.resources
      const next = list.offset ?? offset + list.resources.length
      if (list.resources.length < PAGE_LIMIT || next <= offset) return
      offset = next
    }
    if (whenCut === 'fail') {
      throw new PagingError(
        'GET',
        path,
        `the deployments named like ${JSON.stringify(nameContains)} did not end within ${maxPages} pages`
      )
    }
  }
}
