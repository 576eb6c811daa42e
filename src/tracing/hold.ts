import { DeadlineError } from '../control-plane/errors'
import type { CallOptions } from '../control-plane/request'
import type { Sleep } from '../world'

/**
 * A 429's or a 503's `Retry-After` asks the caller, not one request, to wait: every call of the
 * client waits until the latest time one asked for before it is sent. A wait that would pass the call's
 * deadline is not begun: the call fails at once with a DeadlineError.
 */
export class RetryAfterHold {
  #until = 0

  constructor(
    private readonly now: () => number,
    private readonly sleep: Sleep
  ) {}

  /** Epoch milliseconds before which no call is sent (0 when nothing holds). */
  get until(): number {
    return this.#until
  }

  /** A 429 or a 503 asked for `delayMs` now. */
  extend(delayMs: number): void {
    this.#until = Math.max(this.#until, this.now() + delayMs)
  }

  /** Waits until the hold ends; throws a DeadlineError naming the call when it ends too late. */
  async wait(method: string, path: string, call: CallOptions): Promise<void> {
    for (;;) {
      const wait = this.#until - this.now()
      if (wait <= 0) return
      if (call.deadline !== undefined && this.#until >= call.deadline)
        throw new DeadlineError(method, path)
      await this.sleep(wait, call.signal)
    }
  }
}
