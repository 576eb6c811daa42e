import { INPUT_DEFAULTS, type DefaultedInput, type InputName, type RawInputs } from './contract'
import { OPERATIONS, SOURCES, type Operation, type Source } from './fields'
import type { InputEnv, InputProblem } from './problems'

/**
 * The raw inputs as the rules read them. The rules judge how inputs go together, from the text
 * alone, so that they run (and every problem is listed at once) even when an input is invalid on
 * its own; an invalid operation or source counts as its default, as the field's problem says.
 */
export class Step {
  constructor(
    private readonly raw: RawInputs,
    readonly env: InputEnv
  ) {}

  /** The text of an input, undefined when blank. */
  text(input: InputName): string | undefined {
    const value = this.raw[input].trim()
    return value === '' ? undefined : value
  }

  /** Whether the user chose a value: neither blank nor the default of action.yml. */
  given(input: InputName): boolean {
    const value = this.text(input)
    return value !== undefined && value !== (INPUT_DEFAULTS as Partial<RawInputs>)[input]
  }

  flag(input: DefaultedInput | 'build-on-push'): boolean {
    return this.text(input)?.toLowerCase() === 'true'
  }

  get operation(): Operation {
    return OPERATIONS.find((op) => op === this.text('operation')) ?? INPUT_DEFAULTS.operation
  }

  get source(): Source {
    return SOURCES.find((source) => source === this.text('source')) ?? INPUT_DEFAULTS.source
  }
}

export type Rule = (step: Step) => InputProblem[]
