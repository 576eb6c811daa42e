import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

// What only some runs need loads on first use: a dynamic import(), which the bundler makes a chunk
// of its own. Read here as the bundler reads it: each file transpiled (type-only imports gone),
// then its static imports followed.
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s*'(\.[^']+)'|^\s*import\s*'(\.[^']+)'/gm

/** Each file's static imports, read once for all the tests (transpiling is most of their time). */
const importsOf = new Map<string, string[]>()

function staticImports(file: string): string[] {
  const known = importsOf.get(file)
  if (known) return known
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    fileName: file
  })
  const imports = [...outputText.matchAll(STATIC_IMPORT)].map((match) => {
    const base = join(dirname(file), match[1] ?? match[2] ?? '')
    return [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(path)) ?? base
  })
  importsOf.set(file, imports)
  return imports
}

/** The files of src/ that loading `start` loads, as paths from the repository's root. */
function loadedWith(start: string): Set<string> {
  const seen = new Set<string>()
  const queue = [join(ROOT, start)]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const name = relative(ROOT, file)
    if (seen.has(name)) continue
    seen.add(name)
    queue.push(...staticImports(file))
  }
  return seen
}

// The policy machinery loads every section's declaration (a module of its step's folder that
// loads none of the step's code): what a run must not load is the rest of a step's folder.
const declarations = loadedWith('src/policy/sections.ts')

// A step's renderer row loads with the list of steps (what a run reads of every step), its row
// when a run deploys (the list's import() of it lands in the execution's chunk), and what they
// load of the step's folder beside them: the step's code is what they load on first use.
const STEP_FOLDERS = [
  'src/agent-checks/',
  'src/smoke/',
  'src/evaluation/',
  'src/bake/',
  'src/assistants/',
  'src/threads/'
]
const LISTED_ROWS = [
  ...readFileSync(join(ROOT, 'src/steps.ts'), 'utf8').matchAll(
    /import\(\/\* webpackChunkName: "execute" \*\/ '\.\/([^']+)'\)/g
  )
].map((match) => `src/${match[1]}.ts`)
/** What a deploy loads: the execution's chunk, the listed steps' rows in it. */
const deployLoads = () =>
  new Set([...loadedWith('src/execute.ts'), ...LISTED_ROWS.flatMap((row) => [...loadedWith(row)])])
const rows = new Set(
  [
    ...loadedWith('src/after-deploy/checks.ts'),
    ...loadedWith('src/report/step-rows.ts'),
    ...LISTED_ROWS.flatMap((row) => [...loadedWith(row)])
  ].filter((file) => STEP_FOLDERS.some((folder) => file.startsWith(folder)))
)

const underAny = (files: Set<string>, folders: string[]) =>
  [...files]
    .filter((file) => !declarations.has(file) && !rows.has(file))
    .filter((file) => folders.some((folder) => file.startsWith(folder)))
    .sort()

describe('what loads on first use', () => {
  it("the sections' declarations load none of their steps' code, nor a client", () => {
    const loaded = [...declarations]
    const folders = ['src/tracing/', 'src/agent-server/', 'src/control-plane/', 'src/after-deploy/']
    expect(loaded.filter((file) => folders.some((folder) => file.startsWith(folder)))).toEqual([])
    const of = (folder: string) => loaded.filter((file) => file.startsWith(folder)).sort()
    // The bake's time budget (its bound past `timeout`) loads with its declaration.
    expect(of('src/bake/')).toEqual(['src/bake/section.ts', 'src/bake/windows.ts'])
    expect(of('src/evaluation/')).toEqual([
      'src/evaluation/policy-values.ts',
      'src/evaluation/section.ts'
    ])
    expect(of('src/assistants/')).toEqual([
      'src/assistants/entries.ts',
      'src/assistants/section.ts'
    ])
  })

  it("the list of steps loads of a step's folder its row, its renderer and what they share", () => {
    // Each row of the list, found where the list imports it (a scan gone wrong finds none).
    expect(LISTED_ROWS.sort()).toEqual([
      'src/agent-checks/step.ts',
      'src/assistants/step.ts',
      'src/bake/step.ts',
      'src/evaluation/step.ts',
      'src/smoke/step.ts',
      'src/threads/step.ts'
    ])
    expect([...rows].sort()).toEqual([
      'src/agent-checks/checks.ts',
      'src/agent-checks/report.ts',
      'src/agent-checks/section.ts',
      'src/agent-checks/step.ts',
      'src/assistants/entries.ts',
      'src/assistants/report.ts',
      'src/assistants/section.ts',
      'src/assistants/step.ts',
      'src/bake/report.ts',
      'src/bake/step.ts',
      'src/bake/words.ts',
      'src/evaluation/report.ts',
      'src/evaluation/step.ts',
      'src/smoke/cases.ts',
      'src/smoke/report.ts',
      'src/smoke/step.ts',
      'src/smoke/suite.ts',
      'src/threads/payload.ts',
      'src/threads/report.ts',
      'src/threads/step.ts'
    ])
  })

  it('every run loads the inputs and the report, never the operations', () => {
    const everyRun = loadedWith('src/index.ts')
    expect(everyRun).toContain('src/main.ts')
    expect(everyRun).toContain('src/inputs/parse.ts')
    expect(
      underAny(everyRun, ['src/execute.ts', 'src/operations/deploy', 'src/evaluation/'])
    ).toEqual([])
  })

  it('a deploy loads neither the gate, the tracing client nor the GitHub records', () => {
    const deploy = deployLoads()
    expect(deploy).toContain('src/safe-delivery.ts')
    expect(deploy).toContain('src/evaluation/step.ts')
    expect(deploy).toContain('src/agent-server/exchange.ts')
    expect(
      underAny(deploy, [
        'src/evaluation/',
        'src/tracing/',
        'src/github/',
        'src/operations/source-archive'
      ])
    ).toEqual([])
  })

  it("a deploy without assistants.entries loads neither the assistants' code nor their client", () => {
    const deploy = deployLoads()
    expect(deploy).toContain('src/assistants/step.ts')
    expect(underAny(deploy, ['src/assistants/', 'src/agent-server/assistants'])).toEqual([])
  })

  it('a deploy loads of the bake only its time budget and words, never the bake itself', () => {
    const deploy = deployLoads()
    expect(deploy).toContain('src/bake/step.ts')
    // Its time budget loads with its declaration, its words with its renderer row (above).
    expect(underAny(deploy, ['src/bake/'])).toEqual([])
  })
})
