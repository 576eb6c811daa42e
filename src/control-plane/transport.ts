/**
 * The parts of undici the action uses: the agent that honours HTTP(S)_PROXY and NO_PROXY, and
 * `request`. They are imported from undici's own files because its index also loads fetch,
 * WebSocket, EventSource, caches and mocks: about 30 ms of every start (issue 6, and upstream
 * actions/toolkit#1697, which `patches/` fixes the same way in @actions/http-client).
 * undici is pinned to an exact version; __tests__/http.test.ts fails if these files move.
 */
import type { Dispatcher as DispatcherType } from 'undici'
import dispatcherApi from 'undici/lib/api/index.js'
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js'
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js'
import globalDispatcher from 'undici/lib/global.js'

// What undici's index does: every dispatcher gets request(), stream(), connect()…; the proxy
// agents use connect() to open their tunnels.
Object.assign(Dispatcher.prototype, dispatcherApi)

export { EnvHttpProxyAgent }
export type { DispatcherType as Dispatcher }

export type RequestOptions = Omit<DispatcherType.RequestOptions, 'origin' | 'path'> & {
  /** Default: undici's global dispatcher, as with undici's own `request`. */
  dispatcher?: DispatcherType
}

/** undici's `request(url, options)`: a full URL, then method, headers, body, signal, dispatcher. */
export function request(
  url: string,
  options: RequestOptions
): Promise<DispatcherType.ResponseData> {
  const { dispatcher = globalDispatcher.getGlobalDispatcher(), ...rest } = options
  const target = new URL(url)
  return dispatcher.request({
    ...rest,
    origin: target.origin,
    path: `${target.pathname}${target.search}`
  })
}
