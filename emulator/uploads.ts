import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Answer } from './http'

/** The service's limit on a source tarball (service-notes). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024
export const UPLOAD_PREFIX = '/_upload/'

export interface Upload {
  objectPath: string
  bytes: Buffer
  contentType?: string
}

/**
 * Signed upload URLs: `POST .../upload-url` hands out a token on this server and an object path;
 * a PUT to the token's URL (no API key, like a signed URL) stores the bytes.
 */
export class UploadSlots {
  readonly uploads: Upload[] = []
  #slots = new Map<string, { deploymentId: string; objectPath: string }>()

  /** A new slot for `deploymentId`: `{upload_url, object_path}`. */
  open(origin: string, deploymentId: string): { upload_url: string; object_path: string } {
    const token = randomUUID()
    const objectPath = `uploads/${deploymentId}/${token}.tar.gz`
    this.#slots.set(token, { deploymentId, objectPath })
    return { upload_url: `${origin}${UPLOAD_PREFIX}${token}`, object_path: objectPath }
  }

  /** Judges a PUT before its body is read (Content-Type and Content-Length). */
  check(token: string, req: IncomingMessage): Answer | undefined {
    if (req.method !== 'PUT' || !this.#slots.has(token))
      return { status: 404, body: { detail: 'Not Found' } }
    const contentType = req.headers['content-type']?.split(';')[0]?.trim()
    if (contentType !== 'application/gzip')
      return { status: 400, body: { detail: 'Content-Type must be application/gzip' } }
    const length = Number(req.headers['content-length'])
    if (req.headers['content-length'] === undefined || !Number.isInteger(length))
      return { status: 400, body: { detail: 'Content-Length is required' } }
    if (length > MAX_UPLOAD_BYTES)
      return { status: 413, body: { detail: `Upload larger than ${MAX_UPLOAD_BYTES} bytes` } }
    return undefined
  }

  /** Stores an accepted PUT; returns the deployment and object path it was for. */
  store(token: string, bytes: Buffer, contentType: string | undefined) {
    const slot = this.#slots.get(token)
    if (!slot) throw new Error(`no upload slot ${token}`)
    this.uploads.push({ objectPath: slot.objectPath, bytes, contentType })
    return slot
  }
}
