/**
 * The parts of undici the action uses, from its public API: `request(url, options)` (a full URL,
 * then method, headers, body, signal and dispatcher, undici's global dispatcher by default) and
 * the agent that honours HTTP(S)_PROXY and NO_PROXY. undici is pinned to an exact version.
 */
export { EnvHttpProxyAgent, request, type Dispatcher } from 'undici'
