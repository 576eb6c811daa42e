/**
 * The house rule "no file over 400 lines" (STYLE.md: each file small enough to read in one
 * sitting), checked on every tracked TypeScript file, so that a file growing past it fails the
 * suite when it happens rather than when someone next counts.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const MAX_LINES = 400
const FOLDERS = ['src', 'emulator', 'scripts', 'bench', '__tests__']

/** Tracked files only: what git knows, not what a run or an editor left behind. */
function trackedTypeScript(): string[] {
  const pathspecs = FOLDERS.map((folder) => `${folder}/*.ts`)
  const out = execFileSync('git', ['ls-files', '-z', '--', ...pathspecs], {
    cwd: ROOT,
    encoding: 'utf8'
  })
  return out.split('\0').filter((path) => path !== '')
}

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(text: string): number {
  const lines = text.split('\n').length
  return text.endsWith('\n') ? lines - 1 : lines
}

describe('house rules', () => {
  it('finds the tracked TypeScript files it is meant to check', () => {
    const files = trackedTypeScript()
    // A pathspec or cwd gone wrong would list nothing, and the rule below would pass vacuously.
    expect(files).toContain('src/main.ts')
    expect(files).toContain('emulator/control-plane.ts')
    expect(files).toContain('__tests__/helpers/action-world.ts')
  })

  it(`has no tracked .ts file over ${MAX_LINES} lines`, () => {
    const tooLong = trackedTypeScript()
      .map((path) => ({ path, lines: lineCount(readFileSync(join(ROOT, path), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`)
    expect(tooLong).toEqual([])
  })
})
