/**
 * A problem of the release policy as data: the sentence, the key path, and where it stands (the
 * file as written in `release-policy`, its line and column), so the wiring can make it an
 * annotation on the file (`::error file=…,line=…,col=…::`) and a pull request shows it on its diff.
 */
export interface PolicyProblem {
  /** A sentence that starts with what it is about (the key path, or the file). */
  message: string
  /** `section.key.name`; empty for the file as a whole. */
  keyPath: string
  /** The file the problem is in, relative to the workspace as written. */
  file: string
  /** 1-based; undefined when the problem is about the file as a whole. */
  line?: number
  col?: number
}

/** A key path as people read it: `section.key.name`, `section.list[2].key` (1-based). */
export function keyPathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => {
    if (typeof part === 'number') return `${text}[${part + 1}]`
    return text === '' ? String(part) : `${text}.${String(part)}`
  }, '')
}

/** The problem as one line of the log: `policy.yml:14:5: section.key must …`. */
export function problemLine(problem: PolicyProblem): string {
  const where = [problem.file, problem.line, problem.col].filter((part) => part !== undefined)
  return `${where.join(':')}: ${problem.message}`
}

/** The same problem reported twice (a rule judged for the file and again for each entry) once. */
export function uniqueProblems(problems: PolicyProblem[]): PolicyProblem[] {
  const seen = new Set<string>()
  return problems.filter((problem) => {
    const id = `${problem.file}\n${problem.line}\n${problem.col}\n${problem.message}`
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}

/** A problem judged with an environments entry merged over the rest (undefined: as written). */
export interface JudgedProblem {
  entry: string | undefined
  /** Its sentence without the entry: the same rule broken by two entries reads the same. */
  problem: PolicyProblem
}

/**
 * One problem per place and sentence: a rule broken as written is said once, without an entry;
 * one broken only by entries is said once for its line, naming each entry that breaks it.
 */
export function saidOnce(judged: readonly JudgedProblem[]): PolicyProblem[] {
  const byPlace = new Map<string, { problem: PolicyProblem; entries: (string | undefined)[] }>()
  for (const { entry, problem } of judged) {
    const id = `${problem.file}\n${problem.line}\n${problem.col}\n${problem.message}`
    const same = byPlace.get(id)
    if (same === undefined) byPlace.set(id, { problem, entries: [entry] })
    else if (!same.entries.includes(entry)) same.entries.push(entry)
  }
  return [...byPlace.values()].map(({ problem, entries }) => {
    if (entries.includes(undefined)) return problem
    const names = entries.map((entry) => `environments.${entry}`)
    const context =
      names.length === 1 ? `with ${names[0]} merged` : `with each of ${names.join(', ')} merged`
    return { ...problem, message: `${context}: ${problem.message}` }
  })
}

/** The known name closest to a misspelt one, when it is close enough to be the one meant. */
export function nearest(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined
  const folded = name.toLowerCase()
  for (const candidate of known) {
    // Never closer than their lengths differ: most candidates are ruled out without a table.
    if (best !== undefined && Math.abs(candidate.length - folded.length) >= best.distance) continue
    const distance = editDistance(folded, candidate.toLowerCase())
    if (best === undefined || distance < best.distance) best = { name: candidate, distance }
  }
  if (best === undefined) return undefined
  return best.distance <= Math.max(2, Math.floor(best.name.length / 3)) ? best.name : undefined
}

/** Levenshtein distance, an adjacent swap counting as one edit; three rows, no allocation per cell. */
function editDistance(a: string, b: string): number {
  const width = b.length + 1
  let before = new Int32Array(width)
  let previous = Int32Array.from({ length: width }, (_, j) => j)
  let current = new Int32Array(width)
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1)
      current[j] = value
    }
    ;[before, previous, current] = [previous, current, before]
  }
  return previous[b.length] ?? 0
}
