/**
 * Packing for `internal_source`: a generated tree of about 200 MB of mixed files (source-like
 * text, small configs, random binaries, half-compressible data), packed by the action in a child
 * process against GNU `tar czf` of the same tree: wall time and peak RSS of each.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { median } from './measure'

const run = promisify(execFile)
const CHILD = fileURLToPath(new URL('./pack-child.ts', import.meta.url))
const NCC = fileURLToPath(new URL('../node_modules/.bin/ncc', import.meta.url))
const WORDS =
  'const let function return import export from async await if else for while class interface type new this true false null undefined string number'.split(
    ' '
  )

export interface PackingFigures {
  treeBytes: number
  files: number
  archiveBytes: number
  actionMs: number
  tarMs: number
  actionPeakRssMb: number
  /** The child's RSS before packing began (node and the bundled code). */
  actionIdleRssMb: number
  tarPeakRssMb: number
}

function sourceText(bytes: number): string {
  const random = randomBytes(bytes / 4)
  const parts: string[] = []
  let length = 0
  for (let i = 0; length < bytes; i++) {
    const word = WORDS[(random[i % random.length] ?? 0) % WORDS.length] ?? ''
    const piece = i % 12 === 11 ? `${word}\n` : `${word} `
    parts.push(piece)
    length += piece.length
  }
  return parts.join('').slice(0, bytes)
}

/** Writes the tree and returns its size in bytes and its number of files. */
async function generateTree(root: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0
  let files = 0
  const put = async (path: string, content: Buffer | string) => {
    await mkdir(join(root, path, '..'), { recursive: true })
    await writeFile(join(root, path), content)
    bytes += Buffer.byteLength(content)
    files += 1
  }
  await put('.gitignore', 'node_modules/\n*.log\n')
  await put('graph.json', '{"graphs": {"agent": "./src/agent.py:graph"}}\n')
  // 3,000 source files of 20 kB: 60 MB that compress well.
  const text = sourceText(20_000)
  for (let i = 0; i < 3_000; i++)
    await put(`src/pkg${i % 30}/mod${Math.floor(i / 30) % 10}/file${i}.ts`, `// ${i}\n${text}`)
  // 2,000 small configs of 2 kB: 4 MB.
  for (let i = 0; i < 2_000; i++)
    await put(
      `config/c${i % 20}/settings${i}.json`,
      JSON.stringify({ i, text: text.slice(0, 2_000) })
    )
  // 40 random binaries of 2 MB: 80 MB that do not compress.
  for (let i = 0; i < 40; i++) await put(`assets/blob${i}.bin`, randomBytes(2 * 1024 * 1024))
  // 8 data files of 7 MB, random blocks repeated: 56 MB that compress by half.
  for (let i = 0; i < 8; i++) {
    const block = randomBytes(64 * 1024)
    const data = Buffer.concat(
      Array.from({ length: 112 }, (_, j) => (j % 2 === 0 ? block : randomBytes(64 * 1024)))
    )
    await put(`data/set${i}.dat`, data)
  }
  // Left out by .gitignore: not counted in the tree.
  await mkdir(join(root, 'node_modules/dep'), { recursive: true })
  await writeFile(join(root, 'node_modules/dep/index.js'), 'module.exports = 1\n')
  return { bytes, files }
}

/** Peak RSS in MB from GNU time's `-v` report. */
function peakRssMb(report: string): number {
  const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(report)
  return match ? Number(match[1]) / 1024 : Number.NaN
}

export async function benchPacking(runs: number): Promise<PackingFigures> {
  const work = await mkdtemp(join(tmpdir(), 'pack-bench-'))
  const tree = join(work, 'tree')
  try {
    const { bytes: treeBytes, files } = await generateTree(tree)
    // Bundled like dist/, so that the child's memory is the action's, not a TypeScript loader's.
    await run(NCC, ['build', CHILD, '-o', join(work, 'child'), '--quiet'])
    const childScript = join(work, 'child', 'index.js')
    const tarMs: number[] = []
    const tarRss: number[] = []
    const actionMs: number[] = []
    const actionRss: number[] = []
    const idleRss: number[] = []
    let archiveBytes = 0
    // One unmeasured round of each warms the file cache.
    for (let i = 0; i <= runs; i++) {
      const started = performance.now()
      const tar = await run('/usr/bin/time', [
        '-v',
        'tar',
        'czf',
        join(work, 'gnu.tar.gz'),
        '-C',
        tree,
        '.'
      ])
      const tarElapsed = performance.now() - started
      const child = await run('/usr/bin/time', ['-v', process.execPath, childScript, tree], {
        env: { ...process.env, RUNNER_TEMP: work },
        maxBuffer: 16 * 1024 * 1024
      })
      const figures = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as {
        wallMs: number
        bytes: number
        rssBeforeKb: number
      }
      if (i === 0) continue
      tarMs.push(tarElapsed)
      tarRss.push(peakRssMb(tar.stderr))
      actionMs.push(figures.wallMs)
      actionRss.push(peakRssMb(child.stderr))
      idleRss.push(figures.rssBeforeKb / 1024)
      archiveBytes = figures.bytes
    }
    return {
      treeBytes,
      files,
      archiveBytes,
      actionMs: median(actionMs),
      tarMs: median(tarMs),
      actionPeakRssMb: median(actionRss),
      actionIdleRssMb: median(idleRss),
      tarPeakRssMb: median(tarRss)
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
