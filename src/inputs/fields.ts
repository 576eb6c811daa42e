import { z } from 'zod'
import { OPERATION_NAMES } from '../operation-facts'
import { parseDuration } from '../lib/duration'
import { INPUT_DEFAULTS, MULTI_LINE_INPUTS, type DefaultedInput, type InputName } from './contract'
import { normaliseRepoRef } from './git-ref'
import { parseSecrets } from './secrets'
import { controlCharacterProblem } from './text'
import { DEPLOYMENT_TYPES, deploymentTypeProblem } from './deployment-type'
import { DEPLOYMENT_NAME } from '../lib/ids'

/** `log-lines` at the most: the logs are read over at most 3 pages of 100 lines, newest first. */
export const MAX_LOG_LINES = 200

export const SOURCES = ['git_host', 'external_image', 'internal_image', 'internal_source'] as const
export type Source = (typeof SOURCES)[number]
export { DEPLOYMENT_TYPES, type DeploymentType } from './deployment-type'
export const OPERATIONS = OPERATION_NAMES
export type Operation = (typeof OPERATIONS)[number]

/** Status checks more often than this only load the service (issue 12: 1,189 polls in 3 s). */
export const MIN_POLL_INTERVAL_MS = 1_000
/** A shorter prefix would let one prune reach far more deployments than its author meant. */
export const MIN_PRUNE_PREFIX = 3

/**
 * The runner's text of one input, undefined when blank. A one-line input is trimmed as
 * `core.getInput` trims it; a multi-line one is kept whole (a secret may end in a space). A
 * control character refuses the input before any other check can quote it.
 */
const given = (input: InputName) =>
  z.string().transform((value, ctx) => {
    const multiLine = MULTI_LINE_INPUTS.includes(input)
    const text = multiLine ? value : value.trim()
    const problem = controlCharacterProblem(text, multiLine)
    if (problem === undefined) return text.trim() === '' ? undefined : text
    ctx.issues.push({ code: 'custom', message: problem, input: value })
    return z.NEVER
  })

const optional = <T>(input: InputName, schema: z.ZodType<T, string>) =>
  given(input).pipe(schema.optional())
/** An input with a default in action.yml: empty means the default. */
const defaulted = <T>(input: DefaultedInput, schema: z.ZodType<T, string>) =>
  given(input)
    .transform((text) => text ?? INPUT_DEFAULTS[input])
    .pipe(schema)

const text = z.string()
const prunePrefix = text
  .regex(
    DEPLOYMENT_NAME,
    'must be the start of deployment names: lowercase letters, digits and "-", starting with a letter'
  )
  .min(
    MIN_PRUNE_PREFIX,
    `must be at least ${MIN_PRUNE_PREFIX} characters (a shorter prefix reaches deployments that are not previews)`
  )
const uuid = z.uuid('must be a UUID (for example 123e4567-e89b-42d3-a456-426614174000)')
/** A deployment by name or by id: both are read the same way, an id first. */
const deploymentRef = text.refine(
  (value) => DEPLOYMENT_NAME.test(value) || uuid.safeParse(value).success,
  'must be a deployment name (lowercase letters, digits and "-", starting with a letter) or a deployment id (a UUID)'
)
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
// The further checks read a URL that parses: they run only once httpUrl has passed.
const apiUrl = httpUrl.pipe(
  z
    .string()
    .refine((url) => !/[?#]/.test(url), 'must not carry a query or fragment')
    .refine((url) => {
      const { username, password } = new URL(url)
      return username === '' && password === ''
    }, 'must not carry a user name or password (the key goes in api-key)')
    .transform((url) => url.replace(/\/+$/, ''))
)
const booleanText = z
  .enum(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'], { error: 'must be true or false' })
  .transform((value) => value.toLowerCase() === 'true')
const positiveDuration = z.string().transform((value, ctx) => {
  const ms = parseDuration(value)
  if (ms !== undefined && ms > 0) return ms
  ctx.issues.push({
    code: 'custom',
    message: `"${value}" is not a positive duration (seconds like 900, or 15m, 1h30m, 45s, 7d)`,
    input: value
  })
  return z.NEVER
})
const pollInterval = positiveDuration.pipe(
  z
    .number()
    .min(
      MIN_POLL_INTERVAL_MS,
      'must be at least 1s (checking more often only loads the service; 10s is the default)'
    )
)
const logLines = z.coerce
  .number<string>({ error: 'must be a whole number from 0 to 200' })
  .int('must be a whole number from 0 to 200')
  .min(0, 'must be a whole number from 0 to 200')
  .max(MAX_LOG_LINES, `must be at most ${MAX_LOG_LINES} (the logs are read over at most 3 pages)`)
const repoRef = z.string().transform((ref, ctx) => {
  const normalised = normaliseRepoRef(ref)
  if (normalised !== undefined) return normalised
  ctx.issues.push({
    code: 'custom',
    message: 'must be a branch name (main) or a tag (refs/tags/v1.2.3)',
    input: ref
  })
  return z.NEVER
})
/** Runs a parser that reports problems as sentences; each becomes a problem of the input. */
const parsedBy = <T>(parse: (text: string) => { value?: T; problems: string[] }) =>
  z.string().transform((value, ctx) => {
    const parsed = parse(value)
    for (const message of parsed.problems) ctx.issues.push({ code: 'custom', message, input: '' })
    return parsed.problems.length > 0 || parsed.value === undefined ? z.NEVER : parsed.value
  })

/**
 * Every input alone: its text to a typed value (undefined when not given and without a default).
 * How inputs go together is judged in rules.ts.
 */
export const inputFields = z.object({
  // Required by the rules (operation validate needs neither).
  'api-url': optional('api-url', apiUrl),
  'api-key': optional('api-key', text),
  'tenant-id': optional('tenant-id', uuid),
  name: optional(
    'name',
    text.regex(DEPLOYMENT_NAME, 'must be lowercase letters, digits and "-", starting with a letter')
  ),
  operation: defaulted(
    'operation',
    z.enum(OPERATIONS, { error: `must be one of ${OPERATIONS.join(', ')}` })
  ),
  'deployment-id': optional('deployment-id', uuid),
  source: defaulted('source', z.enum(SOURCES, { error: `must be one of ${SOURCES.join(', ')}` })),
  'repo-url': optional('repo-url', httpUrl),
  'integration-id': optional('integration-id', uuid),
  'repo-ref': optional('repo-ref', repoRef),
  'deployment-type': optional(
    'deployment-type',
    z.enum(DEPLOYMENT_TYPES, { error: (issue) => deploymentTypeProblem(String(issue.input)) })
  ),
  'build-on-push': optional('build-on-push', booleanText),
  'graph-config-path': optional('graph-config-path', text),
  'image-uri': optional('image-uri', text),
  'listener-id': optional('listener-id', uuid),
  'k8s-namespace': optional('k8s-namespace', text),
  'custom-url': optional('custom-url', httpUrl),
  // Its reader (and the YAML parser) load only when it is given: the inputs are parsed async.
  'resource-spec': optional(
    'resource-spec',
    z.string().transform(async (value, ctx) => {
      const { parseResourceSpec } = await import('./resource-spec')
      const { spec, problems } = parseResourceSpec(value)
      for (const message of problems) ctx.issues.push({ code: 'custom', message, input: '' })
      return problems.length > 0 || spec === undefined ? z.NEVER : spec
    })
  ),
  'source-dir': defaulted('source-dir', text),
  'install-command': optional('install-command', text),
  'build-command': optional('build-command', text),
  secrets: optional(
    'secrets',
    parsedBy((value) => {
      const { secrets, problems } = parseSecrets(value)
      return { value: secrets, problems }
    })
  ),
  wait: defaulted('wait', booleanText),
  timeout: defaulted('timeout', positiveDuration),
  'poll-interval': defaulted('poll-interval', pollInterval),
  'log-lines': defaulted('log-lines', logLines),
  'dry-run': defaulted('dry-run', booleanText),
  'release-policy': optional('release-policy', text),
  'delete-tracing-project': defaulted('delete-tracing-project', booleanText),
  'agent-api-key': optional('agent-api-key', text),
  'agent-auth-scheme': optional('agent-auth-scheme', text),
  'github-token': optional('github-token', text),
  environment: optional('environment', text),
  'pr-comment': defaulted('pr-comment', booleanText),
  'to-revision': optional('to-revision', uuid),
  // Preview lifecycle (operation prune)
  'prune-prefix': optional('prune-prefix', prunePrefix),
  'prune-older-than': optional('prune-older-than', positiveDuration),
  'prune-closed-prs': defaulted('prune-closed-prs', booleanText),
  // Promote (operation promote)
  'from-deployment': optional('from-deployment', deploymentRef),
  'tracing-url': optional('tracing-url', apiUrl),
  'tracing-web-url': optional('tracing-web-url', apiUrl)
} satisfies Record<InputName, z.ZodType>)

export type InputFields = z.output<typeof inputFields>
