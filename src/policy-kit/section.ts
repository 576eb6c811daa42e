/**
 * One section of the release policy as one declaration: its keys' schema (for the file and for an
 * environments entry), their defaults and words, how the pull request's diff judges each key, the
 * rules between its keys and with the step's inputs, the keys that may name a workspace file, and
 * the mapping to its step's typed settings. The policy machinery (./sections.ts lists the
 * declarations) iterates over these and never names a section. A declaration lives in its step's
 * folder beside the step, as a module of its own that loads none of the step's code.
 */
import { z } from 'zod'
import { key, mappingError } from './schema-kit'

export type KeyPath = (string | number)[]

/** A rule's problem: the key that needs another (its path in the policy), and the sentence. */
export interface RuleProblem {
  path: string[]
  message: string
}

/** A zod issue said as sentences after key paths (./schema-issues.ts). */
export interface ExplainedIssue {
  path: KeyPath
  message: string
  /** Placed on the key rather than its value (an unknown key). */
  key?: boolean
  /** An unknown key's nearest known one, when it is close enough to be the one meant. */
  meant?: string
}

/** The inputs a section's settings also need: how the agent server and the tracing service are reached. */
export interface PolicyStepInputs {
  apiKey: string
  agentApiKey?: string
  agentAuthScheme?: string
  tracingUrl?: string
  tracingWebUrl?: string
}

/** What the rules with the step's inputs are judged against. */
export interface StepFacts {
  wait: boolean
  tracingUrl?: string
  /**
   * operation validate: a rule with an input is judged only when the job gives that input, so a
   * correct policy passes a job that gives just `operation` and `release-policy`.
   */
  validating?: boolean
}

/** Whether a rule needing an input of the step is broken by its absence (never when validating). */
export const lacksInput = (step: StepFacts, input: string | undefined): boolean =>
  input === undefined && step.validating !== true

/** One side of a pull request's diff as a key's judgement reads it: its section in effect. */
export interface DiffSide {
  /** The section's values in effect (defaults filled in). */
  values: Readonly<Record<string, unknown>>
  /** The items of one of its keys' lists as written (a named file's, or inline); undefined: unknown. */
  list(key: string): readonly unknown[] | undefined
}

/**
 * How one key is judged in a pull request's diff of the policy in effect: on the value that
 * applies, which may take other keys or a named file's list into account.
 */
export interface KeyDiff {
  /** 1: a higher judged value is stronger; -1: a lower one is; none: a change is only `changed`. */
  direction?: 1 | -1
  /** Removing it takes a check away (weaker), adding it puts one (stronger). */
  removalWeakens?: boolean
  /**
   * A weaker change of it takes a check or the safety net away: among the worst a pull request's
   * ⚠️ line names first, before a looser bound.
   */
  takesCheck?: boolean
  /** A mapping each of whose keys is a setting of its own (`section.key.name`). */
  perKey?: boolean
  /**
   * In a `perKey` mapping: the name whose line stands for every name without a line of its own
   * (`*`), and the names it may stand for on a side (each gated key). Such a name is compared as
   * its own line where either side writes one; where neither does, the standing line speaks for
   * it, and that line is judged only when it stands for a name on both sides.
   */
  fallback?: { name: string; names(side: DiffSide): readonly string[] }
  /**
   * What the direction judges: the value that applies on this side (a number), when it is not
   * the value itself (a number, or a boolean as 0 or 1); undefined: not comparable, `changed`.
   */
  judged?(value: unknown, side: DiffSide): number | undefined
  /** The value (each value of a `perKey` mapping) as people read it; JSON text when not given. */
  shown?(value: unknown, side: DiffSide): string
}

/** A problem of a named file: on the policy's key that names it, or in the file at its place. */
export type FileProblem =
  | { message: string; inFile?: undefined }
  | {
      /** A sentence that starts with the key path. */
      message: string
      /** The key path inside the file's list (`[2, 'graph-id']`). */
      inFile: KeyPath
      line: number
      col: number
    }

/** A list as read from a named file (or written inline): as written, and parsed. */
export interface NamedList<Item = unknown> {
  written: unknown[]
  items: Item[]
}

/** A file read: its list, and where a key path of it stands. */
export interface FileRead<Item> extends NamedList<Item> {
  locate?(path: KeyPath): { line: number; col: number }
}

/** Facts read beside the policy that a named list is checked against (the graph names). */
export interface LoadFacts {
  /** The keys of `graphs` in the application's configuration; undefined when it was not read. */
  graphs?: readonly string[]
}

/**
 * A key whose value is a path to a workspace file, or the list itself. One reader
 * (./named-files.ts) reads each named file once, in the workspace or at a pull request's base.
 */
export interface FileKey<Item = unknown> {
  /** The file in a sentence: "the case file". */
  what: string
  /** The largest file of this kind (the reader reads up to the largest of all kinds). */
  maxBytes: number
  /**
   * A named file's bytes → its list, or every problem with it. Asynchronous only so that its
   * parser (YAML) loads when a policy names such a file, not with every declaration.
   */
  parse(
    bytes: Buffer,
    named: string
  ): Promise<
    | { read: FileRead<Item> }
    | {
        problems: FileProblem[]
        /** What of a list with problems can still be checked beside the policy (`check`). */
        partial?: FileRead<Item>
      }
  >
  /** An inline list (as the schema parsed it) → its items, or the problems the schema cannot see. */
  inline(list: unknown[]): { items: Item[] } | { problems: { index: number; message: string }[] }
  /** Every list in effect, checked against facts read beside the policy. */
  check?(list: NamedList<Item>, facts: LoadFacts): { path: KeyPath; message: string }[]
  /** The known keys of one item (an unknown key gets the nearest of them). */
  itemKeys: readonly string[]
  /** A zod issue inside an inline list, said by the list itself (`prefix` is the list's key path). */
  explainIssue?(issue: z.core.$ZodIssue, prefix: KeyPath): ExplainedIssue[]
  /** The diff matches an item across the two sides by this. */
  identity(written: unknown, index: number): string
  /** An item as the diff shows it. */
  shown(written: unknown): string
}

/** What a section's rules are given beside its own values. */
export interface RuleContext {
  /** The whole policy in effect (read another section through its declaration's accessor). */
  policy: Readonly<Record<string, unknown>>
  /** Whether the file (merged with the entry, before defaults) gives this section's `key` itself. */
  given(key: string): boolean
  /** The items of a file-valued key of this section, when they could be read. */
  itemCount(key: string): number | undefined
}

/** What a section's settings are made from beside its own values. */
export interface SettingsContext {
  /** The whole policy in effect (read another section through its declaration's accessor). */
  policy: Readonly<Record<string, unknown>>
  /** Every named list in effect, by key path (`section.key`). */
  files: Readonly<Record<string, NamedList>>
  inputs: PolicyStepInputs
}

/** A key builder: optional in the file; in an environments entry also `null` (remove it). */
export type KeyOf = <T extends z.ZodType>(schema: T) => z.ZodOptional<T>

/** A section's keys as a function of the key builder. */
export type Keys<Shape extends z.core.$ZodLooseShape> = (key: KeyOf, entry: false) => Shape

/** A section's values as a policy holds them, parsed. */
export type Values<K extends Keys<z.core.$ZodLooseShape>> = z.output<z.ZodObject<ReturnType<K>>>

/** A named file in the policy in effect (and its digest): editing the file changes the digest. */
export interface FileRef {
  path: string
  sha256: string
}

/** A section in effect: each file-valued key holds the file's reference, or its inline list. */
export type InEffect<V, FileKeys extends keyof V = never> = Omit<V, FileKeys> & {
  [K in FileKeys]?: FileRef | Exclude<V[K], string | undefined>
}

/**
 * One section's declaration. `Effective` is the section in effect (file-valued keys resolved),
 * `Written` as the rules see it (parsed, files not yet resolved).
 */
export interface SectionSpec<
  Name extends string,
  Shape extends z.core.$ZodLooseShape,
  Settings,
  Effective,
  Written = Effective
> {
  name: Name
  /** How a sentence says "the section's keys" when it is not `<name>'s` (`assistants'`). */
  possessive?: string
  /**
   * The section's keys. `entry` is true for an environments entry (a map's values may be `null`
   * there); the types are the file's, since an entry's schema only validates.
   */
  keys: Keys<Shape>
  /** Each key's default, as written in a file (filled in only when the section is present). */
  defaults: Readonly<Record<string, unknown>>
  /** The section in effect in words, for the run's summary (plain text, escaped by the report). */
  words(section: Effective): string[]
  /** How the pull request's diff judges each key (a key not named: any change is `changed`). */
  diff?: Readonly<Record<string, KeyDiff>>
  /** The keys that may name a workspace file, and how each file is read. */
  files?: Readonly<Record<string, FileKey<unknown>>>
  /** The rules between this section's keys (and with another's, read through its accessor). */
  rules?(section: Written, context: RuleContext): RuleProblem[]
  /**
   * With `wait: false` nothing acts after DEPLOYED: the key that asks for this section's step,
   * and whether its value (as written) asks.
   */
  actsOnDeployed?: { key: string; asks(value: unknown): boolean }
  /** The rules with the step's other inputs, judged on the file as written (a key counts when present). */
  inputRules?(value: (key: string) => unknown, step: StepFacts): RuleProblem[]
  /** The step's typed settings (undefined: the step does not run). */
  settings(section: Effective | undefined, context: SettingsContext): Settings
  /** Notices to log before anything is sent. */
  notices?(settings: Settings, step: { dryRun: boolean }): string[]
  /**
   * A bounded exception to `timeout` ("Untrusted text": only a few things may run after it): how
   * long the section's step (the step of its name) may take from its start, whatever the
   * phase's time left. The deadline module (../run/deadlines.ts) makes the deadline from it.
   */
  overtimeMs?(settings: NonNullable<Settings>): number
}

/** A declared section: the spec with its two schemas made. */
export interface Section<
  Name extends string = string,
  Shape extends z.core.$ZodLooseShape = z.core.$ZodLooseShape,
  Settings = unknown,
  Effective = never,
  Written = never
> extends SectionSpec<Name, Shape, Settings, Effective, Written> {
  /** The section as a policy holds it. */
  file: z.ZodObject<Shape, z.core.$strict>
  /** The section as an environments entry holds it (any key also `null`). */
  entry: z.ZodType
}

/** The declaration of a section, with its schema for the file and for an environments entry. */
export function defineSection<
  Name extends string,
  Shape extends z.core.$ZodLooseShape,
  Settings,
  Effective,
  Written
>(
  spec: SectionSpec<Name, Shape, Settings, Effective, Written>
): Section<Name, Shape, Settings, Effective, Written> {
  const fileKey: KeyOf = (schema) => key(false, schema)
  const entryKey = ((schema: z.ZodType) => key(true, schema)) as unknown as KeyOf
  const mapping = <S extends z.core.$ZodLooseShape>(shape: S) =>
    z.strictObject(shape, {
      error: mappingError(`a mapping of ${spec.possessive ?? `${spec.name}'s`} keys`)
    })
  return {
    ...spec,
    file: mapping(spec.keys(fileKey, false)),
    // The same keys, each also `null`; a map's values too (`entry` tells the kinds of value).
    entry: mapping(spec.keys(entryKey, true as false))
  }
}
