import { startServingAgent } from '../../emulator'
import { POLICY_PATH, policyText } from '../../__tests__/helpers/policy-file'
import { BASE_SHA } from '../../__tests__/helpers/runner-event'
import { uuidV5 } from '../../src/lib/uuid-v5'
import { ASSISTANT_NAMESPACE } from '../../src/assistants/entries'
import type { NamedFlow } from './gate-flows'
import { NAME, PUSHES, pushes, runStep, seed, stepOf, world } from './kit'

const noop = () => undefined

/** The assistants as the repository had them at the pull request's base, and as it has them now. */
const assistants = (model: string, more: Record<string, unknown>[] = []) => [
  { name: 'support', 'graph-id': 'agent', config: { configurable: { model } } },
  { name: 'billing', 'graph-id': 'agent', config: { configurable: { temperature: 0.2 } } },
  ...more
]

const CHECKED = { agent: { assistant: 'support', message: 'hello', expect: 'echo: hello' } }

/** A control plane whose deployments' URL is an agent server with assistants, NAME seeded. */
async function assistantsWorld(closers: (() => Promise<void>)[]) {
  const services = await startServingAgent({ serve: NAME, controlPlane: { stepMs: 5 } })
  closers.push(services.close)
  seed(services.controlPlane)
  return services
}

/**
 * Assistants as code (created, a hand edit written over, restored by a rollback), a preview
 * under an environments entry that turns rollback off, and operation validate on a good and a
 * bad policy.
 */
export async function policyFlows(closers: (() => Promise<void>)[]): Promise<NamedFlow[]> {
  const flows: NamedFlow[] = []
  const files = {
    [BASE_SHA]: { [POLICY_PATH]: policyText({ assistants: { entries: assistants('m1') } }) }
  }
  {
    // Someone changed billing's temperature by hand on the service since the last push.
    const services = await assistantsWorld(closers)
    const step = stepOf(services.controlPlane, {
      policy: { assistants: { entries: assistants('m2') } }
    })
    const billing = uuidV5('billing', ASSISTANT_NAMESPACE)
    flows.push({
      id: 'assistants-hand-edit',
      title: 'Assistants: a hand edit on the service written over',
      result: await pushes(step, [noop], {
        files,
        then: {
          inputs: step,
          newPush: true,
          before: async () => {
            await fetch(`${services.agent.url}/assistants/${billing}`, {
              method: 'PATCH',
              headers: { 'x-api-key': 'emulator-key', 'content-type': 'application/json' },
              body: JSON.stringify({ config: { configurable: { temperature: 0.9 } } })
            })
          }
        }
      })
    })
  }
  {
    // The next push changes support's model and adds triage; its reply check fails and the
    // rollback makes support active again at its earlier version.
    const services = await assistantsWorld(closers)
    const before = stepOf(services.controlPlane, {
      policy: { ...CHECKED, assistants: { entries: assistants('m1') } }
    })
    const after = stepOf(services.controlPlane, {
      policy: {
        ...CHECKED,
        rollback: { 'on-failure': true },
        assistants: {
          entries: assistants('m2', [
            { name: 'triage', 'graph-id': 'agent', config: { configurable: { model: 't1' } } }
          ])
        }
      }
    })
    flows.push({
      id: 'assistants-restored',
      title: 'Assistants: created, then restored by a rollback',
      result: await pushes(before, [noop], {
        files,
        then: {
          inputs: after,
          newPush: true,
          before: () =>
            services.controlPlane.setAgent(({ redeployOf }) =>
              redeployOf ? 'well' : 'wrong-reply'
            )
        }
      })
    })
  }
  {
    const controlPlane = await world(closers)
    seed(controlPlane)
    flows.push({
      id: 'preview-entry',
      title: 'A preview under an environments entry that turns rollback off',
      result: await pushes(
        stepOf(controlPlane, {
          environment: 'pr-7',
          policy: {
            agent: { assistant: 'agent', message: 'hello', expect: 'echo: hello' },
            rollback: { 'on-failure': true },
            environments: {
              production: { agent: { timeout: '10m' } },
              'pr-*': { rollback: false }
            }
          }
        }),
        [noop, noop]
      )
    })
  }
  const validate = (policy: Record<string, unknown> | string) =>
    runStep(
      { operation: 'validate', policy },
      { env: { GITHUB_RUN_ID: '4244', GITHUB_SHA: PUSHES[0] ?? '' } }
    )
  flows.push({
    id: 'validate-good',
    title: 'operation validate: a good policy with two environments entries',
    result: {
      run: await validate({
        agent: { assistant: 'agent', message: 'hello', expect: 'echo: hello' },
        smoke: { cases: [{ name: 'greets', message: 'hi', expect: 'echo: hi' }] },
        rollback: { 'on-failure': true },
        environments: {
          production: { agent: { timeout: '10m' }, smoke: { 'min-pass': '100%' } },
          'pr-*': { rollback: false }
        }
      })
    }
  })
  flows.push({
    id: 'validate-bad',
    title: 'operation validate: a policy with more problems than GitHub keeps annotations of',
    result: {
      run: await validate(
        [
          'version: 1',
          `name: ${NAME}`,
          'agent: {assistant: agent, expect: ok}',
          'smoke: {cases: [{message: hi}], min-pas: 3, concurrency: 99}',
          'gate: {datasett: golden, repetitions: 9, concurrencyy: 3}',
          'bake: {duration: 10h, intervall: 1m}',
          'rollback: {on-failur: true, timeout: soon}'
        ].join('\n')
      )
    }
  })
  return flows
}
