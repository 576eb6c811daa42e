import { appendFileSync } from 'node:fs'

/**
 * What a hostile run measured, for RELIABILITY.md: with HOSTILE_FIGURES set to a file, each
 * figure is appended to it as a JSON line (`HOSTILE_FIGURES=/tmp/f.jsonl npm test --
 * __tests__/hostile`). Without it nothing is written.
 */
export function recordFigure(scenario: string, figures: Record<string, number | undefined>) {
  const file = process.env.HOSTILE_FIGURES
  if (file) appendFileSync(file, `${JSON.stringify({ scenario, ...figures })}\n`)
}
