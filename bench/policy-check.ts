/**
 * Checking the release policy at its caps, as `operation: validate` checks it (the loader, no
 * request): a 1 MiB policy that names a 4 MiB case file under 600 spellings of its path and a
 * 1 MiB assistants file, and a policy of 60,000 unknown keys. Checking is linear in what is read,
 * so each takes a second or two at the most.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { loadPolicy, MAX_POLICY_BYTES } from '../src/policy/load'
import { MAX_CASES, MAX_FILE_BYTES } from '../src/smoke/cases'
import { MAX_ENTRIES, MAX_ENTRIES_FILE_BYTES } from '../src/assistants/entries'

const SPELLINGS = 600
const UNKNOWN_KEYS = 60_000

export interface PolicyCheckFigures {
  spellings: number
  caseFileBytes: number
  assistantsFileBytes: number
  policyBytes: number
  /** The policy naming both files, checked (wall, and CPU time: the machine may be shared). */
  namedMs: number
  namedCpuMs: number
  accepted: boolean
  unknownKeys: number
  unknownKeysBytes: number
  /** The policy of unknown keys, checked: each said. */
  unknownMs: number
  unknownCpuMs: number
  problems: number
}

/** A case file just under its cap: MAX_CASES cases, each message filling its share. */
function caseFile(): string {
  const room = Math.floor((MAX_FILE_BYTES - 1024) / MAX_CASES) - 80
  return Array.from(
    { length: MAX_CASES },
    (_, index) => `- name: case-${index}\n  message: "${'m'.repeat(room)}"\n  expect: echo\n`
  ).join('')
}

/** An assistants file just under its cap: MAX_ENTRIES entries, each config filling its share. */
function assistantsFile(): string {
  const room = Math.floor((MAX_ENTRIES_FILE_BYTES - 1024) / MAX_ENTRIES) - 80
  return Array.from(
    { length: MAX_ENTRIES },
    (_, index) =>
      `- name: assistant-${index}\n  graph-id: agent\n  config: { configurable: { prompt: "${'p'.repeat(room)}" } }\n`
  ).join('')
}

/** A policy naming the case file under `SPELLINGS` spellings (one entry each) and the assistants. */
function namingPolicy(): string {
  const spelling = (index: number) =>
    `${'./'.repeat(index % 300)}${index >= 300 ? 'x//' : 'x/'}cases.yml`
  const entries = Array.from(
    { length: SPELLINGS },
    (_, index) => `  env-${index}:\n    smoke: { cases: "${spelling(index)}" }\n`
  ).join('')
  return [
    'version: 1',
    'agent:',
    '  assistant: agent',
    'smoke:',
    '  cases: x/cases.yml',
    'assistants:',
    '  entries: assistants.yml',
    'environments:',
    entries
  ].join('\n')
}

function unknownKeysPolicy(): string {
  const keys = Array.from({ length: UNKNOWN_KEYS }, (_, index) => `  k${index}: 1`).join('\n')
  return `version: 1\nagent:\n${keys}\n`
}

/** What `work` returns, its wall time and the process's CPU time over it (ms). */
async function timed<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const value = await work()
  const wall = performance.now() - started
  const used = process.cpuUsage(cpu)
  return [value, wall, (used.user + used.system) / 1000]
}

export async function benchPolicyCheck(): Promise<PolicyCheckFigures> {
  const workspace = mkdtempSync(join(tmpdir(), 'bench-policy-'))
  try {
    const files = {
      'x/cases.yml': caseFile(),
      'assistants.yml': assistantsFile(),
      'policy.yml': namingPolicy(),
      'unknown.yml': unknownKeysPolicy()
    }
    mkdirSync(join(workspace, 'x'))
    for (const [path, text] of Object.entries(files)) writeFileSync(join(workspace, path), text)
    for (const [path, text] of Object.entries(files)) {
      const bytes = Buffer.byteLength(text)
      const cap = path === 'x/cases.yml' ? MAX_FILE_BYTES : MAX_POLICY_BYTES
      if (bytes > cap) throw new Error(`${path} is ${bytes} bytes, over its cap ${cap}`)
    }
    const [named, namedMs, namedCpuMs] = await timed(() => loadPolicy('policy.yml', workspace))
    const [unknown, unknownMs, unknownCpuMs] = await timed(() =>
      loadPolicy('unknown.yml', workspace)
    )
    return {
      spellings: SPELLINGS,
      caseFileBytes: Buffer.byteLength(files['x/cases.yml']),
      assistantsFileBytes: Buffer.byteLength(files['assistants.yml']),
      policyBytes: Buffer.byteLength(files['policy.yml']),
      namedMs,
      namedCpuMs,
      accepted: named.policy !== undefined,
      unknownKeys: UNKNOWN_KEYS,
      unknownKeysBytes: Buffer.byteLength(files['unknown.yml']),
      unknownMs,
      unknownCpuMs,
      problems: unknown.problems.length
    }
  } finally {
    rmSync(workspace, { recursive: true, force: true })
  }
}
