import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DeadlineError } from '../../src/control-plane/errors'
import { packSource } from '../../src/operations/source-archive'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

const folders: string[] = []
function folder(prefix: string): string {
  const made = mkdtempSync(join(tmpdir(), prefix))
  folders.push(made)
  return made
}
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true })
})

function sourceDir(git: boolean): string {
  const dir = folder('pack-src-')
  mkdirSync(join(dir, 'src'))
  writeFileSync(join(dir, 'src', 'a.txt'), 'a')
  writeFileSync(join(dir, 'langgraph.json'), '{}')
  if (git) execFileSync('git', ['init', '-q', dir])
  return dir
}

describe('packSource within the run deadline', () => {
  it.each([
    ['a git work tree', true],
    ['a plain folder', false]
  ])(
    'stops with a DeadlineError once the deadline has passed (%s), leaving no tarball',
    async (_, git) => {
      const temp = folder('pack-tmp-')
      const now = () => 1_000_000
      const error = await packSource(sourceDir(git), temp, { deadline: 999_999, now }).catch(
        (caught: unknown) => caught
      )
      expect(error).toBeInstanceOf(DeadlineError)
      expect((error as Error).message).toBe(
        'packing source-dir was not attempted: the time allowed has run out'
      )
      expect(readdirSync(temp)).toEqual([])
    }
  )

  it('stops when the job is cancelled', async () => {
    const controller = new AbortController()
    controller.abort(new Error('cancelled'))
    await expect(
      packSource(sourceDir(true), folder('pack-tmp-'), { signal: controller.signal })
    ).rejects.toThrow('cancelled')
  })

  it('packs as before with time left', async () => {
    const temp = folder('pack-tmp-')
    const archive = await packSource(sourceDir(true), temp, {
      deadline: Date.now() + 600_000
    })
    expect(archive.files).toEqual(['langgraph.json', 'src/a.txt'])
    expect(archive.bytes).toBeGreaterThan(0)
    const listed = execFileSync('tar', ['-tzf', archive.path], { encoding: 'utf8' })
    expect(listed.split('\n').filter(Boolean).sort()).toEqual(['langgraph.json', 'src/a.txt'])
    await archive.dispose()
  })
})
