import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import {
  BUNDLE_GUARD_BYTES,
  chunks,
  plainDeploy as deployPlainly,
  PLAIN_DEPLOY_BUDGET_BYTES
} from '../helpers/dist-loads'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

// What a run loads of the built bundle, read as the bundle runs (not from the source's static
// imports): ../helpers/dist-loads.ts records every file Node loads. Each chunk of dist/ is known
// by the source files its map names.

jest.setTimeout(REAL_WORK_TEST_MS)

/** The chunks carrying a file under any of `folders` (paths from the repository's root). */
const chunksOf = (folders: string[]) =>
  chunks()
    .filter(({ sources }) =>
      sources.some((source) => folders.some((folder) => source.startsWith(folder)))
    )
    .map(({ name }) => name)

let emulator: ControlPlaneEmulator
beforeAll(async () => {
  emulator = await startControlPlane({ stepMs: 0 })
})
afterAll(async () => {
  await emulator.close()
})

/** A deploy with no release policy: the serving check only. Resolves to the dist/ files it loaded. */
async function plainDeploy(): Promise<string[]> {
  const { run, loaded } = await deployPlainly(emulator.url)
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  expect(run.outputs['revision-status']).toBe('DEPLOYED')
  return loaded
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
    // The agent server's retrying exchange is the code the assistants' and the threads' steps share.
    const assistants = chunksOf([
      'src/assistants/apply.ts',
      'src/assistants/restore.ts',
      'src/agent-server/assistants.ts',
      'src/agent-server/retrying.ts'
    ])
    const threads = chunksOf([
      'src/threads/run.ts',
      'src/threads/compatibility.ts',
      'src/agent-server/threads.ts',
      'src/agent-server/retrying.ts'
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

describe('what dist/ holds', () => {
  // A module that two chunks need, where neither is loaded before the other, is copied into both:
  // what several first uses share is loaded from one chunk (the import sites of GitHub's code and
  // of the policy's reader name theirs, and the assistants' and the threads' code share one).
  it("carries each source file in one chunk, but the fetch of GitHub's calls", () => {
    const carriers = new Map<string, string[]>()
    for (const { name, sources } of chunks())
      for (const source of sources) carriers.set(source, [...(carriers.get(source) ?? []), name])
    const twice = [...carriers].filter(([, names]) => names.length > 1).map(([source]) => source)
    // The real world's fetch for GitHub loads on its own (a few lines), before the GitHub code
    // that also carries it.
    expect(twice.sort()).toEqual(['src/github/fetch.ts'])
  })
})
