import { errorBodySchema } from './schemas'

/** Base of every error the client throws; `method` and `path` say which call it was. */
export class ControlPlaneError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly path: string
  ) {
    super(message)
    this.name = 'ControlPlaneError'
  }
}

/** The service answered with a status that is not a success. */
export class HttpStatusError extends ControlPlaneError {
  constructor(
    method: string,
    path: string,
    readonly status: number,
    readonly detail: string
  ) {
    super(
      `${method} ${path} failed with HTTP ${status}${detail ? `:\n${detail}` : ''}`,
      method,
      path
    )
    this.name = 'HttpStatusError'
  }
}

/** No answer: connection refused or reset, DNS failure, or the request's timeout. */
export class NetworkError extends ControlPlaneError {
  constructor(
    method: string,
    path: string,
    readonly reason: string
  ) {
    super(`${method} ${path} got no answer: ${reason}`, method, path)
    this.name = 'NetworkError'
  }
}

/** A success status with a body that is not the JSON it should be. */
export class ResponseShapeError extends ControlPlaneError {
  constructor(
    method: string,
    path: string,
    problem: string,
    /** The body was not JSON at all (often cut short), rather than JSON of another shape. */
    readonly notJson = false
  ) {
    super(`${method} ${path} answered with an unexpected body: ${problem}`, method, path)
    this.name = 'ResponseShapeError'
  }
}

/** An answer over the body cap: read no further, and not asked for again. */
export class BodyTooLargeError extends ControlPlaneError {
  constructor(
    method: string,
    path: string,
    readonly status: number | undefined,
    /** What was read of it, at most: `10.0 MB`. */
    readonly cap: string
  ) {
    super(
      `${method} ${path} answered a body over ${cap}${status === undefined ? '' : ` (HTTP ${status})`}, more than any answer it should give: the action stopped reading it and does not send the request again. Check that api-url points at the control plane.`,
      method,
      path
    )
    this.name = 'BodyTooLargeError'
  }
}

/** The caller's deadline came before the call could be made or finished. */
export class DeadlineError extends ControlPlaneError {
  constructor(method: string, path: string) {
    super(`${method} ${path} was not attempted: the time allowed has run out`, method, path)
    this.name = 'DeadlineError'
  }
}

/**
 * Renders the service's `detail` for a person: a string as is, a 422 list as `loc: msg` lines.
 * The body is the service's own text; it never holds what we sent unless the service echoes it,
 * which the action's redaction covers.
 */
export function formatErrorDetail(bodyText: string): string {
  let json: unknown
  try {
    json = JSON.parse(bodyText)
  } catch {
    return bodyText.trim().slice(0, 500)
  }
  const parsed = errorBodySchema.safeParse(json)
  if (!parsed.success) return bodyText.trim().slice(0, 500)
  const { detail } = parsed.data
  if (typeof detail === 'string') return detail
  if (Array.isArray(detail)) {
    return detail
      .map((item: { loc?: (string | number)[]; msg: string }) =>
        item.loc && item.loc.length > 0 ? `  ${item.loc.join('.')}: ${item.msg}` : `  ${item.msg}`
      )
      .join('\n')
  }
  return JSON.stringify(detail).slice(0, 500)
}

/** An id from the service that is not a UUID: it is never put into a request path. */
export class ServiceIdError extends Error {
  constructor(readonly id: string) {
    super(
      `The service sent the id ${JSON.stringify(id.length > 100 ? `${id.slice(0, 100)}…` : id)} where a UUID belongs: the run stops rather than put it into a request.`
    )
    this.name = 'ServiceIdError'
  }
}

/**
 * The storage refused a source upload. The signed URL carries its own authority (no API key goes
 * with it), so the message points at the URL, never at api-key.
 */
export class UploadRefusedError extends ControlPlaneError {
  constructor(
    /** The upload URL without its signed query. */
    path: string,
    readonly status: number,
    readonly detail: string
  ) {
    super(
      `PUT ${path} (the source upload) failed with HTTP ${status}${detail ? `:\n${detail}` : ''}\nThe storage refused the signed upload URL the control plane gave (no API key is sent with it): it may have expired; run the step again.`,
      'PUT',
      path
    )
    this.name = 'UploadRefusedError'
  }
}

/**
 * A list that would not end: the service answered a page it had answered before (it ignores the
 * offset or the page asked for), or more pages than any real list holds.
 */
export class PagingError extends ControlPlaneError {
  constructor(method: string, path: string, problem: string) {
    super(`${method} ${path}: ${problem}; the list was not read further`, method, path)
    this.name = 'PagingError'
  }
}
