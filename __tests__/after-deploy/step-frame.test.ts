import { afterEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import type { StepRow } from '../../src/after-deploy/check-runner'
import { defineStep } from '../../src/step-kit/define'
import { loadChecks } from '../../src/after-deploy/checks'
import type { CheckVerdictKind } from '../../src/result'
import { onClock, runDelivery } from '../helpers/deploy-harness'
import { gitHostConfig } from '../helpers/config-fixture'

const CHECKS = await loadChecks()

// The frame every step after DEPLOYED fits in, shown with scripted steps beside the real serving
// check: prepares before the write in list order, a plan on a dry run, an undo and a skip on the
// revision a rollback brings back.

const NAME = 'support-agent'
let cp: ControlPlaneEmulator | undefined
afterEach(async () => {
  await cp?.close()
  cp = undefined
})

async function seeded() {
  cp = await startControlPlane({ ...onClock, stepMs: 5 })
  const deployment = cp.seedDeployment({
    name: NAME,
    source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
  })
  return { controlPlane: cp, first: String(deployment.latest_revision_id) }
}

const writes = (controlPlane: ControlPlaneEmulator) =>
  controlPlane.requests.filter((request) => request.method !== 'GET').length

const serving = CHECKS.filter(({ name }) => name === 'serving')

/**
 * A step that writes (as assistants as code will): it reads before the write, says its plan,
 * writes beside the deploy, and is undone on a rollback; the revision brought back is skipped.
 */
function writer(events: string[], controlPlane: ControlPlaneEmulator): StepRow {
  return defineStep({
    name: 'run',
    needs: () => ({ what: 'assistants' }),
    prepare: async ({ what }) => {
      events.push(`prepare ${what}, ${writes(controlPlane)} writes so far`)
      const version = 1
      return { prepared: { version }, plan: [`Would write version ${version + 1}.`] }
    },
    dryRun: 'Dry run: the writer wrote nothing.',
    prepareWrites: async (prepared) => {
      events.push('prepareWrites')
      return { prepared }
    },
    run: async ({ prepared, revision }) => {
      events.push(`run writer on ${revision.revisionId}`)
      return { verdict: 'passed', payload: `version ${prepared.version + 1}` }
    },
    restore: async ({ revision, ran }) => {
      events.push(
        `restore writer on ${revision.revisionId} (${revision.result.revisionStatus}), after ${ran ?? 'nothing'}`
      )
      return { verdict: 'passed', why: 'restored', payload: 'version 1' }
    },
    broughtBack: {
      skipped: (to) => `revision ${to}: nothing to restore`,
      notice: (why) => `Writer: ${why}.`
    },
    inconclusiveRollsBack: true,
    stopsLaterOn: ['failed', 'inconclusive']
  })
}

/** A step that reads before the write (or refuses there), then gives `verdict` on this run's revision. */
function reader(
  events: string[],
  verdict: (revisionId: string) => CheckVerdictKind,
  refuse?: string
): StepRow {
  return defineStep({
    name: 'suite',
    needs: () => ({}),
    prepare: async () => {
      events.push('prepare reader')
      if (refuse) throw new Error(refuse)
      return { prepared: {} }
    },
    run: async ({ revision }) => {
      events.push(`run reader on ${revision.revisionId}`)
      return { verdict: verdict(revision.revisionId), why: 'scripted' }
    },
    broughtBack: 'again',
    inconclusiveRollsBack: true,
    stopsLaterOn: ['failed', 'inconclusive']
  })
}

describe('the step frame', () => {
  it("folds every step's prepare, in list order, into the one phase before the write", async () => {
    const { controlPlane } = await seeded()
    const events: string[] = []
    const run = await runDelivery(gitHostConfig(controlPlane.url, NAME), undefined, {
      steps: [...serving, writer(events, controlPlane), reader(events, () => 'passed')]
    })
    expect(run.result.outcome).toBe('deployed')
    const revisionId = run.result.revisionId ?? ''
    expect(events).toEqual([
      'prepare assistants, 0 writes so far',
      'prepare reader',
      'prepareWrites',
      `run writer on ${revisionId}`,
      `run reader on ${revisionId}`
    ])
    expect(run.log).toContain('Would write version 2.')
    expect(run.checks?.payloads).toEqual({ run: 'version 2' })
  })

  it('ends the run before the write when a prepare refuses: nothing is written', async () => {
    const { controlPlane } = await seeded()
    const events: string[] = []
    const run = await runDelivery(gitHostConfig(controlPlane.url, NAME), undefined, {
      steps: [...serving, writer(events, controlPlane), reader(events, () => 'passed', 'no')]
    })
    expect(run.result.outcome).toBe('error')
    expect(events).toEqual(['prepare assistants, 0 writes so far', 'prepare reader'])
    expect(writes(controlPlane)).toBe(0)
  })

  it('on a dry run, says the plan and writes nothing before the write', async () => {
    const { controlPlane } = await seeded()
    const events: string[] = []
    const run = await runDelivery(
      { ...gitHostConfig(controlPlane.url, NAME), dryRun: true },
      undefined,
      {
        steps: [...serving, writer(events, controlPlane)]
      }
    )
    expect(run.result.outcome).toBe('dry-run')
    expect(events).toEqual(['prepare assistants, 0 writes so far'])
    expect(run.log).toEqual(
      expect.arrayContaining(['Would write version 2.', 'Dry run: the writer wrote nothing.'])
    )
    expect(writes(controlPlane)).toBe(0)
  })

  it('restores a write once the revision brought back is DEPLOYED, before its checks, and does not run it there', async () => {
    const { controlPlane, first } = await seeded()
    const events: string[] = []
    const failsTheNewOne = (revisionId: string) => (revisionId === newest() ? 'failed' : 'passed')
    const newest = () => events.find((event) => event.startsWith('run writer on '))?.slice(14)
    const run = await runDelivery(
      { ...gitHostConfig(controlPlane.url, NAME), rollback: { onFailure: true } },
      undefined,
      { steps: [...serving, writer(events, controlPlane), reader(events, failsTheNewOne)] }
    )
    const failed = run.result.revisionId ?? ''
    const broughtBack = run.rollback?.revisionId ?? ''
    expect(run.result.outcome).toBe('checks-failed')
    expect(run.rollback).toMatchObject({ toRevisionId: first, outcome: 'deployed', restored: true })
    expect(events.slice(2)).toEqual([
      'prepareWrites',
      `run writer on ${failed}`,
      `run reader on ${failed}`,
      `restore writer on ${broughtBack} (DEPLOYED), after version 2`,
      `run reader on ${broughtBack}`
    ])
    expect(run.rollback?.checks?.verdicts).toEqual([
      { check: 'run', verdict: 'passed', why: 'restored' },
      { check: 'serving', verdict: 'passed' },
      { check: 'suite', verdict: 'passed', why: 'scripted' }
    ])
    expect(run.rollback?.checks?.payloads).toEqual({ run: 'version 1' })
  })

  it('under an operation of restoresUnder, restores instead of preparing and running', async () => {
    const { controlPlane, first } = await seeded()
    const events: string[] = []
    const step = defineStep({
      name: 'run',
      needs: () => ({}),
      prepare: async () => {
        events.push('prepare')
        return { prepared: {} }
      },
      run: async () => {
        events.push('run')
        return { verdict: 'passed' }
      },
      restore: async ({ revision, ran }) => {
        events.push(`restore on ${revision.result.redeployOf ?? '?'}, after ${ran ?? 'nothing'}`)
        return { verdict: 'passed', payload: 'stamped' }
      },
      restoresUnder: ['rollback'],
      broughtBack: { skipped: () => 'none', notice: (why) => why },
      inconclusiveRollsBack: true,
      stopsLaterOn: []
    })
    // The first revision serves; a second one is made so that the first is older than the active.
    await runDelivery(gitHostConfig(controlPlane.url, NAME), undefined, { steps: serving })
    const run = await runDelivery(
      { apiUrl: controlPlane.url, name: NAME, operation: 'rollback', toRevision: first },
      undefined,
      { steps: [...serving, step] }
    )
    expect(run.result.outcome).toBe('deployed')
    expect(events).toEqual([`restore on ${first}, after nothing`])
    expect(run.checks?.payloads).toEqual({ run: 'stamped' })
  })
})

describe("a step's finish", () => {
  /** A step that writes before the write (or refuses there) and undoes it in its finish. */
  const before = (events: string[], name: 'run' | 'suite', refuse = false): StepRow =>
    defineStep({
      name,
      needs: () => ({}),
      prepare: async () => ({ prepared: { name } }),
      prepareWrites: async (prepared) => {
        events.push(`prepareWrites ${name}`)
        return refuse ? { refused: { message: 'no', refused: 'no' } } : { prepared }
      },
      finish: async (prepared) => {
        events.push(`finish ${prepared.name}`)
      },
      run: async () => {
        events.push(`run ${name}`)
        return { verdict: 'passed' }
      },
      broughtBack: 'again',
      inconclusiveRollsBack: true,
      stopsLaterOn: []
    })

  it('runs once the run ends, after the checks, for each step whose writes before the write began', async () => {
    const { controlPlane } = await seeded()
    const events: string[] = []
    await runDelivery(gitHostConfig(controlPlane.url, NAME), undefined, {
      steps: [...serving, before(events, 'run')]
    })
    expect(events).toEqual(['prepareWrites run', 'run run', 'finish run'])
  })

  it("runs after another step's refusal before the write, and never on a dry run", async () => {
    const { controlPlane } = await seeded()
    const events: string[] = []
    const steps = [...serving, before(events, 'run'), before(events, 'suite', true)]
    const run = await runDelivery(gitHostConfig(controlPlane.url, NAME), undefined, { steps })
    expect(run.result.outcome).toBe('error')
    expect(events).toEqual([
      'prepareWrites run',
      'prepareWrites suite',
      'finish run',
      'finish suite'
    ])
    events.length = 0
    const config = { ...gitHostConfig(controlPlane.url, NAME), dryRun: true }
    await runDelivery(config, undefined, { steps })
    expect(events).toEqual([])
  })
})

describe("a step's prepared, as the compiler sees it", () => {
  it('is what its prepare read, and undefined for a step without one', () => {
    const row = {
      needs: () => ({}),
      broughtBack: 'again' as const,
      inconclusiveRollsBack: false,
      stopsLaterOn: []
    }
    const rows: StepRow[] = [
      defineStep({
        ...row,
        name: 'run',
        run: async ({ prepared }) => {
          const nothing: undefined = prepared
          return { verdict: 'passed', ...(nothing ?? {}) }
        }
      }),
      defineStep<'run', object, { version: number }>({
        ...row,
        name: 'run',
        prepare: async () => ({ prepared: { version: 1 } }),
        run: async ({ prepared }) => ({ verdict: 'passed', payload: `v${prepared.version}` })
      }),
      // @ts-expect-error a step whose run reads what was prepared must have a prepare
      defineStep<'run', object, { version: number }>({
        ...row,
        name: 'run',
        run: async ({ prepared }) => ({ verdict: 'passed', payload: `v${prepared.version}` })
      })
    ]
    expect(rows.map(({ name }) => name)).toEqual(['run', 'run', 'run'])
  })
})
