import { z } from 'zod'
import type { Incompatibility, Judgement, ParkedThread } from './compatibility'

// What the parked-threads step saw, for the report and the `parked-threads` output. Ids are the
// server's: the output keeps 8 characters of a thread's, and a graph, node or key name only in
// the shape the spec allows (null otherwise), so nothing a server made up reaches an output.

export type ThreadsVerdict = 'pass' | 'fail' | 'warn' | 'inconclusive'

export interface ParkedThreadsPayload {
  /** Interrupted threads read, and how many there were. */
  read: number
  total: number
  /** Where the threads read wait: per graph and node, how many. */
  parked: { graph: string; node: string; threads: number }[]
  incompatible: Incompatibility[]
  judgement?: Judgement
  /** Answered (a new checkpoint) or deleted (404) during the deploy; too large to judge. */
  movedOn: string[]
  deleted: string[]
  tooLarge: string[]
  /** After a rollback: back at their node and waiting, or answered while the new code served. */
  waitingAgain?: string[]
  answeredLost?: string[]
  /** Each canary's verdict and its reply's first line (the summary's; the output never has it). */
  canary: { name: string; verdict: ThreadsVerdict; reply?: string; why?: string }[]
  verdict: ThreadsVerdict
}

/** A name as an output may carry it. */
export const OUTPUT_NAME = /^[A-Za-z0-9_.:-]{1,128}$/

/** A server's name where an output or a sentence may carry it: null when of another shape. */
export const shown = (name: string | undefined) =>
  name !== undefined && OUTPUT_NAME.test(name) ? name : null

/** A thread as people and outputs see it: its id's first 8 characters, hex only. */
export function shortId(id: string): string | null {
  const short = id.slice(0, 8)
  return /^[0-9a-f]{8}$/i.test(short) ? short.toLowerCase() : null
}

/** Where the threads wait, per graph and node. */
export function parkedNodes(threads: readonly ParkedThread[]): ParkedThreadsPayload['parked'] {
  const counts = new Map<string, { graph: string; node: string; threads: number }>()
  for (const thread of threads)
    for (const node of thread.nodes) {
      const graph = thread.graph ?? ''
      const key = JSON.stringify([graph, node])
      const entry = counts.get(key) ?? { graph, node, threads: 0 }
      entry.threads += 1
      counts.set(key, entry)
    }
  return [...counts.values()]
}

const name = z.string().regex(OUTPUT_NAME).nullable()
const verdict = z.enum(['pass', 'fail', 'warn', 'inconclusive'])
const whole = z.number().int().min(0)

/** The `parked-threads` output's shape: what the outputs' shape check holds it to. */
export const parkedThreadsOutputSchema = z.strictObject({
  read: whole,
  total: whole,
  parked: z.array(z.strictObject({ graph: name, node: name, threads: whole })),
  incompatible: z.array(
    z.union([
      z.strictObject({
        thread: z
          .string()
          .regex(/^[0-9a-f]{8}$/)
          .nullable(),
        graph: name,
        node: name,
        why: z.enum(['node', 'graph', 'stranded'])
      }),
      z.strictObject({
        thread: z
          .string()
          .regex(/^[0-9a-f]{8}$/)
          .nullable(),
        graph: name,
        key: name,
        why: z.enum(['required', 'type'])
      })
    ])
  ),
  'moved-on': whole,
  deleted: whole,
  canary: z.array(z.strictObject({ name, verdict })),
  verdict
})

/** The `parked-threads` output (spec: Parked threads), in its shape only. */
export function parkedThreadsOutput(payload: ParkedThreadsPayload): Record<string, unknown> {
  return {
    read: payload.read,
    total: payload.total,
    parked: payload.parked.map((entry) => ({
      graph: shown(entry.graph),
      node: shown(entry.node),
      threads: entry.threads
    })),
    incompatible: payload.incompatible.map((entry) => ({
      thread: shortId(entry.thread),
      graph: shown(entry.graph),
      ...(entry.key !== undefined ? { key: shown(entry.key) } : { node: shown(entry.node) }),
      why: entry.why
    })),
    'moved-on': payload.movedOn.length,
    deleted: payload.deleted.length,
    canary: payload.canary.map((entry) => ({
      name: shown(entry.name),
      verdict: entry.verdict
    })),
    verdict: payload.verdict
  }
}

/** At most `most` names, then "and N more" (the log never lists every thread). */
export function someOf(names: readonly string[], most = 20): string {
  const listed = names.slice(0, most).join(', ')
  return names.length > most ? `${listed} and ${names.length - most} more` : listed
}

/** One incompatibility in words: `1a2b3c4d at agent/approval (node gone)`. */
export function incompatibilityWords(entry: Incompatibility): string {
  const where = `${shown(entry.graph) ?? '?'}${entry.key !== undefined ? ` key ${shown(entry.key) ?? '?'}` : entry.node !== undefined ? `/${shown(entry.node) ?? '?'}` : ''}`
  return `${shortId(entry.thread) ?? '?'} at ${where} (${WHY_WORDS[entry.why]})`
}

const WHY_WORDS: Record<Incompatibility['why'], string> = {
  node: 'its node is gone',
  required: 'a key newly required that it lacks',
  type: 'a value the new schema no longer admits',
  graph: 'its graph is gone',
  stranded: 'read again, it no longer waits at its node'
}
