import vm from 'node:vm'

/**
 * V8's code cache for the modules jest compiles in a worker. Under --experimental-vm-modules jest
 * compiles every module a test file loads again for that file (src/, the helpers, the emulator,
 * and packages such as undici, zod, ajv and yaml: several hundred modules a file), in the file's
 * own context. The compiled code does not depend on the context: each module's first compile in a
 * worker keeps V8's cache of it here, and the next files that load the same source hand it back
 * to V8, which then skips parsing and compiling what it holds. Only the same source (compared in
 * full) gets the cache; what runs, and in which context, is unchanged.
 *
 * Installed once per worker by the test environment, before jest's runtime compiles anything:
 * jest reads `vm.compileFunction` (CommonJS) and `vm.SourceTextModule` (ES modules) from the vm
 * module when it compiles.
 */
export function installCodeCache(): void {
  if (installed) return
  installed = true
  installForFunctions()
  installForModules()
}

let installed = false

interface Kept {
  code: string
  data: Buffer
}

function installForFunctions(): void {
  const kept = new Map<string, Kept>()
  const compile = vm.compileFunction
  vm.compileFunction = ((code, params, options) => {
    const key = options?.filename
    const hit = key === undefined ? undefined : kept.get(key)
    const cachedData = hit?.code === code ? hit.data : undefined
    const compiled = compile(code, params, {
      ...options,
      cachedData,
      produceCachedData: cachedData === undefined && key !== undefined
    })
    const made = (compiled as { cachedData?: Buffer }).cachedData
    if (key !== undefined && cachedData === undefined && made) kept.set(key, { code, data: made })
    return compiled
  }) as typeof vm.compileFunction
}

/** Node has it (since 13.7); its types for vm.SourceTextModule do not name it. */
interface CachingModule {
  createCachedData(): Buffer
}

function installForModules(): void {
  const kept = new Map<string, Kept>()
  class CachedSourceTextModule extends vm.SourceTextModule {
    constructor(code: string, options?: vm.SourceTextModuleOptions) {
      const key = options?.identifier
      const hit = key === undefined ? undefined : kept.get(key)
      const cachedData = hit?.code === code ? hit.data : undefined
      super(code, cachedData === undefined ? options : { ...options, cachedData })
      if (key !== undefined && cachedData === undefined)
        kept.set(key, { code, data: (this as unknown as CachingModule).createCachedData() })
    }
  }
  vm.SourceTextModule = CachedSourceTextModule
}
