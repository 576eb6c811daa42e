import type { Answer } from './http'
import type { ValidationProblem } from './rules'
import {
  check,
  describeProblems,
  rootRunProblems,
  runBatch,
  runCreate,
  runPatch,
  type RunCreate,
  type RunPatch
} from './tracing-schemas'
import type { TracingStore } from './tracing-store'

/** What the ingest endpoints have taken in, for tests. */
export interface IngestCounts {
  /** Run posts accepted (a duplicate included). */
  runPosts: number
  /** Posts of a run id already posted: each changed nothing. */
  duplicateRunPosts: number
  runPatches: number
}

const MAX_RUNS = 100
const METHOD_NOT_ALLOWED: Answer = {
  status: 405,
  body: { error: 'Method Not Allowed', details: '' }
}

const refused = (problems: ValidationProblem[]): Answer => ({
  status: 422,
  body: { error: 'Unprocessable entity', details: describeProblems(problems) }
})

/**
 * `POST /runs`, `POST /runs/batch` and `PATCH /runs/{id}`: a batch is checked whole before any
 * of it is stored, and answered 202 (the run becomes visible after the ingest lag).
 */
export function ingest(
  store: TracingStore,
  counts: IngestCounts,
  method: string,
  id: string | undefined,
  body: unknown,
  duplicateStatus: 202 | 409
): Answer {
  if (method === 'POST' && id === undefined)
    return apply(store, counts, [body], [], duplicateStatus, [])
  if (method === 'POST' && id === 'batch') {
    const batch = check(runBatch, body)
    if (!batch.ok) return refused(batch.problems)
    const posts = batch.value.post ?? []
    const patches = batch.value.patch ?? []
    if (posts.length + patches.length > MAX_RUNS)
      return refused([
        { loc: ['body'], msg: `at most ${MAX_RUNS} runs per batch`, type: 'too_long' }
      ])
    return apply(store, counts, posts, patches, duplicateStatus, ['post'])
  }
  if (method === 'PATCH' && id !== undefined && id !== 'batch') {
    const checked = check(runPatch, body)
    if (!checked.ok) return refused(checked.problems)
    if (!store.hasRun(id))
      return { status: 404, body: { error: 'Not Found', details: `run ${id} not found` } }
    store.patchRun(id, checked.value)
    counts.runPatches += 1
    return { status: 202, body: {} }
  }
  return METHOD_NOT_ALLOWED
}

function apply(
  store: TracingStore,
  counts: IngestCounts,
  postBodies: unknown[],
  patchBodies: unknown[],
  duplicateStatus: 202 | 409,
  postLoc: string[]
): Answer {
  const problems: ValidationProblem[] = []
  const posts: RunCreate[] = []
  postBodies.forEach((body, index) => {
    const loc = postLoc.length === 0 ? [] : [...postLoc, index]
    const checked = check(runCreate, body, loc)
    if (!checked.ok) return problems.push(...checked.problems)
    problems.push(...rootRunProblems(checked.value, loc))
    if (!store.hasSession(checked.value.session_id))
      problems.push({
        loc: ['body', ...loc, 'session_id'],
        msg: 'session not found',
        type: 'value_error'
      })
    posts.push(checked.value)
  })
  const posted = new Set(posts.map((run) => run.id))
  const patches: RunPatch[] = []
  patchBodies.forEach((body, index) => {
    const checked = check(runPatch, body, ['patch', index])
    if (!checked.ok) return problems.push(...checked.problems)
    const runId = checked.value.id
    if (runId === undefined)
      problems.push({ loc: ['body', 'patch', index, 'id'], msg: 'Field required', type: 'missing' })
    else if (!posted.has(runId) && !store.hasRun(runId))
      problems.push({
        loc: ['body', 'patch', index, 'id'],
        msg: 'run not found',
        type: 'value_error'
      })
    patches.push(checked.value)
  })
  if (problems.length > 0) return refused(problems)
  const duplicates = posts.filter((run) => store.postRun(run) === 'duplicate').map((run) => run.id)
  counts.runPosts += posts.length
  counts.duplicateRunPosts += duplicates.length
  for (const patch of patches) store.patchRun(patch.id as string, patch)
  counts.runPatches += patches.length
  if (duplicates.length > 0 && duplicateStatus === 409)
    return {
      status: 409,
      body: { error: 'Conflict', details: `run ${duplicates[0]} already exists` }
    }
  return { status: 202, body: {} }
}
