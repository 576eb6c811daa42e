/** What a bake will read, in lines for the log (a dry run's plan). Pure. */
import type { PreparedBake } from './prepare'
import { bakeSchedule } from './windows'
import { lengthWords, statsWords } from './words'

export function describeBakePlan(prepared: PreparedBake): string[] {
  const { settings, previous, project } = prepared
  const schedule = bakeSchedule(0, settings.durationMs, settings.intervalMs)
  const first = schedule.reads[0]
  const last = schedule.reads[schedule.reads.length - 1]
  const at = (ms: number) => `+${lengthWords(ms)}`
  const lines = [
    `Bake window: after the checks, the ${lengthWords(settings.durationMs)} from the last check's end, read ${schedule.reads.length} times (every ${lengthWords(settings.intervalMs)}, ${lengthWords(schedule.settlingMs)} behind, cumulative)${project ? ` in the tracing project ${project.name}` : ', in the project the create makes'}.`
  ]
  if (first && last)
    lines.push(
      `Bake window: the first read at ${at(first.due)} covers [start, ${at(first.to)}); the last at ${at(last.due)} covers [start, ${at(last.to)}); at most ${lengthWords(schedule.end)} after the checks.`
    )
  if (settings.revisionKey !== undefined)
    lines.push(
      `Bake window: only runs whose metadata ${settings.revisionKey} holds the revision's id count.`
    )
  if (previous.kind === 'read')
    lines.push(
      `Bake window: the previous revision's window (the ${lengthWords(settings.durationMs)} before this run began): ${statsWords(previous.stats)}.`
    )
  if (previous.kind === 'none') lines.push(`Bake window: ${previous.why}.`)
  return lines
}
