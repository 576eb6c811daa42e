import { openApiValidator } from './openapi'
import type { Deployment } from './types'

/** One entry of a 422 `detail` list, as the service writes it. */
export interface ValidationProblem {
  loc: (string | number)[]
  msg: string
  type: string
}

const validateShape = openApiValidator()
const NAME = /^[a-z][a-z0-9-]*$/
const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
/** Environment variables the agent server reads itself (service-notes). */
const RESERVED_SECRETS = new Set(['POSTGRES_URI', 'DATABASE_URI', 'REDIS_URI'])
const BUILDABLE = new Set(['git_host', 'internal_source'])
const IMAGES = new Set(['external_image', 'internal_image'])
const GIT_HOST_ONLY_CONFIG = ['integration_id', 'repo_url', 'deployment_type', 'build_on_push']
const EXTERNAL_IMAGE_ONLY_CONFIG = ['listener_id', 'listener_config', 'custom_url', 'resource_spec']
const CREATE_ONLY_CONFIG = [
  'integration_id',
  'repo_url',
  'deployment_type',
  'listener_id',
  'listener_config'
]
const CPU_BOUNDS: Record<string, [number, number]> = {
  cpu: [0.1, 8],
  queue_cpu: [0.1, 8],
  cache_cpu: [0.1, 8],
  cpu_limit: [0.1, 16],
  queue_cpu_limit: [0.1, 16],
  cache_cpu_limit: [0.1, 16]
}
/** The fields whose non-null value in a PATCH creates a revision (api.md §3). */
const REVISION_FIELDS = ['repo_ref', 'graph_config_path', 'image_uri', 'source_tarball_path']

type Body = Record<string, unknown>
const objectOf = (value: unknown): Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {}
const present = (value: unknown) => value !== undefined && value !== null

function problem(loc: (string | number)[], msg: string, type = 'value_error'): ValidationProblem {
  return { loc: ['body', ...loc], msg, type }
}

/** The schema's problems first, then each rule's unless the schema already spoke to that spot. */
function merge(shape: ValidationProblem[], rules: ValidationProblem[]): ValidationProblem[] {
  const located = new Set(shape.map((entry) => JSON.stringify(entry.loc)))
  return [...shape, ...rules.filter((entry) => !located.has(JSON.stringify(entry.loc)))]
}

function shapeProblems(component: string, body: unknown): ValidationProblem[] {
  return validateShape(component, body).map(({ loc, msg, type }) => problem(loc, msg, type))
}

/** Whether a valid PATCH body creates a new revision (api.md §3). */
export function createsRevision(body: Body): boolean {
  const revision = objectOf(body.source_revision_config)
  return (
    REVISION_FIELDS.some((field) => present(revision[field])) ||
    present(body.secrets) ||
    present(objectOf(body.source_config).resource_spec)
  )
}

/**
 * The deployment types of the service in 2026 (service-notes): the published schema's three and
 * the usage-based plans' two, which the schema does not list yet.
 */
export const DEPLOYMENT_TYPES_2026 = ['dev_free', 'dev', 'prod', 'serverless', 'dedicated']
const DEPLOYMENT_TYPE_LOC = JSON.stringify(['body', 'source_config', 'deployment_type'])

/** A workspace's plan refusing a deployment type, as the service's 422 names the ones it takes. */
function deploymentTypeProblem(value: unknown, accepted: readonly string[]) {
  if (value === undefined || value === null) return []
  if (typeof value === 'string' && accepted.includes(value)) return []
  const listed = accepted.map((type) => `'${type}'`)
  const words =
    listed.length <= 1 ? listed.join('') : `${listed.slice(0, -1).join(', ')} or ${listed.at(-1)}`
  return [problem(['source_config', 'deployment_type'], `Input should be ${words}`, 'enum')]
}

/**
 * Every problem of a create body: the published schema, then the rules of api.md §2 and §7.
 * `deploymentTypes`: the types the workspace's plan accepts (default every type of 2026).
 */
export function createProblems(
  body: unknown,
  uploadedPaths: ReadonlySet<string>,
  deploymentTypes: readonly string[] = DEPLOYMENT_TYPES_2026
) {
  const request = objectOf(body)
  const config = objectOf(request.source_config)
  // The schema's enum is the older one: the service itself judges deployment_type.
  const shape = shapeProblems('DeploymentCreateRequest', body).filter(
    (entry) => JSON.stringify(entry.loc) !== DEPLOYMENT_TYPE_LOC
  )
  const source = String(request.source)
  const revision = objectOf(request.source_revision_config)
  const rules: ValidationProblem[] = [
    ...deploymentTypeProblem(config.deployment_type, deploymentTypes)
  ]
  if (typeof request.name === 'string' && !NAME.test(request.name)) {
    rules.push(
      problem(
        ['name'],
        'must be lowercase letters, digits and "-", starting with a letter',
        'string_pattern_mismatch'
      )
    )
  }
  if (BUILDABLE.has(source) && !present(revision.graph_config_path)) {
    rules.push(
      problem(
        ['source_revision_config', 'graph_config_path'],
        `is required for source ${source}`,
        'missing'
      )
    )
  }
  if (source === 'git_host' && !present(config.integration_id)) {
    rules.push(
      problem(['source_config', 'integration_id'], 'is required for source git_host', 'missing')
    )
  }
  if (IMAGES.has(source) && !present(revision.image_uri)) {
    rules.push(
      problem(
        ['source_revision_config', 'image_uri'],
        `is required for source ${source}`,
        'missing'
      )
    )
  }
  if (source !== 'external_image' && present(request.secret_references)) {
    rules.push(problem(['secret_references'], 'is only for source external_image'))
  }
  rules.push(...sourceProblems(source, config, revision, undefined, uploadedPaths))
  rules.push(...secretProblems(request.secrets))
  return merge(shape, rules)
}

/** Every problem of a PATCH body for `deployment`. */
export function patchProblems(
  body: unknown,
  deployment: Deployment,
  uploadedPaths: ReadonlySet<string>
): ValidationProblem[] {
  const shape = shapeProblems('DeploymentPatchRequest', body)
  const request = objectOf(body)
  const config = objectOf(request.source_config)
  const revision = objectOf(request.source_revision_config)
  const rules: ValidationProblem[] = []
  for (const field of CREATE_ONLY_CONFIG) {
    if (present(config[field])) {
      rules.push(
        problem(['source_config', field], 'cannot be changed after the deployment is created')
      )
    }
  }
  if (deployment.source !== 'external_image' && present(request.secret_references)) {
    rules.push(problem(['secret_references'], 'is only for source external_image'))
  }
  rules.push(...sourceProblems(deployment.source, config, revision, deployment, uploadedPaths))
  rules.push(...secretProblems(request.secrets))
  return merge(shape, rules)
}

/** Fields that belong to another source, tags with build_on_push, tarball paths, CPU bounds. */
function sourceProblems(
  source: string,
  config: Body,
  revision: Body,
  existing: Deployment | undefined,
  uploadedPaths: ReadonlySet<string>
): ValidationProblem[] {
  const problems: ValidationProblem[] = []
  if (source !== 'git_host') {
    for (const field of GIT_HOST_ONLY_CONFIG) {
      if (present(config[field]))
        problems.push(problem(['source_config', field], 'is only for source git_host'))
    }
    if (present(revision.repo_ref))
      problems.push(problem(['source_revision_config', 'repo_ref'], 'is only for source git_host'))
  }
  if (source !== 'external_image') {
    for (const field of EXTERNAL_IMAGE_ONLY_CONFIG) {
      if (present(config[field]))
        problems.push(problem(['source_config', field], 'is only for source external_image'))
    }
  }
  if (!BUILDABLE.has(source) && present(revision.graph_config_path)) {
    problems.push(
      problem(['source_revision_config', 'graph_config_path'], `must be null for source ${source}`)
    )
  }
  if (source === 'git_host' && present(revision.image_uri))
    problems.push(problem(['source_revision_config', 'image_uri'], 'is not for source git_host'))
  if (present(revision.source_tarball_path)) {
    const loc = ['source_revision_config', 'source_tarball_path']
    if (source !== 'internal_source')
      problems.push(problem(loc, 'is only for source internal_source'))
    else if (!uploadedPaths.has(String(revision.source_tarball_path)))
      problems.push(problem(loc, 'must be an object path obtained from upload-url'))
  }
  // On PATCH, a field not given keeps the deployment's current value.
  const ref = present(revision.repo_ref)
    ? revision.repo_ref
    : existing?.source_revision_config.repo_ref
  const buildOnPush = present(config.build_on_push)
    ? config.build_on_push
    : existing?.source_config.build_on_push
  if (buildOnPush === true && typeof ref === 'string' && ref.startsWith('refs/tags/')) {
    problems.push(
      problem(
        ['source_config', 'build_on_push'],
        `cannot be enabled when repo_ref is a tag (${ref}); tags never move`
      )
    )
  }
  const spec = objectOf(config.resource_spec)
  for (const [field, [min, max]] of Object.entries(CPU_BOUNDS)) {
    const value = spec[field]
    if (typeof value === 'number' && (value < min || value > max)) {
      problems.push(
        problem(
          ['source_config', 'resource_spec', field],
          `must be between ${min} and ${max} cores`,
          value < min ? 'greater_than_equal' : 'less_than_equal'
        )
      )
    }
  }
  return problems
}

function secretProblems(secrets: unknown): ValidationProblem[] {
  if (!Array.isArray(secrets)) return []
  const problems: ValidationProblem[] = []
  const seen = new Set<string>()
  secrets.forEach((secret: unknown, index) => {
    const name = objectOf(secret).name
    if (typeof name !== 'string') return
    const loc = ['secrets', index, 'name']
    if (!C_IDENTIFIER.test(name))
      problems.push(
        problem(loc, 'must be a C identifier: letters, digits and _, not first a digit')
      )
    else if (RESERVED_SECRETS.has(name))
      problems.push(problem(loc, `${name} is reserved by the agent server`))
    else if (seen.has(name)) problems.push(problem(loc, `${name} is given more than once`))
    seen.add(name)
  })
  return problems
}
