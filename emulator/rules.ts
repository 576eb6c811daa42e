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
const RESERVED_SECRETS = new Set(['POSTGRES_URI', 'DATABASE_URI', 'REDIS_URI'])
const BUILDABLE = new Set(['git_host', 'internal_source'])
const GIT_HOST_CONFIG = ['integration_id', 'repo_url', 'deployment_type', 'build_on_push']
const EXTERNAL_IMAGE_CONFIG = ['listener_id', 'listener_config', 'custom_url', 'resource_spec']
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

type Body = Record<string, unknown>
const objectOf = (value: unknown): Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {}
const present = (value: unknown) => value !== undefined && value !== null

function problem(loc: (string | number)[], msg: string, type = 'value_error'): ValidationProblem {
  return { loc: ['body', ...loc], msg, type }
}

function shapeProblems(component: string, body: unknown): ValidationProblem[] {
  return validateShape(component, body).map(({ loc, msg }) => problem(loc, msg, 'schema'))
}

/** The rules of api.md §2 and §7 for a create, after the published schema's shape. */
export function createProblems(
  body: Body,
  uploadedPaths: ReadonlySet<string>
): ValidationProblem[] {
  const problems = shapeProblems('DeploymentCreateRequest', body)
  if (problems.length > 0) return problems
  const source = String(body.source)
  const config = objectOf(body.source_config)
  const revision = objectOf(body.source_revision_config)
  if (!NAME.test(String(body.name))) {
    problems.push(
      problem(['name'], 'must be lowercase letters, digits and "-", starting with a letter')
    )
  }
  if (BUILDABLE.has(source) && !present(revision.graph_config_path)) {
    problems.push(
      problem(['source_revision_config', 'graph_config_path'], `is required for source ${source}`)
    )
  }
  if (source === 'git_host' && !present(config.integration_id)) {
    problems.push(problem(['source_config', 'integration_id'], 'is required for source git_host'))
  }
  if (
    (source === 'external_image' || source === 'internal_image') &&
    !present(revision.image_uri)
  ) {
    problems.push(
      problem(['source_revision_config', 'image_uri'], `is required for source ${source}`)
    )
  }
  problems.push(...sourceProblems(source, config, revision, undefined, uploadedPaths))
  problems.push(...secretProblems(body.secrets))
  return problems
}

/** The rules for a PATCH of `deployment`. */
export function patchProblems(
  body: Body,
  deployment: Deployment,
  uploadedPaths: ReadonlySet<string>
): ValidationProblem[] {
  const problems = shapeProblems('DeploymentPatchRequest', body)
  if (problems.length > 0) return problems
  const config = objectOf(body.source_config)
  const revision = objectOf(body.source_revision_config)
  for (const field of CREATE_ONLY_CONFIG) {
    if (present(config[field])) {
      problems.push(
        problem(['source_config', field], 'cannot be changed after the deployment is created')
      )
    }
  }
  problems.push(...sourceProblems(deployment.source, config, revision, deployment, uploadedPaths))
  if (present(body.secrets)) problems.push(...secretProblems(body.secrets))
  return problems
}

function sourceProblems(
  source: string,
  config: Body,
  revision: Body,
  existing: Deployment | undefined,
  uploadedPaths: ReadonlySet<string>
): ValidationProblem[] {
  const problems: ValidationProblem[] = []
  if (source !== 'git_host') {
    for (const field of GIT_HOST_CONFIG) {
      if (present(config[field]))
        problems.push(problem(['source_config', field], 'is only for source git_host'))
    }
    if (present(revision.repo_ref)) {
      problems.push(problem(['source_revision_config', 'repo_ref'], 'is only for source git_host'))
    }
  }
  if (source !== 'external_image') {
    for (const field of EXTERNAL_IMAGE_CONFIG) {
      if (present(config[field])) {
        problems.push(problem(['source_config', field], 'is only for source external_image'))
      }
    }
  }
  if (!BUILDABLE.has(source) && present(revision.graph_config_path)) {
    problems.push(
      problem(['source_revision_config', 'graph_config_path'], `must be null for source ${source}`)
    )
  }
  if (source === 'git_host' && present(revision.image_uri)) {
    problems.push(problem(['source_revision_config', 'image_uri'], 'is not for source git_host'))
  }
  if (present(revision.source_tarball_path)) {
    if (source !== 'internal_source') {
      problems.push(
        problem(
          ['source_revision_config', 'source_tarball_path'],
          'is only for source internal_source'
        )
      )
    } else if (!uploadedPaths.has(String(revision.source_tarball_path))) {
      problems.push(
        problem(
          ['source_revision_config', 'source_tarball_path'],
          'must be an object path obtained from upload-url'
        )
      )
    }
  }
  const ref = present(revision.repo_ref)
    ? String(revision.repo_ref)
    : String(existing?.source_revision_config.repo_ref ?? '')
  const buildOnPush = present(config.build_on_push)
    ? config.build_on_push
    : existing?.source_config.build_on_push
  if (buildOnPush === true && ref.startsWith('refs/tags/')) {
    problems.push(
      problem(['source_config', 'build_on_push'], 'cannot be enabled when repo_ref is a tag')
    )
  }
  const spec = objectOf(config.resource_spec)
  for (const [field, [min, max]] of Object.entries(CPU_BOUNDS)) {
    const value = spec[field]
    if (typeof value === 'number' && (value < min || value > max)) {
      problems.push(
        problem(['source_config', 'resource_spec', field], `must be between ${min} and ${max}`)
      )
    }
  }
  return problems
}

function secretProblems(secrets: unknown): ValidationProblem[] {
  if (!Array.isArray(secrets)) return []
  const problems: ValidationProblem[] = []
  const seen = new Set<string>()
  secrets.forEach((secret: { name?: unknown }, index) => {
    const name = String(secret.name)
    if (!C_IDENTIFIER.test(name))
      problems.push(problem(['secrets', index, 'name'], 'must be a valid identifier'))
    if (RESERVED_SECRETS.has(name))
      problems.push(problem(['secrets', index, 'name'], `${name} is reserved`))
    if (seen.has(name)) problems.push(problem(['secrets', index, 'name'], `${name} is given twice`))
    seen.add(name)
  })
  return problems
}
