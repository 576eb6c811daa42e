// undici's own files, imported by src/http.ts; their types are undici's public ones.
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici'
  export default Dispatcher
}

declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import { EnvHttpProxyAgent } from 'undici'
  export default EnvHttpProxyAgent
}

declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici'
  const api: Pick<Dispatcher, 'request' | 'stream' | 'pipeline' | 'upgrade' | 'connect'>
  export default api
}

declare module 'undici/lib/global.js' {
  import type { Dispatcher } from 'undici'
  const global: {
    getGlobalDispatcher(): Dispatcher
    setGlobalDispatcher(dispatcher: Dispatcher): void
  }
  export default global
}
