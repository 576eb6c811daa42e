/**
 * The workflows of the README and its recipe pages as a runner reads them: their YAML code blocks (read as GitHub reads them,
 * a CommonMark parser: a fence closes only with at least its own length), the workflows among
 * them, each step that uses this action once per event the workflow names (and per matrix entry),
 * and its `${{ }}` expressions given test values. Shared by the tests that hold the workflows to
 * what the README promises and the tests that run them; no hooks here.
 */
import { parse } from 'yaml'
import { PAGES, parseMarkdown, type CodeBlock } from './readme'

const ACTION = /^our-org\/deploy-agent@/
/** What a pull-request job checks so that a fork's pull request (which gets no secrets) skips it. */
export const SAME_REPOSITORY = 'github.event.pull_request.head.repo.full_name == github.repository'
export const PR_NUMBER = 42
export const LISTENER = '123e4567-e89b-42d3-a456-426614174001'

/** One way a workflow is triggered: the event, and what the runner says about it. */
export interface Trigger {
  event: string
  /** The pull request event's `action` (opened, closed). */
  action?: string
  ref: string
  /** A pull request from a fork. */
  fork?: boolean
}

export interface Context extends Trigger {
  matrix: Record<string, string>
  apiUrl: string
  /** The tracing service's URL (`vars.TRACING_URL`). */
  tracingUrl: string
}

/**
 * The value of each expression the README uses, for a context. An expression missing here fails
 * the test with its text: give it a value (or an outcome for `if:`) that a runner would.
 */
const EXPRESSIONS: Record<string, (context: Context) => string> = {
  'vars.CONTROL_PLANE_URL': (context) => context.apiUrl,
  'vars.TRACING_URL': (context) => context.tracingUrl,
  'secrets.CONTROL_PLANE_KEY': () => 'emulator-key',
  'secrets.OPENAI_API_KEY': () => 'sk-readme-example',
  'secrets.TRACING_API_KEY': () => 'lsv2-readme-example',
  'vars.INTEGRATION_ID': () => '123e4567-e89b-42d3-a456-426614174000',
  'vars.LISTENER_ID': () => LISTENER,
  'github.sha': () => 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0',
  'github.token': () => 'ghs_readme_example',
  'github.base_ref': (context) => (context.event === 'pull_request' ? 'main' : ''),
  'github.event.pull_request.number': (context) =>
    context.event === 'pull_request' ? String(PR_NUMBER) : '',
  "github.event.action != 'closed'": (context) => String(context.action !== 'closed'),
  "github.event.action == 'closed'": (context) => String(context.action === 'closed'),
  'matrix.environment': (context) => context.matrix.environment ?? '',
  "matrix.environment == 'production' && 'prod' || 'dev'": (context) =>
    context.matrix.environment === 'production' ? 'prod' : 'dev',
  "github.event_name != 'schedule' || matrix.environment != 'production'": (context) =>
    String(context.event !== 'schedule' || context.matrix.environment !== 'production'),
  "github.ref_type == 'tag'": (context) => String(context.ref.startsWith('refs/tags/')),
  [SAME_REPOSITORY]: (context) => String(context.event === 'pull_request' && !context.fork),
  'inputs.to-revision': () => ''
}

export function evaluate(expression: string, context: Context): string {
  const value = EXPRESSIONS[expression.trim()]
  if (value) return value(context)
  // `a && b`: each side on its own.
  const sides = expression.split(' && ')
  if (sides.length > 1) return String(sides.every((side) => evaluate(side, context) === 'true'))
  throw new Error(`The README uses \${{ ${expression.trim()} }}: give it a test value`)
}

export function substitute(text: string, context: Context): string {
  return text.replace(/\$\{\{(.+?)\}\}/g, (_, expression: string) => evaluate(expression, context))
}

/** An `if:` as the runner reads it: an expression with or without `${{ }}`. */
export function passes(condition: unknown, context: Context): boolean {
  if (condition === undefined) return true
  const text = String(condition).replace(/^\$\{\{(.+)\}\}$/s, '$1')
  return evaluate(text, context) === 'true'
}

export interface Step {
  uses?: string
  if?: string
  with?: Record<string, unknown>
  run?: string
  env?: Record<string, string>
}
export interface Concurrency {
  group?: string
  'cancel-in-progress'?: boolean
}
export interface Job {
  if?: string
  'runs-on'?: string
  environment?: unknown
  permissions?: unknown
  concurrency?: unknown
  steps?: Step[]
  strategy?: { matrix?: Record<string, unknown[]> }
}
export interface Workflow {
  on?: unknown
  permissions?: unknown
  concurrency?: unknown
  jobs?: Record<string, Job>
}

/** How each event the workflow names is triggered; a pull request from this repository and from a fork. */
function triggersOf(workflow: Workflow): Trigger[] {
  const on = workflow.on ?? 'push'
  const events =
    typeof on === 'string'
      ? { [on]: {} }
      : Array.isArray(on)
        ? Object.fromEntries(on.map((e: string) => [e, {}]))
        : (on as Record<string, { tags?: string[]; types?: string[] } | null>)
  return Object.entries(events).flatMap(([event, filter]): Trigger[] => {
    if (event === 'push') {
      const filtered = filter as { tags?: string[]; branches?: string[] } | null
      const refs = [
        ...(filtered?.branches || !filtered?.tags ? ['refs/heads/main'] : []),
        ...(filtered?.tags ? ['refs/tags/v1.2.3'] : [])
      ]
      return refs.map((ref) => ({ event, ref }))
    }
    if (event === 'pull_request') {
      const types = filter?.types ?? ['opened']
      return types
        .filter((type) => type === 'opened' || type === 'closed')
        .flatMap((action) =>
          [false, true].map((fork) => ({
            event,
            action,
            fork,
            ref: `refs/pull/${PR_NUMBER}/merge`
          }))
        )
    }
    return [{ event, ref: 'refs/heads/main' }]
  })
}

export interface Example {
  /** The page that holds the block (README.md, docs/recipes/….md). */
  path: string
  /** The line of the block's opening fence in its page. */
  line: number
  job: string
  trigger: Trigger
  matrix: Record<string, string>
  step: Step
  jobIf?: string
  jobEnvironment: unknown
  /** The permissions the job's token gets: its own, or else the workflow's. */
  permissions: unknown
}

/** A workflow, when the block is one (a smoke-case file is not). */
export function workflowOf(text: string): Workflow | undefined {
  const parsed = parse(text) as unknown
  return typeof parsed === 'object' && parsed !== null && 'jobs' in parsed
    ? (parsed as Workflow)
    : undefined
}

export const usesAction = (step: Step) => ACTION.test(step.uses ?? '')

function examplesOf({ text, line, path }: PageBlock): Example[] {
  const workflow = workflowOf(text)
  return Object.entries(workflow?.jobs ?? {}).flatMap(([jobName, job]) => {
    const matrix = job.strategy?.matrix ?? {}
    const entries = Object.entries(matrix).reduce<Record<string, string>[]>(
      (combos, [key, values]) =>
        combos.flatMap((combo) => values.map((value) => ({ ...combo, [key]: String(value) }))),
      [{}]
    )
    return triggersOf(workflow ?? {}).flatMap((trigger) =>
      entries.flatMap((entry) =>
        (job.steps ?? []).filter(usesAction).map((step) => ({
          path,
          line,
          job: jobName,
          trigger,
          matrix: entry,
          step,
          jobIf: job.if,
          jobEnvironment: job.environment,
          permissions: job.permissions ?? workflow?.permissions
        }))
      )
    )
  })
}

/** A code block of a page, with the page's path. */
export interface PageBlock extends CodeBlock {
  path: string
}

/** Where a block is, for a test's name: `docs/recipes/smoke-suite.md line 40`. */
export const whereIs = (block: { path: string; line: number }) => `${block.path} line ${block.line}`

/** The YAML code blocks of the README and the recipe pages, with their pages and lines. */
export const yamlBlocks: PageBlock[] = PAGES.flatMap((page) =>
  parseMarkdown(page.text)
    .blocks.filter((block) => block.lang === 'yaml')
    .map((block) => ({ ...block, path: page.path }))
)
/** Their texts. */
export const blocks = yamlBlocks.map((block) => block.text)
/** Every step of a workflow there that uses the action, once per trigger and matrix entry. */
export const examples = yamlBlocks.flatMap(examplesOf)

/** A step that only checks (`operation: validate`): no credentials, nothing sent, forks welcome. */
export const validates = (step: Step) => step.with?.operation === 'validate'

/**
 * The files a page shows, by the path its block names on the first line (`# .github/release-policy.yml`),
 * workflows aside: what a checkout of the repository holds for the page's workflows. A page that
 * shows none of a file uses the README's (the quick start's release policy).
 */
export function filesOf(path: string): Record<string, string> {
  const shown = (page: string) =>
    Object.fromEntries(
      yamlBlocks
        .filter((block) => block.path === page && workflowOf(block.text) === undefined)
        .flatMap((block) => {
          const named = /^# (\S+\.(?:ya?ml|jsonl?))\n/.exec(block.text)?.[1]
          return named === undefined ? [] : [[named, block.text] as const]
        })
    )
  return { ...shown('README.md'), ...shown(path) }
}
