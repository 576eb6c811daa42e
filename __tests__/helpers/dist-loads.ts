import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { gitHostStep } from './step-inputs'
import { DIST, runAction, type ActionRun } from './run-action'

// What a run loads of the built bundle, read as the bundle runs (not from the source's static
// imports): a preload registers a module hook that notes every file Node loads, and writes the
// list as the process exits. Each chunk of dist/ is known by the source files its map names.
// Shared by __tests__/bundle/loads.test.ts (the budgets) and `npm run bench` (the figures).

export const DIST_DIR = dirname(DIST)
/** What a deploy without a gate, a bake or assistants may load, at the most. */
export const PLAIN_DEPLOY_BUDGET_BYTES = 2_200_000
/** The JavaScript of dist/ (source maps not counted), at the most: 3 MiB. */
export const BUNDLE_GUARD_BYTES = 3 * 1024 * 1024
/**
 * A file of JavaScript: the chunks, and any other script ncc puts beside them (its
 * source-map-support, sourcemap-register.cjs, when a build ships it).
 */
const JAVASCRIPT = /\.[cm]?js$/

/** A preload noting each file the process loads (CommonJS or ES module), written at exit. */
function loadRecorder(dir: string): { preload: string; file: string } {
  const file = join(dir, 'loaded')
  const preload = join(dir, 'record-loads.cjs')
  writeFileSync(
    preload,
    [
      "const { registerHooks } = require('node:module')",
      "const { writeFileSync } = require('node:fs')",
      "const { fileURLToPath } = require('node:url')",
      'const loaded = new Set()',
      'registerHooks({',
      '  load(url, context, nextLoad) {',
      "    if (url.startsWith('file:')) loaded.add(fileURLToPath(url))",
      '    return nextLoad(url, context)',
      '  }',
      '})',
      `process.on('exit', () => writeFileSync(${JSON.stringify(file)}, [...loaded].join('\\n')))`
    ].join('\n')
  )
  return { preload, file }
}

export interface Chunk {
  name: string
  bytes: number
  /** The source files its map names (paths from the repository's root), if it has one. */
  sources: string[]
}

/** Each JavaScript file of dist/, with its size and the source files its map names (if any). */
export function chunks(): Chunk[] {
  return readdirSync(DIST_DIR)
    .filter((name) => JAVASCRIPT.test(name))
    .map((name) => {
      const mapFile = join(DIST_DIR, `${name}.map`)
      const map = existsSync(mapFile)
        ? (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] })
        : { sources: [] }
      return {
        name,
        bytes: statSync(join(DIST_DIR, name)).size,
        sources: map.sources.map((source) => source.replace(/^(\.\.?\/)+/, ''))
      }
    })
}

/** The bytes of the chunks named. */
export const bytesOf = (names: Iterable<string>): number => {
  const wanted = new Set(names)
  return chunks()
    .filter(({ name }) => wanted.has(name))
    .reduce((sum, { bytes }) => sum + bytes, 0)
}

/**
 * A deploy with no release policy (the serving check only) against the control plane at `apiUrl`,
 * run as a runner runs dist/index.js: the run, and the files of dist/ it loaded.
 */
export async function plainDeploy(apiUrl: string): Promise<{ run: ActionRun; loaded: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'dist-loads-'))
  try {
    const { preload, file } = loadRecorder(dir)
    const run = await runAction(
      { ...gitHostStep(apiUrl), 'api-key': 'emulator-key', 'poll-interval': '1' },
      { env: { NODE_OPTIONS: `--require ${preload}` } }
    )
    const loaded = readFileSync(file, 'utf8')
      .split('\n')
      .filter((path) => dirname(path) === DIST_DIR && JAVASCRIPT.test(path))
      .map((path) => basename(path))
    return { run, loaded }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
