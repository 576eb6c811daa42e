/**
 * Waits until `condition` holds, looking again every few milliseconds: a test waits for a state,
 * never for a time. The bound (some ten seconds of looks) only catches what never happens.
 */
export async function until(condition: () => boolean, what = 'the condition'): Promise<void> {
  for (let looks = 0; !condition(); looks++) {
    if (looks > 2_000) throw new Error(`${what} never held`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
