import { INTEGRATION, NAME, pushes, seed, stepOf, TOKEN, world } from './kit'
import type { NamedFlow } from './gate-flows'

const noop = () => undefined

const CHECKED = {
  policy: {
    agent: { assistant: 'agent', message: 'hello', expect: 'echo: hello' },
    rollback: { 'on-failure': true }
  }
}

/** Three pushes with a history; a delete; a rollback whose revision fails its own checks. */
export async function moreFlows(closers: (() => Promise<void>)[]): Promise<NamedFlow[]> {
  const flows: NamedFlow[] = []
  {
    // Served, then failed and rolled back, then served again.
    const controlPlane = await world(closers)
    seed(controlPlane)
    flows.push({
      id: 'three-pushes',
      title: 'Three pushes to a pull request, with their history',
      result: await pushes(stepOf(controlPlane, CHECKED), [
        noop,
        () => controlPlane.setAgent(({ redeployOf }) => (redeployOf ? 'well' : 'wrong-reply')),
        () => controlPlane.setAgent('well')
      ])
    })
  }
  {
    const controlPlane = await world(closers)
    seed(controlPlane)
    flows.push({
      id: 'delete',
      title: 'The preview deleted when the pull request closed',
      result: await pushes(stepOf(controlPlane, CHECKED), [noop, noop], {
        then: {
          inputs: {
            'api-url': controlPlane.url,
            'api-key': 'emulator-key',
            operation: 'delete',
            name: NAME,
            'github-token': TOKEN
          }
        }
      })
    })
  }
  {
    // What served before answers wrongly too: the redeploy of it reaches DEPLOYED and fails
    // its own checks.
    const controlPlane = await world(closers)
    controlPlane.seedDeployment({
      name: NAME,
      source_config: INTEGRATION,
      history: [
        { durationMs: 125_000 },
        { durationMs: 131_000 },
        { durationMs: 128_000, agent: 'wrong-reply' }
      ]
    })
    flows.push({
      id: 'rollback-checks-failed',
      title: "A check failed and the rollback's revision failed its own checks",
      result: await pushes(stepOf(controlPlane, CHECKED), [
        () => controlPlane.setAgent('wrong-reply')
      ])
    })
  }
  return flows
}
