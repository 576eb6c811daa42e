import { afterEach, describe, expect, it } from '@jest/globals'
import { seedGate } from '../../emulator'
import { PagingError } from '../../src/control-plane/errors'
import { startWorld, type World } from './gate-harness'

/**
 * The feedback list, read by the gate while it waits for scores: every page of it, and a page
 * that repeats an earlier one (a service that ignores `offset`) is an error naming the list.
 */
let world: World | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

async function runWithFeedback(count: number) {
  world = await startWorld()
  const { dataset, examples } = seedGate(world.tracing, { examples: 1 })
  // Scores given (none): the dataset's rule leaves the run alone, so only these are its feedback.
  const { runIds } = world.tracing.seedExperiment({
    dataset_id: dataset.id,
    runs: [{ example_id: examples[0]?.id ?? '', scores: {} }]
  })
  const runId = runIds[0] as string
  for (let index = 0; index < count; index++)
    world.tracing.addFeedback({ run_id: runId, key: 'correctness', score: index / count })
  return { world, runId }
}

const feedbackReads = (world: World) =>
  world.tracing.requests.filter((request) => request.path === '/feedback').length

describe('the feedback list', () => {
  it('is read to its end over pages', async () => {
    const { world, runId } = await runWithFeedback(150)
    const deps = world.deps()
    const feedback = await deps.client.listFeedback([runId], 'correctness', {
      deadline: deps.deadline
    })
    expect(feedback).toHaveLength(150)
    expect(feedbackReads(world)).toBe(2)
  })

  it('of a service that ignores offset: the repeated page is an error naming the list', async () => {
    const { world, runId } = await runWithFeedback(150)
    world.tracing.injectFault({ kind: 'ignore-offset', path: '/feedback', times: 10_000 })
    const deps = world.deps()
    const read = deps.client.listFeedback([runId], 'correctness', { deadline: deps.deadline })
    await expect(read).rejects.toThrow(PagingError)
    await expect(read).rejects.toThrow(
      'the correctness feedback of 1 runs: page 2 holds the same ids as an earlier page'
    )
    expect(feedbackReads(world)).toBe(2)
  })
})
