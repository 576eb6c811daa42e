import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Git repositories made by a test, under the OS temp folder, with no user configuration. */

/** Runs git in `cwd` as a fixed user, `main` the default branch; its stdout, trimmed. */
export function git(cwd: string, ...args: string[]): string {
  const result = spawnSync(
    'git',
    [
      '-c',
      'user.name=test',
      '-c',
      'user.email=test@local',
      '-c',
      'init.defaultBranch=main',
      ...args
    ],
    { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: cwd } }
  )
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`)
  return result.stdout.trim()
}

/** Writes `file` and commits it with `text` as its message; the new commit's SHA. */
export function commit(cwd: string, file: string, text: string): string {
  writeFileSync(join(cwd, file), text)
  git(cwd, 'add', '-A')
  git(cwd, 'commit', '-qm', text)
  return git(cwd, 'rev-parse', 'HEAD')
}

/** New empty folders under one temp folder; `remove` deletes them all. */
export function tempFolders(prefix: string): { folder: () => string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), prefix))
  let count = 0
  return {
    folder: () => {
      const path = join(root, String(count++))
      mkdirSync(path)
      return path
    },
    remove: () => rmSync(root, { recursive: true, force: true })
  }
}
