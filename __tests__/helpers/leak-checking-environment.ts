import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment'
import { TestEnvironment } from 'jest-environment-node'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { installCodeCache } from './code-cache'

installCodeCache()

/**
 * Jest's node environment, with V8's code cache for what jest compiles (see ./code-cache.ts),
 * plus a check that each test file ends what it starts: once the file's
 * hooks have run, the worker must hold nothing more that keeps a process alive (a server, a
 * socket, a child process, a ref'd timer) than it held when the file began, and the file's temp
 * folder must be empty.
 *
 * Each test file gets a temp folder of its own: TMPDIR names it for the file's run, so
 * `os.tmpdir()` in the tests, and in the child processes that inherit their environment, is that
 * folder. What a test writes there it must remove; the environment then removes the folder. A
 * file that leaves something fails, and what it left is named and removed, so a full run leaves
 * nothing in the OS temp folder.
 *
 * Jest's own check (a worker still alive some time after the run) names no file, and on a busy
 * machine a worker with a few hundred MB can take longer than its default half second only to
 * give its memory back. This one names the file, and it waits for a state, not for a time.
 */
export default class LeakCheckingEnvironment extends TestEnvironment {
  private readonly file: string
  private heldBefore = new Map<string, number>()
  private readonly temp: { folder: string; before: string | undefined }

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    // Before the base class copies process.env for the tests, so that they see it too.
    const temp = { folder: mkdtempSync(join(tmpdir(), 'jest-file-')), before: process.env.TMPDIR }
    process.env.TMPDIR = temp.folder
    super(config, context)
    this.temp = temp
    this.file = relative(config.globalConfig.rootDir, context.testPath)
  }

  override async setup(): Promise<void> {
    await super.setup()
    // The worker's stdio streams are made the first time something touches them (a warning
    // written, a library that looks at stdin) and live as long as the worker, reading nothing:
    // made now, they are not taken for a leak.
    void [process.stdin, process.stdout, process.stderr]
    this.heldBefore = held()
  }

  override async teardown(): Promise<void> {
    const problems: string[] = []
    await super.teardown().catch((error: Error) => problems.push(error.message))
    await this.settle().catch((error: Error) => problems.push(error.message))
    const left = this.removeTempFolder()
    if (left.length > 0)
      problems.push(
        `${this.file} left in the temp folder: ${left.join(', ')}. Remove what each test ` +
          'writes (rmSync in a finally, an afterEach or an afterAll).'
      )
    if (problems.length > 0) throw new Error(problems.join('\n'))
  }

  /** Waits until the worker holds no more than before the file, or fails. */
  private async settle(): Promise<void> {
    // A closed socket or an exited child is let go a few turns of the event loop later; the
    // bound only catches what never ends.
    for (let turn = 0; ; turn++) {
      const extra = beyond(this.heldBefore, held())
      if (extra.length === 0) return
      if (turn >= SETTLE_TURNS)
        throw new Error(
          `${this.file} left open what keeps a process alive: ${extra.join(', ')}. Close every ` +
            'server, socket and child process it starts, and clear (or unref) its timers.'
        )
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  /** Gives TMPDIR back and removes the file's temp folder: what was left in it, by name. */
  private removeTempFolder(): string[] {
    if (this.temp.before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = this.temp.before
    const left = readdirSync(this.temp.folder).sort()
    rmSync(this.temp.folder, { recursive: true, force: true })
    return left
  }
}

/** About five seconds of 10-ms turns: far past any close in progress. */
const SETTLE_TURNS = 500

/** What keeps this process alive, by kind (TCPServerWrap, TCPSocketWrap, ProcessWrap, Timeout…). */
function held(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return counts
}

/** The kinds held now beyond what was held before, as "2 × TCPServerWrap". */
function beyond(before: Map<string, number>, now: Map<string, number>): string[] {
  return [...now]
    .filter(([kind, count]) => count > (before.get(kind) ?? 0))
    .map(([kind, count]) => `${count - (before.get(kind) ?? 0)} × ${kind}`)
}
