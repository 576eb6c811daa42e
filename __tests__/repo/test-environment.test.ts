import { describe, expect, it } from '@jest/globals'
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import LeakCheckingEnvironment from '../helpers/leak-checking-environment'
import { makeSuiteTemp, removeSuiteTemp } from '../helpers/suite-temp'

/** The suite's test environment, made for a pretend test file, as jest makes it for each. */
function environmentFor(file: string) {
  const rootDir = '/project'
  const config = {
    globalConfig: { rootDir },
    projectConfig: { rootDir, testEnvironmentOptions: {}, globals: {}, fakeTimers: {} }
  } as unknown as JestEnvironmentConfig
  const context = {
    testPath: join(rootDir, file),
    console,
    docblockPragmas: {}
  } as unknown as EnvironmentContext
  return new LeakCheckingEnvironment(config, context)
}

describe("The test environment: a test file's temp folder", () => {
  it('is what os.tmpdir() names in this file, and what its children inherit', () => {
    expect(basename(tmpdir())).toMatch(/^jest-file-/)
    expect(basename(dirname(tmpdir()))).toMatch(/^deploy-agent-suite-/)
    expect(process.env.TMPDIR).toBe(tmpdir())
  })

  it('fails the file that leaves something in it, names it, and removes it', async () => {
    const outer = process.env.TMPDIR
    const environment = environmentFor('__tests__/leaves.test.ts')
    await environment.setup()
    const folder = process.env.TMPDIR ?? ''
    expect(folder).not.toBe(outer)
    mkdirSync(join(folder, 'action-run-x1'))
    writeFileSync(join(folder, 'action-run-x1', 'summary'), 'left behind')
    writeFileSync(join(folder, 'event.json'), '{}')
    await expect(environment.teardown()).rejects.toThrow(
      '__tests__/leaves.test.ts left in the temp folder: action-run-x1, event.json. Remove what ' +
        'each test writes'
    )
    expect(existsSync(folder)).toBe(false)
    expect(process.env.TMPDIR).toBe(outer)
  })

  it('passes the file that removes what it writes', async () => {
    const environment = environmentFor('__tests__/tidy.test.ts')
    await environment.setup()
    const folder = process.env.TMPDIR ?? ''
    mkdirSync(join(folder, 'kept-for-a-while'))
    rmSync(join(folder, 'kept-for-a-while'), { recursive: true })
    await expect(environment.teardown()).resolves.toBeUndefined()
    expect(existsSync(folder)).toBe(false)
  })
})

describe("The suite's temp folder", () => {
  it("is removed at the end, and what was left beside the files' folders is named", () => {
    const saved = { ...process.env }
    try {
      makeSuiteTemp()
      const root = process.env.DEPLOY_AGENT_SUITE_TEMP ?? ''
      mkdirSync(join(root, 'jest-file-abc'))
      writeFileSync(join(root, 'stray.json'), '{}')
      expect(() => removeSuiteTemp()).toThrow(
        "The suite left in its temp folder, outside any test file's: stray.json"
      )
      expect(existsSync(root)).toBe(false)
    } finally {
      process.env = saved
    }
  })
})
