import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { list as listTar } from 'tar'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { onClock, runDeploy } from '../helpers/deploy-harness'
import type { ConfigPartial } from '../helpers/config-fixture'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { MAX_ARCHIVE_BYTES } from '../../src/operations/source-archive'

jest.setTimeout(REAL_WORK_TEST_MS)

let emulator: ControlPlaneEmulator
let work: string
beforeEach(async () => {
  emulator = await startControlPlane({ ...onClock, stepMs: 10 })
  work = mkdtempSync(join(tmpdir(), 'source-deploy-'))
})
afterEach(async () => {
  await emulator.close()
  rmSync(work, { recursive: true, force: true })
})

/** An application folder with things that must not be uploaded. */
function makeApp(dir: string): void {
  mkdirSync(join(dir, 'src'), { recursive: true })
  mkdirSync(join(dir, 'dist'))
  mkdirSync(join(dir, '.git'))
  writeFileSync(join(dir, 'graph.json'), '{"graphs": {"agent": "./src/agent.js:graph"}}')
  writeFileSync(join(dir, 'src', 'agent.js'), 'export const graph = {}\n')
  writeFileSync(join(dir, 'package.json'), '{"name": "app"}')
  writeFileSync(join(dir, '.gitignore'), 'dist/\n*.log\n')
  writeFileSync(join(dir, 'dist', 'bundle.js'), 'built')
  writeFileSync(join(dir, 'debug.log'), 'noise')
  writeFileSync(join(dir, '.git', 'config'), '[core]')
  symlinkSync(join(dir, 'src', 'agent.js'), join(dir, 'link.js'))
  linkSync(join(dir, 'src', 'agent.js'), join(dir, 'src', 'hard.js'))
}

/** The entry paths of the tarball the emulator received. */
async function uploadedEntries(index = 0): Promise<string[]> {
  const upload = emulator.uploads()[index]
  if (!upload) throw new Error('nothing was uploaded')
  const file = join(work, `upload-${index}.tar.gz`)
  writeFileSync(file, upload.bytes)
  const entries: string[] = []
  await listTar({ file, onReadEntry: (entry) => entries.push(entry.path) })
  return entries.sort()
}

const sourceInputs = (dir: string) =>
  ({
    apiUrl: emulator.url,
    name: 'source-agent',
    source: 'internal_source',
    sourceDir: dir,
    graphConfigPath: 'graph.json'
  }) satisfies ConfigPartial

describe('internal_source deploys', () => {
  it('creates without a tarball, uploads, then waits for the revision the PATCH created', async () => {
    const app = join(work, 'app')
    mkdirSync(app)
    makeApp(app)
    const { result, outputs, log } = await runDeploy({
      ...sourceInputs(app),
      installCommand: 'npm ci',
      secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-1' }]
    })
    expect(result.outcome).toBe('deployed')
    expect(outputs.created).toBe('true')
    expect(
      emulator.requests
        .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, '{id}')}`)
        .filter((r) => !r.startsWith('GET'))
    ).toEqual([
      'POST /v2/deployments',
      'POST /v2/deployments/{id}/upload-url',
      'PUT /_upload',
      'PATCH /v2/deployments/{id}'
    ])
    const [post, , put, patch] = emulator.requests.filter((r) => r.method !== 'GET')
    expect(post?.body).toEqual({
      name: 'source-agent',
      source: 'internal_source',
      source_config: {},
      source_revision_config: { graph_config_path: 'graph.json' },
      secrets: []
    })
    expect(put?.headers).toMatchObject({ 'content-type': 'application/gzip' })
    expect(Number(put?.headers['content-length'])).toBe(emulator.uploads()[0]?.bytes.length)
    expect(put?.headers['x-api-key']).toBeUndefined()
    expect(patch?.body).toEqual({
      source_revision_config: {
        source_tarball_path: emulator.uploads()[0]?.objectPath,
        graph_config_path: 'graph.json'
      },
      source_config: { install_command: 'npm ci' },
      secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-1' }]
    })
    const [deployment] = emulator.deployments()
    expect(outputs['revision-id']).toBe(deployment?.latest_revision_id)
    expect(emulator.revisions(deployment?.id ?? '')).toHaveLength(1)
    expect(await uploadedEntries()).toEqual([
      '.gitignore',
      'graph.json',
      'package.json',
      'src/agent.js'
    ])
    expect(log).toContainEqual(
      expect.stringMatching(/^notice: Left out of the source tarball .*link\.js/)
    )
  })

  it('takes the file list from git in a work tree, and updates an existing deployment', async () => {
    const app = join(work, 'repo')
    mkdirSync(app)
    makeApp(app)
    rmSync(join(app, '.git'), { recursive: true })
    execFileSync('git', ['init', '-q', app])
    writeFileSync(join(app, '.git', 'info', 'exclude'), 'secret-notes.txt\n')
    writeFileSync(join(app, 'secret-notes.txt'), 'excluded by git')
    writeFileSync(join(app, 'untracked.js'), 'not yet added, not ignored')
    execFileSync('git', ['-C', app, 'add', 'graph.json', 'src/agent.js', '.gitignore'])
    const first = await runDeploy(sourceInputs(app))
    expect(first.result.outcome).toBe('deployed')
    const second = await runDeploy(sourceInputs(app))
    expect(second.result).toMatchObject({ outcome: 'deployed', created: false })
    expect(
      emulator.requests.filter((r) => r.method === 'POST' && r.path === '/v2/deployments')
    ).toHaveLength(1)
    expect(emulator.revisions(first.outputs['deployment-id'] ?? '')).toHaveLength(2)
    expect(second.outputs['revision-id']).not.toBe(first.outputs['revision-id'])
    const entries = await uploadedEntries(1)
    expect(entries).toEqual([
      '.gitignore',
      'graph.json',
      'package.json',
      'src/agent.js',
      'untracked.js'
    ])
    expect(entries.some((entry) => entry.startsWith('..') || entry.startsWith('/'))).toBe(false)
  })

  it('refuses a missing graph configuration before any request', async () => {
    const app = join(work, 'empty')
    mkdirSync(app)
    const { result } = await runDeploy(sourceInputs(app))
    expect(result.outcome).toBe('error')
    expect(result.message).toContain('graph-config-path: graph.json is not a file in source-dir')
    expect(emulator.requests).toEqual([])
    const missing = await runDeploy(sourceInputs(join(work, 'nowhere')))
    expect(missing.result.message).toContain('source-dir: ')
    expect(emulator.requests).toEqual([])
  })

  // The service's limit is 200 MB; packing that much is seconds of CPU, so the run is given a
  // limit of 4 MB (the same check, the same refusal) and a folder that packs to a little more.
  it('refuses a tarball over the size limit, naming the largest files, before any request', async () => {
    const app = join(work, 'big')
    mkdirSync(app)
    writeFileSync(join(app, 'graph.json'), '{}')
    // Random bytes do not compress: four files of 1.02 MiB pack to more than 4 MiB.
    for (const name of ['a.bin', 'b.bin', 'c.bin', 'd.bin'])
      writeFileSync(join(app, name), randomBytes(1.02 * 1024 * 1024))
    const { result } = await runDeploy(sourceInputs(app), { sourceMaxBytes: 4 * 1024 * 1024 })
    expect(result.outcome).toBe('error')
    expect(result.message).toMatch(
      /source-dir: packs to 4\.\d MB, over the service's limit of 4\.0 MB\. Largest files: a\.bin \(1\.0 MB\)/
    )
    expect(emulator.requests).toEqual([])
    // Without the test's limit, the service's (service-notes: 200 MB).
    expect(MAX_ARCHIVE_BYTES).toBe(200 * 1024 * 1024)
  })
})
