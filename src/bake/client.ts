/** The tracing service's client as the bake uses it: the run's clock, its retries logged. */
import type { Dispatcher } from '../control-plane/transport'
import { TracingClient } from '../tracing/client'
import { ACTION_VERSION } from '../version'
import type { Clock } from '../world'

export function bakeClient(options: {
  tracingUrl: string
  apiKey: string
  tenantId?: string
  dispatcher?: Dispatcher
  clock: Clock
  info(line: string): void
}): TracingClient {
  const { clock, info } = options
  return new TracingClient({
    baseUrl: options.tracingUrl,
    apiKey: options.apiKey,
    tenantId: options.tenantId,
    userAgent: `deploy-agent-action/${ACTION_VERSION}`,
    dispatcher: options.dispatcher,
    now: clock.now,
    sleep: clock.sleep,
    onRetryAfter: (delayMs) =>
      info(
        `Tracing service: Retry-After on a 429 or 503, every call waits ${(delayMs / 1000).toFixed(1)} s`
      )
  })
}
