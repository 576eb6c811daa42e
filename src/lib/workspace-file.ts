import { constants } from 'node:fs'
import { open, realpath, stat } from 'node:fs/promises'
import { isAbsolute, relative, resolve, sep } from 'node:path'

/**
 * A file of the repository read by a path the workflow (or a file in the repository) wrote: the
 * case file, the release policy. A pull request can commit a symbolic link or a `..`, and what the
 * file holds steers the deploy, so the file must be inside the workspace, and it is read with its
 * bytes counted.
 */
export type WorkspaceFile =
  | { bytes: Buffer; problem?: undefined }
  | {
      bytes?: undefined
      problem: string
      kind: 'outside' | 'unreadable' | 'too-large' | 'not-a-file' | 'git'
    }

/** Why a path is refused by its name alone: absolute, or climbing out with "..". */
export function outsideByName(path: string): string | undefined {
  if (isAbsolute(path) || /^[a-z]:/i.test(path) || path.startsWith('\\'))
    return 'is an absolute path'
  if (path.split(/[\\/]/).includes('..')) return 'climbs out of its folder with ".."'
  return undefined
}

/**
 * Whether a path leads into the checkout's `.git/` (its config may hold the persisted token):
 * never a file the repository's policy names, whatever its case.
 */
function insideGit(path: string): boolean {
  return path.split(/[\\/]/).some((part) => part.toLowerCase() === '.git')
}

const GIT_PROBLEM = (path: string) =>
  `${path} is inside .git/, the checkout's own files (they may hold its credential), not the repository's; name a file of the repository`

/** What a path that is not a regular file is, by its type (found without opening it). */
function typeWords(info: {
  isDirectory(): boolean
  isFIFO(): boolean
  isSocket(): boolean
  isBlockDevice(): boolean
  isCharacterDevice(): boolean
}): string {
  if (info.isDirectory()) return 'a directory'
  if (info.isFIFO()) return 'a FIFO (a named pipe)'
  if (info.isSocket()) return 'a socket'
  if (info.isBlockDevice() || info.isCharacterDevice()) return 'a device'
  return 'not a regular file'
}

/**
 * Reads `path`, relative to `workspace` (the runner's GITHUB_WORKSPACE, else the working
 * directory), at most `maxBytes`; `what` names the file in a sentence ("the case file"). Never throws: every way it can fail is a sentence that starts
 * with the path.
 */
export async function readWorkspaceFile(
  path: string,
  workspace: string | undefined,
  limits: { maxBytes: number; what: string }
): Promise<WorkspaceFile> {
  const { maxBytes, what } = limits
  const refused = outsideByName(path)
  if (refused)
    return {
      kind: 'outside',
      problem: `${path} ${refused}; give a path inside the workspace, relative to it`
    }
  if (insideGit(path)) return { kind: 'git', problem: GIT_PROBLEM(path) }
  try {
    const root = await realpath(workspace ?? process.cwd())
    // Symbolic links followed: where the file really is must still be inside the workspace.
    const fullPath = await realpath(resolve(root, path))
    const inside = relative(root, fullPath)
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
      return {
        kind: 'outside',
        problem: `${path} leads outside the workspace (a symbolic link to a file elsewhere); ${what} must be in the repository`
      }
    if (insideGit(inside)) return { kind: 'git', problem: GIT_PROBLEM(path) }
    // Only a regular file is opened: a FIFO would block the run until something writes to it.
    const info = await stat(fullPath)
    if (!info.isFile())
      return {
        kind: 'not-a-file',
        problem: `${path} is ${typeWords(info)}, not a file; ${what} must be a file`
      }
    const bytes = await readCapped(fullPath, maxBytes)
    if (bytes === undefined)
      return { kind: 'not-a-file', problem: `${path} is not a file; ${what} must be a file` }
    if (bytes === TOO_LARGE)
      return { kind: 'too-large', problem: `${path} is more than ${formatBytes(maxBytes)}` }
    return { bytes }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? 'there is no such file' : (code ?? String(error))
    return {
      kind: 'unreadable',
      problem: `${path} cannot be read (${why}); the path is relative to the workspace`
    }
  }
}

const formatBytes = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`

const TOO_LARGE = Symbol('too large')
/** Windows has no O_NONBLOCK (nor FIFOs in the workspace). */
const NON_BLOCKING = (constants.O_NONBLOCK as number | undefined) ?? 0

/**
 * The file's bytes, counted as they are read: a size from `stat` is not trusted (a /proc file
 * says 0 bytes and goes on). Undefined when it is not a regular file.
 */
async function readCapped(
  fullPath: string,
  maxBytes: number
): Promise<Buffer | undefined | typeof TOO_LARGE> {
  // Non-blocking, should the path have turned into a FIFO since it was seen a file.
  const handle = await open(fullPath, constants.O_RDONLY | NON_BLOCKING)
  try {
    if (!(await handle.stat()).isFile()) return undefined
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024)
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null)
      if (bytesRead === 0) break
      total += bytesRead
      if (total > maxBytes) return TOO_LARGE
      chunks.push(chunk.subarray(0, bytesRead))
    }
    return Buffer.concat(chunks)
  } finally {
    await handle.close()
  }
}
