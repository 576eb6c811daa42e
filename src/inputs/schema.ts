import { z } from 'zod'
import type { RawInputs } from './contract'
import { workflowRepoRef } from './git-ref'
import { inputFields, type InputFields } from './fields'
import type { InputEnv } from './problems'
import { crossInputRules } from './rules'
import { clearTextHost } from '../lib/url'
import { configFromPolicy, policyNotices } from '../policy/to-config'
import type { StepPolicy } from './release-policy'

const workflowEnv = z.object({
  GITHUB_EVENT_NAME: z.string().optional(),
  GITHUB_REF: z.string().optional(),
  GITHUB_HEAD_REF: z.string().optional(),
  GITHUB_SERVER_URL: z.string().optional(),
  GITHUB_REPOSITORY: z.string().optional()
})

/** What the schema reads: every declared input as the runner gives it, and the workflow's env. */
export interface ConfigSource {
  inputs: RawInputs
  env: InputEnv
  /** The release policy read (parse.ts reads it before the schema runs); undefined without one. */
  policy?: StepPolicy
}

/**
 * Raw inputs → Config. Two halves read the same text, so that every problem is listed at once:
 * `inputFields` judges each input alone, the rules judge how they go together; only when both
 * pass are the fields shaped into the Config. Issues carry the path `['inputs', <input name>]`.
 */
export const configSchema = z
  .intersection(
    z.object({
      inputs: inputFields,
      env: workflowEnv,
      policy: z.custom<StepPolicy | undefined>()
    }),
    crossInputRules
  )
  .transform(({ inputs, env, policy }) => toConfig(inputs, env, policy))

/**
 * What the inputs parse to: one variant per row of the operation table
 * (../operations/operations.ts), each with what the rules prove it has required.
 */
export type StepConfig = Config | ValidateConfig

/**
 * The config of an operation that reaches the services (the control plane, the agent, GitHub):
 * its connection and everything it sends. Optional fields are undefined when not given.
 */
export type Config = ConfigUnion

/** What every operation reads, as the inputs give it (undefined when not given). */
type CommonConfig = ReturnType<typeof commonConfig>

/** The deployment the step names: by name, by id, or by both (the rules want one of them). */
export type Target =
  { name: string; deploymentId?: undefined } | { name?: string; deploymentId: string }

/** operation prune: which deployments it considers, and what makes one stale. */
export type PruneCriteria = NonNullable<ReturnType<typeof pruneCriteria>>

export type DeployConfig = CommonConfig & Target & { operation: 'deploy' }
export type RollbackConfig = CommonConfig & Target & { operation: 'rollback' }
export type PromoteConfig = CommonConfig &
  Target & {
    operation: 'promote'
    /** The deployment (name or id) whose serving revision is promoted. */
    fromDeployment: string
  }
export type DeleteConfig = CommonConfig & Target & { operation: 'delete' }
export type PruneConfig = CommonConfig & {
  operation: 'prune'
  prune: PruneCriteria
  name?: undefined
  deploymentId?: undefined
}
export type ConfigUnion = DeployConfig | RollbackConfig | PromoteConfig | DeleteConfig | PruneConfig

/** operation validate: the inputs and the policy checked; nothing to send, no credentials. */
export interface ValidateConfig {
  operation: 'validate'
  /** The policy checked; undefined only beside its problems (then no operation starts). */
  releasePolicy?: StepPolicy
  warnings: string[]
}

/**
 * A value the rules proved given. Were it missing, the rules and this shape disagree: a defect
 * of the action, said as one, never the user's problem.
 */
function proven<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The input rules let a step through without ${what}.`)
  return value
}

/** By name, by id or both; the rules refuse a step (other than prune) that names neither. */
function target(fields: InputFields): Target {
  const deploymentId = fields['deployment-id']
  if (deploymentId !== undefined) return { name: fields.name, deploymentId }
  return { name: proven(fields.name, 'name or deployment-id') }
}

function toConfig(fields: InputFields, env: InputEnv, policy: StepPolicy | undefined): StepConfig {
  if (fields.operation === 'validate')
    return {
      operation: 'validate',
      releasePolicy: policy,
      warnings: warnings(fields)
    }
  const common = commonConfig(fields, env, policy)
  switch (fields.operation) {
    case 'prune':
      return {
        ...common,
        operation: 'prune',
        prune: proven(pruneCriteria(fields), 'prune-prefix')
      }
    case 'promote':
      return {
        ...common,
        ...target(fields),
        operation: 'promote',
        fromDeployment: proven(fields['from-deployment'], 'from-deployment')
      }
    default:
      return { ...common, ...target(fields), operation: fields.operation }
  }
}

function commonConfig(fields: InputFields, env: InputEnv, policy: StepPolicy | undefined) {
  const gitHostDeploy = fields.source === 'git_host' && fields.operation === 'deploy'
  const apiKey = proven(fields['api-key'], 'api-key')
  const checks = configFromPolicy(policy?.inEffect, {
    apiKey,
    agentApiKey: fields['agent-api-key'],
    agentAuthScheme: fields['agent-auth-scheme'],
    tracingUrl: fields['tracing-url'],
    tracingWebUrl: fields['tracing-web-url']
  })
  return {
    /** Look up and print what would be sent; send nothing that changes state. */
    dryRun: fields['dry-run'],
    apiUrl: proven(fields['api-url'], 'api-url'),
    apiKey,
    tenantId: fields['tenant-id'],
    ...sourceConfig(fields),
    repoUrl: gitHostDeploy ? (fields['repo-url'] ?? defaultRepoUrl(env)) : undefined,
    repoRef: gitHostDeploy ? (fields['repo-ref'] ?? workflowRepoRef(env)) : undefined,
    /** Undefined when the input is absent: an update then leaves the deployment's secrets alone. */
    secrets: fields.secrets,
    wait: fields.wait,
    timeoutMs: fields.timeout,
    pollIntervalMs: fields['poll-interval'],
    /** Log lines to show for a failed or timed-out revision; 0 shows none. */
    logLines: fields['log-lines'],
    /** With operation delete: also delete the tracing project of the same name. */
    deleteTracingProject: fields['delete-tracing-project'],
    /** With operation rollback: the revision to redeploy; else the newest older DEPLOYED one. */
    toRevision: fields['to-revision'],
    github: githubRecords(fields),
    /**
     * Each section of the release policy as its step's settings, keyed by the section's name
     * (undefined: its step does not run).
     */
    ...checks,
    /** The release policy: its path, the entry applied and the policy in effect (its digest). */
    releasePolicy: policy,
    /** To log before anything is sent. */
    warnings: warnings(fields),
    /** Notices to log before anything is sent. */
    notices: policyNotices(checks, { dryRun: fields['dry-run'] })
  }
}

/** Where the application comes from, and how the service builds or runs it. */
function sourceConfig(fields: InputFields) {
  return {
    source: fields.source,
    integrationId: fields['integration-id'],
    deploymentType: fields['deployment-type'],
    buildOnPush: fields['build-on-push'],
    graphConfigPath: fields['graph-config-path'],
    imageUri: fields['image-uri'],
    listenerId: fields['listener-id'],
    k8sNamespace: fields['k8s-namespace'],
    customUrl: fields['custom-url'],
    resourceSpec: fields['resource-spec'],
    /** internal_source: the folder packed and uploaded. */
    sourceDir: fields['source-dir'],
    installCommand: fields['install-command'],
    buildCommand: fields['build-command']
  }
}

/** GitHub records; undefined without `github-token`. */
function githubRecords(fields: InputFields) {
  const token = fields['github-token']
  if (token === undefined) return undefined
  return { token, environment: fields.environment, prComment: fields['pr-comment'] }
}

function pruneCriteria(fields: InputFields) {
  const prefix = fields['prune-prefix']
  if (fields.operation !== 'prune' || prefix === undefined) return undefined
  return {
    prefix,
    /** Delete those whose `updated_at` is older than this. */
    olderThanMs: fields['prune-older-than'],
    /** Delete those named the prefix and the number of a closed pull request. */
    closedPullRequests: fields['prune-closed-prs']
  }
}

function warnings(fields: InputFields): string[] {
  return (['api-url', 'tracing-url'] as const).flatMap((input) => {
    const url = fields[input]
    const host = url === undefined ? undefined : clearTextHost(url)
    if (host === undefined) return []
    return [
      `${input} is http:// to ${host}, not this machine: the api-key travels in clear text. Use https://.`
    ]
  })
}

function defaultRepoUrl(env: InputEnv): string | undefined {
  if (!env.GITHUB_SERVER_URL || !env.GITHUB_REPOSITORY) return undefined
  return `${env.GITHUB_SERVER_URL.replace(/\/+$/, '')}/${env.GITHUB_REPOSITORY}`
}
