/**
 * The shapes of names and ids the service hands out. Anything that goes into a URL path or an
 * output must have one of them: a value of another shape came from a buggy or hostile service.
 */

/** A UUID in its usual text form (any version; the service's ids are UUIDs). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The service's rule for deployment names: lowercase letters, digits and "-", a letter first. */
export const DEPLOYMENT_NAME = /^[a-z][a-z0-9-]*$/
