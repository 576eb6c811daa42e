import { plainHeadline } from './headline'
import { shortenIds, type ReportModel } from './report-model'

/** About the length of a line GitHub shows whole at the top of a run and in the Checks tab. */
export const MAX_ERROR_LINE = 300

/**
 * The step's `::error` line: what a person meets first on a red run, so the headline's words and
 * the reason's first line, short ids only. The long account goes to the log beside it.
 */
export function errorLine(
  model: Pick<ReportModel, 'headline' | 'reason' | 'deploymentName'>
): string {
  const headline = shortenIds(plainHeadline(model))
  const reason = shortenIds(model.reason ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line.length > 0)
  // A refusal lists each problem by input under its first line: a person acts on each one.
  const problems = shortenIds(model.reason ?? '')
    .split(/\r?\n/)
    .filter((each) => /^\s*- /.test(each))
  // A reason that only leads into that list ("…; nothing was written:") adds nothing the
  // headline lacks.
  const leadsIn = reason !== undefined && reason.endsWith(':') && problems.length > 0
  const line = reason && !leadsIn ? joined(headline, reason, `${model.deploymentName}: `) : headline
  const cut = line.length > MAX_ERROR_LINE ? `${line.slice(0, MAX_ERROR_LINE - 1)}…` : line
  return [cut, ...problems].join('\n')
}

/**
 * The headline then the reason; when the reason opens with the headline's first words ("timed
 * out after 3s …") it says the same at more length, and stands alone after the name.
 */
function joined(headline: string, reason: string, namePrefix: string): string {
  const words = headline.startsWith(namePrefix) ? headline.slice(namePrefix.length) : headline
  // Durations are left out: the headline counts the whole run, the reason when it stopped, so
  // "cancelled after 3s" and "Cancelled after 2s while …" say the same thing.
  const opening = (text: string) =>
    text
      .toLowerCase()
      .replace(/\d+(?:\.\d+)?(?:ms|h|m|s)?/g, '#')
      .split(/\s+/)
      .slice(0, 3)
      .join(' ')
  return opening(reason) === opening(words)
    ? `${headline.slice(0, headline.length - words.length)}${reason}`
    : `${headline}. ${reason}`
}
