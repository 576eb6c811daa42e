import { z } from 'zod'
import { OPERATION_FACTS } from '../operation-facts'
import {
  INPUT_NAMES,
  SOURCE_INPUTS,
  TRACING_INPUTS,
  type InputName,
  type RawInputs
} from './contract'
import { isTagRef, normaliseRepoRef, workflowRepoRef } from './git-ref'
import type { InputEnv, InputProblem } from './problems'
import { Step, type Rule } from './step'

/** Inputs that mean nothing to operation delete; given with it, they are refused by name. */
const DEPLOY_ONLY: InputName[] = [
  ...SOURCE_INPUTS,
  'agent-api-key',
  'agent-auth-scheme',
  'pr-comment',
  ...TRACING_INPUTS
]
/** Inputs of operation prune only. */
const PRUNE_ONLY: InputName[] = ['prune-prefix', 'prune-older-than', 'prune-closed-prs']
const GIT_HOST_ONLY: InputName[] = [
  'integration-id',
  'deployment-type',
  'build-on-push',
  'repo-url',
  'repo-ref'
]
const EXTERNAL_IMAGE_ONLY: InputName[] = [
  'listener-id',
  'k8s-namespace',
  'custom-url',
  'resource-spec'
]

const problem = (input: InputName, message: string): InputProblem => ({ input, message })

/** The operation's row (../operation-facts.ts): what it needs of the inputs. */
const factsOf = (step: Step) => OPERATION_FACTS[step.operation]

/** The deployment an operation works on, named: not for one that finds its own, or has none. */
const target: Rule = (step) =>
  factsOf(step).target !== 'deployment' || step.given('name') || step.given('deployment-id')
    ? []
    : [problem('name', 'is required unless deployment-id is given')]

/** The control plane's address and key: every operation that sends (validate sends nothing). */
const connection: Rule = (step) => {
  if (!factsOf(step).connection) return []
  return [
    ...(step.given('api-url')
      ? []
      : [problem('api-url', 'is required (the control plane base URL)')]),
    ...(step.given('api-key') ? [] : [problem('api-key', 'is required')])
  ]
}

/** operation validate checks a release policy: without one it has nothing to check. */
const validate: Rule = (step) =>
  factsOf(step).policy === 'checks' && !step.given('release-policy')
    ? [problem('release-policy', 'is required with operation validate (the file it checks)')]
    : []

const operation: Rule = (step) => {
  // validate checks inputs as written for any operation: which one they serve is not its to say.
  if (step.operation === 'validate') return []
  const refused = (inputs: readonly InputName[], message: string) =>
    inputs.filter((input) => step.given(input)).map((input) => problem(input, message))
  const pruneOnly = refused(PRUNE_ONLY, `is only for operation prune, not ${step.operation}`)
  // The one refusal of a policy with delete or prune: the policy is then never read.
  const noPolicy =
    factsOf(step).policy === 'refused'
      ? refused(
          ['release-policy'],
          `is not used with operation ${step.operation} (the release policy says what must hold before a new revision stays; ${step.operation} deploys none)`
        )
      : []
  if (step.operation === 'delete') {
    return [
      ...refused(DEPLOY_ONLY, 'is for operation deploy, not delete'),
      ...noPolicy,
      ...pruneOnly
    ]
  }
  if (step.operation === 'prune') {
    return [
      ...refused(DEPLOY_ONLY, 'is for operation deploy, not prune'),
      ...noPolicy,
      ...refused(
        ['name', 'deployment-id'],
        'is not used with operation prune (it finds its deployments by prune-prefix)'
      ),
      ...refused(
        ['environment'],
        "is not used with operation prune (each preview's GitHub environment bears its name)"
      )
    ]
  }
  const notForRollback =
    step.operation === 'rollback'
      ? refused(
          SOURCE_INPUTS,
          'is for operation deploy, not rollback (a rollback redeploys a revision as it was)'
        )
      : []
  return [
    ...notForRollback,
    ...(step.flag('delete-tracing-project')
      ? [problem('delete-tracing-project', 'is only for operation delete or prune')]
      : []),
    ...pruneOnly
  ]
}

/** operation prune: what it may delete, and why, must be said. */
const prune: Rule = (step) => {
  if (step.operation !== 'prune') return []
  const problems: InputProblem[] = []
  if (!step.given('prune-prefix'))
    problems.push(
      problem(
        'prune-prefix',
        'is required with operation prune (only deployments whose names start with it are considered)'
      )
    )
  if (!step.given('prune-older-than') && !step.flag('prune-closed-prs'))
    problems.push(
      problem(
        'prune-older-than',
        'or prune-closed-prs: true is required with operation prune (without a criterion nothing is stale)'
      )
    )
  if (step.flag('prune-closed-prs') && !step.given('github-token'))
    problems.push(
      problem('prune-closed-prs', 'needs github-token (to read which pull requests are closed)')
    )
  return problems
}

/** Inputs of one source given with another. */
const source: Rule = (step) => {
  const { source } = step
  const isImage = source === 'external_image' || source === 'internal_image'
  const refuse = (inputs: InputName[], applies: boolean, message: string) =>
    applies ? inputs.filter((input) => step.given(input)).map((i) => problem(i, message)) : []
  return [
    ...refuse(
      ['source-dir'],
      source !== 'internal_source',
      `is only for source internal_source, not ${source}`
    ),
    ...refuse(
      ['install-command', 'build-command'],
      isImage,
      `is not used with source ${source} (the image is already built)`
    ),
    ...refuse(GIT_HOST_ONLY, source !== 'git_host', `is only for source git_host, not ${source}`),
    ...refuse(
      EXTERNAL_IMAGE_ONLY,
      source !== 'external_image',
      `is only for source external_image, not ${source}`
    ),
    ...refuse(['image-uri'], !isImage, 'is only for sources external_image and internal_image'),
    ...refuse(
      ['graph-config-path'],
      isImage,
      `is not used with source ${source} (the image already holds the application)`
    )
  ]
}

/** git_host deploys: the ref to deploy, and build-on-push with it. */
const gitRef: Rule = (step) => {
  if (step.source !== 'git_host' || step.operation !== 'deploy') return []
  const explicit = step.text('repo-ref')
  // An explicit ref that is not one is the field's problem.
  const ref = explicit === undefined ? workflowRepoRef(step.env) : normaliseRepoRef(explicit)
  if (explicit === undefined && ref === undefined) {
    return [
      problem(
        'repo-ref',
        `is required: the workflow's ref (${step.env.GITHUB_REF || 'not set'}) is neither a branch nor a tag`
      )
    ]
  }
  return step.flag('build-on-push') && isTagRef(ref)
    ? [
        problem(
          'build-on-push',
          `cannot be true when deploying the tag ${ref} (a tag is never pushed again)`
        )
      ]
    : []
}

/** operation rollback's own input. */
const safeDelivery: Rule = (step) => [
  ...(step.given('to-revision') && step.operation !== 'rollback' && step.operation !== 'validate'
    ? [problem('to-revision', 'is only for operation rollback (the revision it redeploys)')]
    : [])
]

/** Without github-token, `environment` only picks the release policy's entry. */
const githubRecords: Rule = (step) =>
  !step.given('github-token') && step.flag('pr-comment')
    ? [problem('pr-comment', 'needs github-token to write the comment')]
    : []

/**
 * operation promote deploys what from-deployment serves: the inputs that say what to build have
 * no place beside it (secrets do: each deployment keeps its own), and it waits, since the commit
 * promoted is only checked once the revision is DEPLOYED.
 */
const promote: Rule = (step) => {
  if (step.operation !== 'promote') {
    return step.given('from-deployment') && step.operation !== 'validate'
      ? [problem('from-deployment', `is only for operation promote, not ${step.operation}`)]
      : []
  }
  return [
    ...(step.given('from-deployment')
      ? []
      : [
          problem(
            'from-deployment',
            'is required with operation promote (the deployment whose serving revision is promoted)'
          )
        ]),
    ...SOURCE_INPUTS.filter((input) => input !== 'secrets' && step.given(input)).map((input) =>
      problem(
        input,
        'is not used with operation promote (what is deployed is what from-deployment serves, and so is its source)'
      )
    ),
    ...(step.text('wait')?.toLowerCase() === 'false'
      ? [
          problem(
            'wait',
            'cannot be false with operation promote (what was promoted is checked once the revision is DEPLOYED)'
          )
        ]
      : [])
  ]
}

const RULES: Rule[] = [
  target,
  connection,
  validate,
  operation,
  prune,
  source,
  gitRef,
  safeDelivery,
  githubRecords,
  promote
]

/** Every problem of inputs that do not go together, in the order of the rules above. */
export function crossInputProblems(raw: RawInputs, env: InputEnv): InputProblem[] {
  const step = new Step(raw, env)
  return RULES.flatMap((rule) => rule(step))
}

/** The rules as the half of the config schema that reads the raw text; it outputs nothing. */
export const crossInputRules = z
  .object({
    inputs: z.record(z.enum(INPUT_NAMES), z.string()),
    env: z.custom<InputEnv>((env) => typeof env === 'object' && env !== null)
  })
  .check((ctx) => {
    if (ctx.issues.length > 0) return
    for (const { input, message } of crossInputProblems(ctx.value.inputs, ctx.value.env)) {
      ctx.issues.push({ code: 'custom', path: ['inputs', input], message, input: ctx.value })
    }
  })
  .transform(() => ({}))
