import { expect } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { loadPolicy, type LoadedPolicy } from '../../src/policy/load'
import type { PolicyProblem } from '../../src/policy-kit/problems'

/** A workspace under the OS temp folder that the policy tests write their files into. */
export class PolicyWorkspace {
  readonly root = mkdtempSync(join(tmpdir(), 'policy-'))

  write(path: string, text: string | Buffer): string {
    mkdirSync(dirname(join(this.root, path)), { recursive: true })
    writeFileSync(join(this.root, path), text)
    return path
  }

  /** The policy's problems as `line:col message` (all on the policy's file; no place: the file itself). */
  async problems(path: string): Promise<string[]> {
    const loaded = await loadPolicy(path, this.root)
    if (loaded.policy) throw new Error('the policy was accepted')
    return loaded.problems.map((p: PolicyProblem) => {
      expect(p.file).toBe(path)
      return p.line === undefined ? p.message : `${p.line}:${p.col} ${p.message}`
    })
  }

  async load(path: string): Promise<LoadedPolicy> {
    const loaded = await loadPolicy(path, this.root)
    if (loaded.policy === undefined)
      throw new Error(
        `the policy was refused:\n${loaded.problems.map((p) => p.message).join('\n')}`
      )
    return loaded.policy
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true })
  }
}

/** YAML from lines, so a test reads the line numbers it asserts. */
export const lines = (...text: string[]) => `${text.join('\n')}\n`
