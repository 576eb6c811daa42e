import type { Fault } from './types'

/**
 * Injected faults, matched in order of injection. Each hits `times` matching requests (default 1)
 * and is then spent.
 */
export class FaultQueue {
  #faults: (Fault & { left: number })[] = []

  inject(fault: Fault): void {
    this.#faults.push({ ...fault, left: fault.times ?? 1 })
  }

  clear(): void {
    this.#faults = []
  }

  /** The first fault matching this request, counted as having hit it. */
  take(method: string, path: string): Fault | undefined {
    const index = this.#faults.findIndex(
      (fault) =>
        (fault.method === undefined || fault.method.toUpperCase() === method) &&
        (fault.path === undefined ||
          (typeof fault.path === 'string' ? fault.path === path : fault.path.test(path)))
    )
    const fault = this.#faults[index]
    if (fault === undefined) return undefined
    fault.left -= 1
    if (fault.left <= 0) this.#faults.splice(index, 1)
    return fault
  }
}

/**
 * What a `status` fault answers: its status (503 unless named), its `Retry-After` when it has
 * one, and its body, else the service's own error body for that status.
 */
export function statusAnswer(
  fault: Fault,
  defaultBody: (status: number) => unknown = (status) => ({ detail: `injected ${status}` })
): { status: number; headers: Record<string, string>; body: unknown } {
  const status = fault.status ?? 503
  const headers: Record<string, string> =
    fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter }
  return { status, headers, body: fault.body ?? defaultBody(status) }
}
