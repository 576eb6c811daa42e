import { z } from 'zod'
import type { InputName, RawInputs } from './contract'
import { parseDuration } from '../lib/duration'
import { isTagRef, normaliseRepoRef, workflowRepoRef, type WorkflowRefEnv } from './git-ref'
import type { ResourceSpec } from './resource-spec'
import { MAX_LOG_LINES } from '../after-deploy/revision-logs'
import { parseSecrets, type Secret } from './secrets'

export const SOURCES = ['git_host', 'external_image', 'internal_image', 'internal_source'] as const
export type Source = (typeof SOURCES)[number]
export const DEPLOYMENT_TYPES = ['dev_free', 'dev', 'prod'] as const
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number]

/** Everything the action needs, validated. Optional fields are undefined when not given. */
export const OPERATIONS = ['deploy', 'delete'] as const
export type Operation = (typeof OPERATIONS)[number]

export interface Config {
  operation: Operation
  /** Look up and print what would be sent; send nothing that changes state. */
  dryRun: boolean
  apiUrl: string
  apiKey: string
  tenantId?: string
  name?: string
  deploymentId?: string
  source: Source
  repoUrl?: string
  integrationId?: string
  repoRef?: string
  deploymentType?: DeploymentType
  buildOnPush?: boolean
  graphConfigPath?: string
  imageUri?: string
  listenerId?: string
  k8sNamespace?: string
  customUrl?: string
  resourceSpec?: ResourceSpec
  /** internal_source: the folder packed and uploaded. */
  sourceDir: string
  installCommand?: string
  buildCommand?: string
  /** Undefined when the input is absent: an update then leaves the deployment's secrets alone. */
  secrets?: Secret[]
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  /** Log lines to show for a failed or timed-out revision; 0 shows none. */
  logLines: number
  /** With operation delete: also delete the tracing project of the same name. */
  deleteTracingProject: boolean
  /** After DEPLOYED: the agent checks to run; undefined when none are asked for. */
  verify?: {
    assistantId: string
    message?: string
    a2a: boolean
    timeoutMs: number
    /** `agent-api-key`, else `api-key`. */
    apiKey: string
    authScheme?: string
  }
  /** GitHub records; undefined without `github-token`. */
  github?: { token: string; environment?: string; prComment: boolean }
}

export interface InputEnv extends WorkflowRefEnv {
  GITHUB_SERVER_URL?: string
  GITHUB_REPOSITORY?: string
}

export interface InputProblem {
  input: InputName
  message: string
}

export class InputError extends Error {
  constructor(readonly problems: InputProblem[]) {
    super(
      `The action's inputs have ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was sent:\n` +
        problems.map((p) => `  - ${p.input}: ${p.message}`).join('\n')
    )
    this.name = 'InputError'
  }
}

const DEPLOYMENT_NAME = /^[a-z][a-z0-9-]*$/
/** Inputs that mean nothing to operation delete; given with it, they are refused by name. */
const DEPLOY_ONLY: InputName[] = [
  'source',
  'repo-url',
  'integration-id',
  'repo-ref',
  'deployment-type',
  'build-on-push',
  'graph-config-path',
  'image-uri',
  'listener-id',
  'k8s-namespace',
  'custom-url',
  'resource-spec',
  'source-dir',
  'install-command',
  'build-command',
  'secrets',
  'verify-assistant',
  'verify-message',
  'verify-a2a',
  'agent-api-key',
  'agent-auth-scheme',
  'environment',
  'pr-comment'
]
/** The defaults action.yml gives these inputs: a default is not a choice the user made. */
const DEFAULTS: Partial<Record<InputName, string>> = {
  source: 'git_host',
  'source-dir': '.',
  'verify-a2a': 'false',
  'pr-comment': 'false'
}
const GIT_HOST_ONLY: InputName[] = ['integration-id', 'deployment-type', 'build-on-push']
const EXTERNAL_IMAGE_ONLY: InputName[] = [
  'listener-id',
  'k8s-namespace',
  'custom-url',
  'resource-spec'
]

const uuid = z.uuid('must be a UUID (for example 123e4567-e89b-42d3-a456-426614174000)')
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
const booleanText = z
  .enum(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'], { error: 'must be true or false' })
  .transform((text) => text.toLowerCase() === 'true')

/**
 * Turns the raw action inputs into one Config, or throws an InputError that lists every problem,
 * each with its input name. Pure: reads only its arguments.
 */
export async function parseInputs(raw: RawInputs, env: InputEnv): Promise<Config> {
  const problems: InputProblem[] = []
  const given = (name: InputName): string | undefined => {
    const value = raw[name].trim()
    return value === '' ? undefined : value
  }
  const check = <T>(name: InputName, schema: z.ZodType<T>): T | undefined => {
    const value = given(name)
    if (value === undefined) return undefined
    const result = schema.safeParse(value)
    if (result.success) return result.data
    problems.push({ input: name, message: result.error.issues[0]?.message ?? 'is not valid' })
    return undefined
  }
  const problem = (input: InputName, message: string) => problems.push({ input, message })

  const apiUrl = check('api-url', httpUrl)
  if (given('api-url') === undefined) problem('api-url', 'is required (the control plane base URL)')
  if (apiUrl !== undefined && /[?#]/.test(apiUrl)) {
    problem('api-url', 'must not carry a query or fragment')
  }
  const apiKey = raw['api-key'].trim()
  if (apiKey === '') problem('api-key', 'is required')
  const tenantId = check('tenant-id', uuid)

  const name = check(
    'name',
    z
      .string()
      .regex(DEPLOYMENT_NAME, 'must be lowercase letters, digits and "-", starting with a letter')
  )
  const deploymentId = check('deployment-id', uuid)
  if (given('name') === undefined && given('deployment-id') === undefined) {
    problem('name', 'is required unless deployment-id is given')
  }

  const operation =
    check('operation', z.enum(OPERATIONS, { error: `must be one of ${OPERATIONS.join(', ')}` })) ??
    'deploy'
  const dryRun = check('dry-run', booleanText) ?? false
  const deleteTracingProject = check('delete-tracing-project', booleanText) ?? false
  if (operation === 'delete') {
    for (const input of DEPLOY_ONLY) {
      if (given(input) !== undefined && given(input) !== DEFAULTS[input]) {
        problem(input, 'is for operation deploy, not delete')
      }
    }
  } else if (deleteTracingProject) {
    problem('delete-tracing-project', 'is only for operation delete')
  }

  const sourceText = given('source') ?? 'git_host'
  let source: Source = 'git_host'
  if ((SOURCES as readonly string[]).includes(sourceText)) source = sourceText as Source
  else problem('source', `must be one of ${SOURCES.join(', ')}`)
  const isGitHost = source === 'git_host'
  const isImage = source === 'external_image' || source === 'internal_image'
  const sourceDir = given('source-dir') ?? '.'
  if (source !== 'internal_source' && sourceDir !== '.') {
    problem('source-dir', `is only for source internal_source, not ${source}`)
  }
  for (const input of ['install-command', 'build-command'] as const) {
    if (isImage && given(input) !== undefined) {
      problem(input, `is not used with source ${source} (the image is already built)`)
    }
  }

  for (const input of GIT_HOST_ONLY) {
    if (!isGitHost && given(input) !== undefined)
      problem(input, `is only for source git_host, not ${source}`)
  }
  for (const input of EXTERNAL_IMAGE_ONLY) {
    if (source !== 'external_image' && given(input) !== undefined) {
      problem(input, `is only for source external_image, not ${source}`)
    }
  }
  if (!isGitHost && given('repo-url') !== undefined)
    problem('repo-url', `is only for source git_host, not ${source}`)
  if (!isGitHost && given('repo-ref') !== undefined)
    problem('repo-ref', `is only for source git_host, not ${source}`)
  if (!isImage && given('image-uri') !== undefined) {
    problem('image-uri', 'is only for sources external_image and internal_image')
  }
  if (isImage && given('graph-config-path') !== undefined) {
    problem(
      'graph-config-path',
      `is not used with source ${source} (the image already holds the application)`
    )
  }

  const integrationId = check('integration-id', uuid)
  const deploymentType = check(
    'deployment-type',
    z.enum(DEPLOYMENT_TYPES, { error: `must be one of ${DEPLOYMENT_TYPES.join(', ')}` })
  )
  const buildOnPush = check('build-on-push', booleanText)
  const listenerId = check('listener-id', uuid)
  const customUrl = check('custom-url', httpUrl)
  const graphConfigPath = given('graph-config-path')
  const imageUri = given('image-uri')
  const k8sNamespace = given('k8s-namespace')

  let repoUrl: string | undefined
  let repoRef: string | undefined
  if (isGitHost && operation === 'deploy') {
    repoUrl = check('repo-url', httpUrl) ?? defaultRepoUrl(env)
    const explicitRef = given('repo-ref')
    if (explicitRef !== undefined) {
      repoRef = normaliseRepoRef(explicitRef)
      if (repoRef === undefined) {
        problem('repo-ref', 'must be a branch name (main) or a tag (refs/tags/v1.2.3)')
      }
    } else {
      repoRef = workflowRepoRef(env)
      if (repoRef === undefined) {
        problem(
          'repo-ref',
          `is required: the workflow's ref (${env.GITHUB_REF || 'not set'}) is neither a branch nor a tag`
        )
      }
    }
    if (buildOnPush === true && isTagRef(repoRef)) {
      problem(
        'build-on-push',
        `cannot be true when deploying the tag ${repoRef} (a tag is never pushed again)`
      )
    }
  }

  let resourceSpec: ResourceSpec | undefined
  const resourceSpecText = given('resource-spec')
  if (resourceSpecText !== undefined && source === 'external_image') {
    // The YAML parser is loaded only when there is YAML to read (issue 6: start-up).
    const { parseResourceSpec } = await import('./resource-spec')
    const parsed = parseResourceSpec(resourceSpecText)
    parsed.problems.forEach((message) => problem('resource-spec', message))
    resourceSpec = parsed.spec
  }

  let secrets: Secret[] | undefined
  if (given('secrets') !== undefined) {
    const parsed = parseSecrets(raw.secrets)
    parsed.problems.forEach((message) => problem('secrets', message))
    secrets = parsed.secrets
  }

  const wait = check('wait', booleanText) ?? true
  const timeoutMs = positiveDuration('timeout', given('timeout') ?? '30m', problem)
  const pollIntervalMs = positiveDuration('poll-interval', given('poll-interval') ?? '10s', problem)
  const logLines =
    check(
      'log-lines',
      z.coerce
        .number({ error: 'must be a whole number from 0 to 200' })
        .int('must be a whole number from 0 to 200')
        .min(0, 'must be a whole number from 0 to 200')
        .max(
          MAX_LOG_LINES,
          `must be at most ${MAX_LOG_LINES} (the logs are read over at most 3 pages)`
        )
    ) ?? 50

  const verifyAssistant = given('verify-assistant')
  const verifyA2a = check('verify-a2a', booleanText) ?? false
  const verifyTimeoutMs = positiveDuration(
    'verify-timeout',
    given('verify-timeout') ?? '5m',
    problem
  )
  const verifyMessage = given('verify-message')
  if (verifyAssistant === undefined) {
    if (verifyMessage !== undefined)
      problem('verify-message', 'needs verify-assistant (the assistant to send it to)')
    if (verifyA2a) problem('verify-a2a', 'needs verify-assistant (the assistant to talk to)')
  } else if (!wait) {
    problem(
      'verify-assistant',
      'needs wait: true (the agent is checked once its revision is DEPLOYED)'
    )
  }
  const githubToken = given('github-token')
  const environment = given('environment')
  const prComment = check('pr-comment', booleanText) ?? false
  if (githubToken === undefined) {
    if (environment !== undefined)
      problem('environment', 'needs github-token to record a GitHub deployment')
    if (prComment) problem('pr-comment', 'needs github-token to write the comment')
  }

  if (problems.length > 0 || apiUrl === undefined) throw new InputError(problems)
  return {
    operation,
    dryRun,
    verify:
      verifyAssistant === undefined
        ? undefined
        : {
            assistantId: verifyAssistant,
            message: verifyMessage,
            a2a: verifyA2a,
            timeoutMs: verifyTimeoutMs,
            apiKey: given('agent-api-key') ?? apiKey,
            authScheme: given('agent-auth-scheme')
          },
    github: githubToken === undefined ? undefined : { token: githubToken, environment, prComment },
    sourceDir,
    installCommand: given('install-command'),
    buildCommand: given('build-command'),
    deleteTracingProject,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    apiKey,
    tenantId,
    name,
    deploymentId,
    source,
    repoUrl,
    integrationId,
    repoRef,
    deploymentType,
    buildOnPush,
    graphConfigPath,
    imageUri,
    listenerId,
    k8sNamespace,
    customUrl,
    resourceSpec,
    secrets,
    wait,
    timeoutMs,
    pollIntervalMs,
    logLines
  }
}

function defaultRepoUrl(env: InputEnv): string | undefined {
  if (!env.GITHUB_SERVER_URL || !env.GITHUB_REPOSITORY) return undefined
  return `${env.GITHUB_SERVER_URL.replace(/\/+$/, '')}/${env.GITHUB_REPOSITORY}`
}

function positiveDuration(
  input: InputName,
  text: string,
  problem: (input: InputName, message: string) => void
): number {
  const ms = parseDuration(text)
  if (ms === undefined || ms <= 0) {
    problem(input, `"${text}" is not a positive duration (seconds like 900, or 15m, 1h30m, 45s)`)
    return 0
  }
  return ms
}
