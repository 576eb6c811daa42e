import { execFile } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { lstat, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, posix, relative, resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import ignore, { type Ignore } from 'ignore'
import { create as createTar } from 'tar'
import { formatBytes } from '../lib/bytes'
import { DeadlineError } from '../control-plane/errors'
import type { Config } from '../inputs/parse'
import { InputError } from '../inputs/parse'

/** The service's limit for an uploaded tarball, and the size above which the action warns. */
export const MAX_ARCHIVE_BYTES = 200 * 1024 * 1024
export const WARN_ARCHIVE_BYTES = 50 * 1024 * 1024
/**
 * tar reads files in pieces of up to 16 MB by default; smaller pieces keep packing memory flat
 * (peak RSS of the bench's 197-MB folder on Node 24: 158 MB at 1 MB, 142 MB at 256 kB, in about
 * the same time).
 */
const READ_SIZE = 256 * 1024

export interface SourceArchive {
  /** The gzip tarball on disk; remove it with `dispose`. */
  path: string
  bytes: number
  files: string[]
  /** Paths left out because they are links or would escape the archive root. */
  skipped: string[]
  dispose(): Promise<void>
}

export interface ArchiveEntry {
  path: string
  bytes: number
}

/**
 * Checks, before anything is sent, that `source-dir` is a folder and `graph-config-path` a file
 * inside it.
 */
export async function checkSourceDir(config: Config): Promise<void> {
  const dir = resolve(config.sourceDir)
  const dirStat = await stat(dir).catch(() => undefined)
  if (!dirStat?.isDirectory()) {
    throw new InputError([{ input: 'source-dir', message: `${config.sourceDir} is not a folder` }])
  }
  if (config.graphConfigPath === undefined) return
  const configPath = resolve(dir, config.graphConfigPath)
  if (relative(dir, configPath).startsWith('..')) {
    throw new InputError([
      {
        input: 'graph-config-path',
        message: `${config.graphConfigPath} is outside source-dir ${config.sourceDir}`
      }
    ])
  }
  const configStat = await stat(configPath).catch(() => undefined)
  if (!configStat?.isFile()) {
    throw new InputError([
      {
        input: 'graph-config-path',
        message: `${config.graphConfigPath} is not a file in source-dir ${config.sourceDir} (it is read relative to source-dir)`
      }
    ])
  }
}

/**
 * Lists the files of `dir` to upload: what git would commit when the folder is in a git work tree
 * (tracked and untracked-but-not-ignored files), otherwise every file not matched by a
 * `.gitignore` in the folder or above it within the folder. `.git` is always left out.
 */
export async function listSourceFiles(
  dir: string,
  signal: AbortSignal = new AbortController().signal
): Promise<string[]> {
  const fromGit = await gitFiles(dir, signal)
  const files = fromGit ?? (await walk(dir, '', [], signal))
  return files.filter((file) => !file.split('/').includes('.git')).sort()
}

async function gitFiles(dir: string, signal: AbortSignal): Promise<string[] | undefined> {
  try {
    const run = promisify(execFile)
    const inside = await run('git', ['-C', dir, 'rev-parse', '--is-inside-work-tree'], { signal })
    if (inside.stdout.trim() !== 'true') return undefined
    const listed = await run(
      'git',
      ['-C', dir, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { maxBuffer: 256 * 1024 * 1024, signal }
    )
    return listed.stdout.split('\0').filter((file) => file !== '')
  } catch {
    // Stopped by the deadline or a cancel: not a reason to walk the folder instead.
    signal.throwIfAborted()
    return undefined
  }
}

async function walk(
  root: string,
  sub: string,
  rules: { base: string; ig: Ignore }[],
  signal: AbortSignal
): Promise<string[]> {
  signal.throwIfAborted()
  const here = join(root, sub)
  const gitignore = await readFile(join(here, '.gitignore'), 'utf8').catch(() => undefined)
  const scoped =
    gitignore === undefined ? rules : [...rules, { base: sub, ig: ignore().add(gitignore) }]
  const ignored = (path: string, isDir: boolean) =>
    scoped.some(({ base, ig }) => {
      const inBase = base === '' ? path : posix.relative(base, path)
      return ig.ignores(isDir ? `${inBase}/` : inBase)
    })
  const files: string[] = []
  for (const entry of await readdir(here, { withFileTypes: true })) {
    const path = sub === '' ? entry.name : `${sub}/${entry.name}`
    if (entry.name === '.git' || ignored(path, entry.isDirectory())) continue
    if (entry.isDirectory()) files.push(...(await walk(root, path, scoped, signal)))
    else files.push(path)
  }
  return files
}

/** What bounds the packing: the run's deadline (epoch ms), the job's cancel, the size. */
export interface PackLimits {
  deadline?: number
  now?: () => number
  signal?: AbortSignal
  /** The size over which the tarball is refused: the service's limit unless given. */
  maxBytes?: number
}

/**
 * Packs the folder into a gzip tarball in a temp folder (under RUNNER_TEMP on a runner), streamed
 * from disk to disk. Symbolic links, hard links and paths that would leave the folder are left
 * out (a file with several names is packed once, under the first). Refuses a tarball over the
 * service's limit, naming the largest files. Listing and packing stop when the run's deadline
 * passes (a DeadlineError) or the job is cancelled.
 */
export async function packSource(
  dir: string,
  tempRoot = process.env.RUNNER_TEMP || tmpdir(),
  limits: PackLimits = {}
): Promise<SourceArchive> {
  const root = resolve(dir)
  const signal = packSignal(limits)
  try {
    return await pack(root, tempRoot, signal, limits.maxBytes ?? MAX_ARCHIVE_BYTES)
  } catch (error) {
    if (signal.aborted && signal.reason instanceof DeadlineError) throw signal.reason
    throw error
  }
}

/**
 * Aborted when the deadline passes (its reason a DeadlineError) or the caller's signal is. The
 * time left is read on the run's clock and waited in real time: packing is work on this machine
 * (git, the disk), which a test's virtual clock cannot see, so it may not jump past it.
 */
function packSignal({ deadline, now = Date.now, signal }: PackLimits): AbortSignal {
  const signals = signal ? [signal] : []
  if (deadline !== undefined) {
    const timedOut = new AbortController()
    const timeout = new DeadlineError('packing', 'source-dir')
    const left = deadline - now()
    if (left <= 0) timedOut.abort(timeout)
    else setTimeout(() => timedOut.abort(timeout), left).unref()
    signals.push(timedOut.signal)
  }
  return AbortSignal.any(signals)
}

async function pack(
  root: string,
  tempRoot: string,
  signal: AbortSignal,
  maxBytes: number
): Promise<SourceArchive> {
  const candidates = await listSourceFiles(root, signal)
  const files: string[] = []
  const skipped: string[] = []
  const sizes: ArchiveEntry[] = []
  // A second name of a file already packed would become a hard-link entry: leave it out.
  const inodes = new Set<string>()
  for (const file of candidates) {
    const normalised = posix.normalize(file)
    const escapes =
      normalised.startsWith('../') || normalised === '..' || posix.isAbsolute(normalised)
    const info = escapes
      ? undefined
      : await lstat(join(root, ...normalised.split('/'))).catch(() => undefined)
    if (info === undefined) {
      if (escapes) skipped.push(file)
      continue // listed by git but deleted from the work tree
    }
    const inode = `${info.dev}:${info.ino}`
    if (info.isSymbolicLink() || (info.isFile() && inodes.has(inode))) {
      skipped.push(file)
      continue
    }
    if (!info.isFile()) continue
    signal.throwIfAborted()
    inodes.add(inode)
    files.push(normalised)
    sizes.push({ path: normalised, bytes: info.size })
  }
  const folder = await mkdtemp(join(tempRoot, 'agent-source-'))
  const path = join(folder, 'source.tar.gz')
  const dispose = () => rm(folder, { recursive: true, force: true })
  try {
    signal.throwIfAborted()
    const tarball = createTar(
      {
        gzip: true,
        cwd: root,
        portable: true,
        noDirRecurse: true,
        follow: false,
        maxReadSize: READ_SIZE
      },
      files
    )
    // Stopped at the deadline: pipeline stops reading the files and closes the tarball.
    await pipeline(tarball, createWriteStream(path), { signal })
    const bytes = (await stat(path)).size
    if (bytes > maxBytes) {
      const largest = [...sizes]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 5)
        .map((entry) => `${entry.path} (${formatBytes(entry.bytes)})`)
      throw new InputError([
        {
          input: 'source-dir',
          message: `packs to ${formatBytes(bytes)}, over the service's limit of ${formatBytes(maxBytes)}. Largest files: ${largest.join(', ')}. Leave build output and data out with .gitignore.`
        }
      ])
    }
    return { path, bytes, files, skipped, dispose }
  } catch (error) {
    await dispose()
    throw error
  }
}
