import { describe, expect, it } from '@jest/globals'
import { statusAt } from '../../emulator/revisions'

const STEP = 100
const at = (steps: number) => steps * STEP

describe('revision clock', () => {
  it('walks a build through every in-progress status, then the outcome', () => {
    const timeline = { createdAt: 0, source: 'git_host', outcome: 'DEPLOYED' }
    const statuses = [0, 1, 2, 3, 4, 5, 6, 60].map((step) => statusAt(timeline, at(step), STEP))
    expect(statuses.map((reading) => reading.status)).toEqual([
      'CREATING',
      'QUEUED',
      'AWAITING_BUILD',
      'BUILDING',
      'AWAITING_DEPLOY',
      'DEPLOYING',
      'DEPLOYED',
      'DEPLOYED'
    ])
    // updated_at is when the status last changed, not the time of reading.
    expect(statuses.at(-1)?.since).toBe(at(6))
    expect(statusAt(timeline, at(3) + 50, STEP)).toEqual({ status: 'BUILDING', since: at(3) })
  })

  it('skips the build for images', () => {
    const timeline = { createdAt: 0, source: 'internal_image', outcome: 'DEPLOY_FAILED' }
    expect([0, 1, 2, 3, 4].map((step) => statusAt(timeline, at(step), STEP).status)).toEqual([
      'CREATING',
      'QUEUED',
      'AWAITING_DEPLOY',
      'DEPLOYING',
      'DEPLOY_FAILED'
    ])
  })

  it('hangs in BUILDING (DEPLOYING for an image) and stays at an unknown status', () => {
    expect(statusAt({ createdAt: 0, source: 'git_host', outcome: 'HANG' }, at(99), STEP)).toEqual({
      status: 'BUILDING',
      since: at(3)
    })
    expect(
      statusAt({ createdAt: 0, source: 'external_image', outcome: 'HANG' }, at(99), STEP).status
    ).toBe('DEPLOYING')
    expect(
      statusAt({ createdAt: 0, source: 'git_host', outcome: 'SOMETHING_NEW' }, at(99), STEP)
    ).toEqual({ status: 'SOMETHING_NEW', since: at(6) })
  })

  it('is SKIPPED from the moment a newer revision superseded it, and not before', () => {
    const timeline = { createdAt: 0, source: 'git_host', outcome: 'DEPLOYED', supersededAt: at(2) }
    expect(statusAt(timeline, at(1), STEP).status).toBe('QUEUED')
    expect(statusAt(timeline, at(2), STEP)).toEqual({ status: 'SKIPPED', since: at(2) })
    expect(statusAt(timeline, at(50), STEP).status).toBe('SKIPPED')
  })

  it('stays QUEUED while held behind a failed revision', () => {
    const timeline = { createdAt: 0, source: 'git_host', outcome: 'DEPLOYED', held: true }
    expect(statusAt(timeline, at(50), STEP)).toEqual({ status: 'QUEUED', since: at(1) })
  })
})
