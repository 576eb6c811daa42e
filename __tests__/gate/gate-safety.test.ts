import { describe, expect, it } from '@jest/globals'
import { seedGate, type Services } from '../../emulator'
import {
  NAME,
  controlPlaneWrites,
  gateFile,
  gateStep,
  notADeploy,
  tracingWrites
} from './gate-harness'

/**
 * The evaluation gate through the action in process: refusals before any write, the pool counted,
 * the tracing service's faults, and hostile text from the evaluators, the agent and the dataset.
 */
const { clock, runInProcess, start } = gateFile()
let services: Services | undefined

const failure = (run: { annotations: { kind: string; text: string }[] }) =>
  run.annotations
    .filter((each) => each.kind === 'error')
    .map((each) => each.text)
    .join('\n')

async function existing(options: Parameters<typeof start>[0] = {}) {
  services = await start(options)
  services.controlPlane.seedDeployment({ name: NAME })
  return services
}

describe('refusals after the reads: exit 1, every problem named, nothing written', () => {
  it('names gate.dataset when the tracing service has no such dataset', async () => {
    const services = await existing()
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.5 } } } })
    )
    expect(run.exitCode).toBe(1)
    expect(failure(run)).toMatch(/- gate.dataset: names no dataset/)
    expect(controlPlaneWrites(services)).toEqual([])
    expect(tracingWrites(services)).toEqual([])
  }, 60_000)

  it('names gate.max-examples and the partial rule at once', async () => {
    const services = await existing()
    const { rule } = seedGate(services.tracing, { examples: 4 })
    services.tracing.updateRule(rule.id, { sampling_rate: 0.5 })
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.5 }, repetitions: 2, 'max-examples': 5 } }
      })
    )
    expect(run.exitCode).toBe(1)
    expect(failure(run)).toMatch(/- gate.max-examples: is 5, and the gate would make 8 runs/)
    expect(failure(run)).toMatch(/- gate.dataset: has the evaluator rule .* sampling rate of 0\.5/)
    expect(controlPlaneWrites(services)).toEqual([])
    expect(tracingWrites(services)).toEqual([])
  }, 60_000)

  it('names gate.dataset when no enabled rule is bound to it, and gate.splits when it selects nothing', async () => {
    const services = await existing()
    const { rule } = seedGate(services.tracing, { examples: 2 })
    services.tracing.updateRule(rule.id, { is_enabled: false })
    const noRule = await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.5 } } } })
    )
    expect(noRule.exitCode).toBe(1)
    expect(failure(noRule)).toMatch(/- gate.dataset: has no enabled evaluator rule/)
    const noSplit = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.5 }, splits: ['nowhere'] } }
      })
    )
    expect(noSplit.exitCode).toBe(1)
    expect(failure(noSplit)).toMatch(/- gate.splits: selects no example/)
    expect(controlPlaneWrites(services)).toEqual([])
    expect(tracingWrites(services)).toEqual([])
  }, 60_000)

  it('ends before the write when the tracing service cannot be read, naming tracing-url', async () => {
    const services = await existing()
    seedGate(services.tracing, { examples: 2 })
    services.tracing.injectFault({ method: 'GET', kind: 'status', status: 503, times: 1_000 })
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.5 } } },
        timeout: '2m'
      })
    )
    expect(run.exitCode).toBe(1)
    expect(failure(run)).toMatch(/could not read the tracing service \(tracing-url\)/)
    expect(controlPlaneWrites(services)).toEqual([])
    expect(tracingWrites(services)).toEqual([])
  }, 60_000)

  it('a promote is refused before its PATCH too', async () => {
    const services = await existing()
    services.controlPlane.seedDeployment({ name: 'staging-agent' })
    const step = notADeploy(
      gateStep(services, {
        operation: 'promote',
        'from-deployment': 'staging-agent',
        policy: { gate: { 'min-scores': { correctness: 0.5 } } }
      })
    )
    const run = await runInProcess(step)
    expect(run.exitCode).toBe(1)
    expect(failure(run)).toMatch(/- gate.dataset: names no dataset/)
    expect(controlPlaneWrites(services)).toEqual([])
    expect(tracingWrites(services)).toEqual([])
  }, 60_000)
})

describe('the pool: repetitions and concurrency counted', () => {
  it('runs each example gate.repetitions times, at most gate.concurrency at once', async () => {
    const services = await existing({
      agent: { beforeRun: () => clock.hold(1_000).then(() => undefined) }
    })
    const { examples } = seedGate(services.tracing, { examples: 4 })
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.5 }, repetitions: 3, concurrency: 2 } }
      })
    )
    expect(run.exitCode).toBe(0)
    const runs = services.tracing.runs(run.outputs['experiment-id'])
    expect(runs).toHaveLength(12)
    for (const example of examples)
      expect(runs.filter((each) => each.reference_example_id === example.id)).toHaveLength(3)
    expect(
      services.agent.requests.filter(
        (request) => request.method === 'POST' && request.path === '/runs/wait'
      )
    ).toHaveLength(12)
    expect(services.agent.maxRunsInFlight()).toBe(2)
    expect(JSON.parse(run.outputs['eval-scores'] ?? '')).toMatchObject({
      correctness: { mean: 1, n: 12 }
    })
  }, 120_000)
})

describe("the tracing service's faults", () => {
  it('429 and 5xx are retried: one experiment, one run per call, each agent call made once', async () => {
    const services = await existing()
    seedGate(services.tracing, { examples: 3 })
    const { tracing } = services
    tracing.injectFault({ method: 'POST', path: '/sessions', kind: 'reset-after' })
    tracing.injectFault({
      method: 'POST',
      path: '/runs/batch',
      kind: 'status',
      status: 429,
      retryAfter: '7'
    })
    tracing.injectFault({ method: 'POST', path: '/runs/batch', kind: 'status', status: 502 })
    tracing.injectFault({ method: 'GET', path: '/feedback', kind: 'status', status: 500 })
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.5 } } } })
    )
    expect(run.exitCode).toBe(0)
    expect(run.outputs['eval-passed']).toBe('true')
    expect(tracing.sessions()).toHaveLength(1)
    const runs = tracing.runs(run.outputs['experiment-id'])
    expect(runs).toHaveLength(3)
    expect(runs.every((each) => each.posts === 1)).toBe(true)
    expect(tracing.requests.filter((request) => request.faulted)).toHaveLength(4)
    expect(services.agent.requests.filter((request) => request.path === '/runs/wait')).toHaveLength(
      3
    )
  }, 120_000)

  it('a tracing service failing past its retries after DEPLOYED could not conclude, and rolls back', async () => {
    const services = await existing()
    seedGate(services.tracing, { examples: 2 })
    services.tracing.injectFault({ method: 'POST', kind: 'status', status: 503, times: 1_000 })
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.5 } }, rollback: { 'on-failure': true } }
      })
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs['eval-passed']).toBe('false')
    expect(failure(run)).toMatch(/could not conclude/)
    expect(run.outputs['rolled-back']).toBe('true')
    expect(services.tracing.sessions()).toEqual([])
  }, 120_000)
})

describe('hostile text never reaches the log or the summary raw', () => {
  it('evaluator comments, agent replies and example lines', async () => {
    const secret = 'emulator-key'
    const services = await existing({
      agent: {
        beforeRun: (message) => ({
          status: 200,
          body: {
            messages: [
              { type: 'human', content: message },
              { type: 'ai', content: `::error::HOSTILE-REPLY ${secret}\n::warning::two` }
            ]
          }
        })
      }
    })
    const dataset = services.tracing.seedDataset({
      name: 'gate-dataset',
      examples: [
        {
          inputs: {
            messages: [
              { role: 'user', content: `<img src=x onerror=alert(1)> HOSTILE-EXAMPLE ${secret}` }
            ]
          },
          outputs: { answer: 'echo' }
        },
        {
          inputs: {
            messages: [{ role: 'user', content: '::error::HOSTILE-LINE | [a](javascript:x)' }]
          },
          outputs: { answer: 'echo' }
        }
      ]
    })
    services.tracing.addRule({
      dataset_id: dataset.id,
      keys: ['correctness'],
      score: () => 0.25,
      comment: `::error::HOSTILE-COMMENT ${secret} <script>alert(1)</script>`
    })
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.5 } } },
        'tracing-web-url': 'https://tracing.example.com'
      })
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs['eval-passed']).toBe('false')
    // The runner hides its masks; everything else a person can see.
    const shown = run.log.filter((line) => !line.startsWith('::add-mask::')).join('\n')
    const everything = `${shown}\n${run.summary}\n${JSON.stringify(run.outputs)}`
    expect(everything).not.toContain('HOSTILE-COMMENT')
    expect(everything).not.toContain('HOSTILE-REPLY')
    expect(everything).not.toContain(secret)
    // The examples' first lines are shown, escaped: no markup, no link, no command.
    expect(run.summary).toContain('HOSTILE-EXAMPLE')
    expect(run.summary).not.toMatch(/<img|<script/)
    expect(run.summary).not.toMatch(/[^\\]\]\(javascript/)
    expect(run.log.filter((line) => /^::error::HOSTILE/.test(line))).toEqual([])
  }, 120_000)
})
