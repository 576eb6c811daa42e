import { v5 } from 'uuid'
import { UUID } from './ids'

/**
 * UUID version 5 (RFC 9562 §5.5): the SHA-1 of a namespace UUID and a name, as a UUID. The same
 * inputs give the same id, so a write sent again (a retry, a rerun of the step) is the same write.
 */
export function uuidV5(name: string, namespace: string): string {
  if (!UUID.test(namespace)) throw new Error(`uuidV5: the namespace ${namespace} is not a UUID`)
  return v5(name, namespace)
}
