import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { gitHostStep } from '../helpers/deploy-harness'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { DIST, runAction } from '../helpers/run-action'

// What a run loads of the built bundle, read as the bundle runs (not from the source's static
// imports): a preload registers a module hook that notes every file Node loads, and writes the
// list as the process exits. Each chunk of dist/ is known by the source files its map names.

jest.setTimeout(REAL_WORK_TEST_MS)

const DIST_DIR = dirname(DIST)
/** What a deploy without a gate, a bake or assistants may load, at the most. */
const PLAIN_DEPLOY_BUDGET_BYTES = 2_200_000
/** The JavaScript of dist/ (source maps not counted), at the most: 3 MiB. */
const BUNDLE_GUARD_BYTES = 3 * 1024 * 1024

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

/** Each JavaScript file of dist/, with its size and the source files its map names. */
function chunks(): { name: string; bytes: number; sources: string[] }[] {
  return readdirSync(DIST_DIR)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const map = JSON.parse(readFileSync(join(DIST_DIR, `${name}.map`), 'utf8')) as {
        sources: string[]
      }
      return {
        name,
        bytes: statSync(join(DIST_DIR, name)).size,
        sources: map.sources.map((source) => source.replace(/^(\.\.?\/)+/, ''))
      }
    })
}

/** The chunks carrying a file under any of `folders` (paths from the repository's root). */
const chunksOf = (folders: string[]) =>
  chunks()
    .filter(({ sources }) =>
      sources.some((source) => folders.some((folder) => source.startsWith(folder)))
    )
    .map(({ name }) => name)

let emulator: ControlPlaneEmulator
let recorder: string
beforeAll(async () => {
  emulator = await startControlPlane({ stepMs: 0 })
  recorder = mkdtempSync(join(tmpdir(), 'bundle-loads-'))
})
afterAll(async () => {
  await emulator.close()
  rmSync(recorder, { recursive: true, force: true })
})

/** A deploy with no release policy: the serving check only. Resolves to the dist/ files it loaded. */
async function plainDeploy(): Promise<string[]> {
  const { preload, file } = loadRecorder(recorder)
  const run = await runAction(
    { ...gitHostStep(emulator.url), 'api-key': 'emulator-key', 'poll-interval': '1' },
    { env: { NODE_OPTIONS: `--require ${preload}` } }
  )
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(run.outputs['revision-status']).toBe('DEPLOYED')
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((path) => dirname(path) === DIST_DIR && path.endsWith('.js'))
    .map((path) => basename(path))
}

describe('what a plain deploy loads of dist/', () => {
  it("loads none of the gate's, the bake's, the assistants', the parked threads' or the tracing client's chunks", async () => {
    const loaded = await plainDeploy()
    expect(loaded).toContain('index.js')
    // Each of them is a chunk of its own, which a run that asks for it loads. A step's folder
    // also holds its policy section's declaration, which every run loads with the policy
    // machinery: what is named here is the step's own code.
    const gate = chunksOf(['src/evaluation/gate.ts', 'src/evaluation/experiment.ts'])
    const bake = chunksOf(['src/bake/run.ts', 'src/bake/prepare.ts'])
    const assistants = chunksOf([
      'src/assistants/apply.ts',
      'src/assistants/restore.ts',
      'src/agent-server/assistants.ts'
    ])
    const threads = chunksOf([
      'src/threads/run.ts',
      'src/threads/compatibility.ts',
      'src/agent-server/threads.ts'
    ])
    const tracing = chunksOf(['src/tracing/client.ts'])
    for (const code of [gate, bake, assistants, threads, tracing]) {
      expect(code.length).toBeGreaterThan(0)
      expect(code).not.toContain('index.js')
    }
    expect(loaded.filter((name) => gate.includes(name))).toEqual([])
    expect(loaded.filter((name) => bake.includes(name))).toEqual([])
    expect(loaded.filter((name) => assistants.includes(name))).toEqual([])
    expect(loaded.filter((name) => threads.includes(name))).toEqual([])
    expect(loaded.filter((name) => tracing.includes(name))).toEqual([])
  })

  it('loads no YAML parser: nothing it reads is YAML', async () => {
    const loaded = await plainDeploy()
    const yaml = chunksOf(['node_modules/yaml/'])
    expect(yaml.length).toBeGreaterThan(0)
    expect(yaml).not.toContain('index.js')
    expect(loaded.filter((name) => yaml.includes(name))).toEqual([])
  })

  it('stays within its budget, and dist/ within its guard', async () => {
    const loaded = new Set(await plainDeploy())
    const all = chunks()
    const loadedBytes = all
      .filter(({ name }) => loaded.has(name))
      .reduce((sum, { bytes }) => sum + bytes, 0)
    expect(loadedBytes).toBeLessThan(PLAIN_DEPLOY_BUDGET_BYTES)
    expect(all.reduce((sum, { bytes }) => sum + bytes, 0)).toBeLessThan(BUNDLE_GUARD_BYTES)
  })
})
