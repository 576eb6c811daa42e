import { afterEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { runInProcess } from '../helpers/action-world'
import { clock, onClock } from '../helpers/deploy-harness'

// operation: rollback with a to-revision that is not a revision of the deployment, or never
// reached DEPLOYED: refused before any write in a person's words, naming to-revision, the
// deployment, the newest DEPLOYED revisions it could name instead (full ids) and what serves now.

const NAME = 'support-agent'
const UNKNOWN = '0b7c2a34-5d6e-4f70-8a91-b2c3d4e5f607'
let controlPlane: ControlPlaneEmulator | undefined
afterEach(async () => {
  await controlPlane?.close()
  controlPlane = undefined
})

async function rollbackTo(toRevision: (ids: { failed: string }) => string) {
  controlPlane = await startControlPlane({ ...onClock, stepMs: 5 })
  const deployment = controlPlane.seedDeployment({
    name: NAME,
    history: [
      { status: 'DEPLOYED' },
      { status: 'DEPLOYED' },
      { status: 'BUILD_FAILED' },
      { status: 'DEPLOYED' },
      { status: 'DEPLOYED' }
    ]
  })
  const revisions = controlPlane.revisions(deployment.id)
  const active = String(deployment.active_revision_id)
  const failed = revisions.find((revision) => revision.status === 'BUILD_FAILED')?.id ?? ''
  const deployedInstead = revisions
    .filter((revision) => revision.status === 'DEPLOYED' && revision.id !== active)
    .map((revision) => revision.id)
  const result = await runInProcess(
    {
      'api-url': controlPlane.url,
      'api-key': 'emulator-key',
      name: NAME,
      operation: 'rollback',
      'to-revision': toRevision({ failed }),
      'poll-interval': '1'
    },
    { clock }
  )
  const errors = result.annotations
    .filter(({ kind }) => kind === 'error')
    .map(({ text }) => text)
    .join('\n')
  const writes = controlPlane.requests.filter((request) => request.method !== 'GET')
  return { result, errors, writes, active, deployedInstead, deploymentId: deployment.id }
}

describe('operation rollback: a to-revision it cannot redeploy', () => {
  it.each([
    ['not a revision of the deployment', () => UNKNOWN],
    ['never DEPLOYED', ({ failed }: { failed: string }) => failed]
  ])('%s: refused before any write, in words', async (_, pick) => {
    const { result, errors, writes, active, deployedInstead } = await rollbackTo(pick)
    expect(result.exitCode).toBe(1)
    expect(writes).toEqual([])
    expect(errors).toContain('to-revision')
    expect(errors).toContain(NAME)
    // The revisions it could name instead, in full, as the input takes them; what serves now.
    expect(deployedInstead.length).toBeGreaterThan(0)
    for (const id of deployedInstead) expect(errors).toContain(id)
    expect(errors).toContain(active.slice(0, 8))
    // Never an HTTP request line.
    expect(errors).not.toMatch(/\b(GET|POST) \/v2\//)
    expect(errors).not.toMatch(/HTTP 404/)
    // What serves now was read: the summary names it.
    const servingLine = result.summary.split('\n').find((line) => line.includes('Serving now'))
    expect(servingLine).toContain(active.slice(0, 8))
  })
})
