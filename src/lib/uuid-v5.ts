import { createHash } from 'node:crypto'
import { UUID } from './ids'

/**
 * UUID version 5 (RFC 9562 §5.5): the SHA-1 of a namespace UUID and a name, as a UUID. The same
 * inputs give the same id, so a write sent again (a retry, a rerun of the step) is the same write.
 */
export function uuidV5(name: string, namespace: string): string {
  if (!UUID.test(namespace)) throw new Error(`uuidV5: the namespace ${namespace} is not a UUID`)
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex')
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest()
  const bytes = hash.subarray(0, 16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
