import { parse as parseYaml } from 'yaml'
import { z } from 'zod'

/** CPU values are sent rounded to one decimal, as the service rounds them (api.md 2.5). */
const roundedCpu = (min?: number, max?: number) =>
  z
    .number()
    .transform((value) => Math.round(value * 10) / 10)
    .refine(
      (value) =>
        min === undefined || max === undefined ? value > 0 : value >= min && value <= max,
      {
        message:
          min === undefined
            ? 'must be a positive number of cores'
            : `must be from ${min} to ${max} cores`
      }
    )
    .nullish()

const requestCpu = roundedCpu(0.1, 8)
const limitCpu = roundedCpu(0.1, 16)
const count = z.number().int('must be a whole number').min(0, 'must be 0 or more').nullish()
const megabytes = z
  .number()
  .int('must be a whole number of MB')
  .min(1, 'must be at least 1')
  .nullish()
const stringMap = z.record(z.string(), z.string('must be a string')).nullish()
const freeForm = z.record(z.string(), z.unknown()).nullish()
const stringList = z.array(z.string()).nullish()

const volumeMount = z.strictObject({
  name: z.string(),
  mountPath: z.string(),
  subPath: z.string().nullish(),
  mountPropagation: z.string().nullish(),
  readOnly: z.boolean().nullish(),
  subPathExpr: z.string().nullish()
})

const volume = z.strictObject({
  name: z.string(),
  configMap: freeForm,
  secret: freeForm,
  emptyDir: freeForm,
  persistentVolumeClaim: freeForm,
  nfs: freeForm,
  projected: freeForm,
  downwardAPI: freeForm,
  csi: freeForm
})

const container = z.strictObject({
  name: z.string(),
  image: z.string(),
  imagePullPolicy: z.enum(['Always', 'Never', 'IfNotPresent']).nullish(),
  command: stringList,
  args: stringList,
  workingDir: z.string().nullish(),
  env: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a C identifier'),
        value: z.string().nullish(),
        valueFrom: freeForm
      })
    )
    .nullish(),
  envFrom: z.array(z.record(z.string(), z.unknown())).nullish(),
  resources: z.strictObject({ limits: stringMap, requests: stringMap }).nullish(),
  volumeMounts: z.array(volumeMount).nullish(),
  securityContext: freeForm,
  restartPolicy: z.enum(['Always', 'OnFailure']).nullish()
})

/** The fields api.md 2.5 marks as not to be used. */
const NOT_TO_BE_USED = [
  'orchestrator_cpu',
  'orchestrator_cpu_limit',
  'orchestrator_memory_mb',
  'orchestrator_memory_limit_mb',
  'orchestrator_min_scale',
  'orchestrator_max_scale',
  'executor_cpu',
  'executor_cpu_limit',
  'executor_memory_mb',
  'executor_memory_limit_mb'
]

const resourceSpecSchema = z.strictObject({
  min_scale: count,
  max_scale: count,
  cpu: requestCpu,
  cpu_limit: limitCpu,
  memory_mb: megabytes,
  memory_limit_mb: megabytes,
  queue_min_scale: count,
  queue_max_scale: count,
  queue_cpu: requestCpu,
  queue_cpu_limit: limitCpu,
  queue_memory_mb: megabytes,
  queue_memory_limit_mb: megabytes,
  cache_cpu: requestCpu,
  cache_cpu_limit: limitCpu,
  cache_memory_mb: megabytes,
  cache_memory_limit_mb: megabytes,
  db_cpu: roundedCpu(),
  db_cpu_limit: roundedCpu(),
  db_memory_mb: megabytes,
  db_memory_limit_mb: megabytes,
  db_storage_gi: z
    .number()
    .int('must be a whole number of GiB')
    .min(1, 'must be at least 1')
    .nullish(),
  db_max_connections: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .nullish(),
  labels: stringMap,
  annotations: stringMap,
  service_account_name: z.string().nullish(),
  image_pull_secrets: z.array(z.strictObject({ name: z.string() })).nullish(),
  volumes: z.array(volume).nullish(),
  volume_mounts: z.array(volumeMount).nullish(),
  init_containers: z.array(container).nullish(),
  sidecars: z.array(container).nullish()
})

export type ResourceSpec = z.output<typeof resourceSpecSchema>

/**
 * Parses the `resource-spec` input (YAML or JSON; JSON is YAML) into the ResourceSpec the service
 * takes. Problems name the key (`cpu: must be from 0.1 to 8 cores`).
 */
export function parseResourceSpec(text: string): { spec?: ResourceSpec; problems: string[] } {
  let document: unknown
  try {
    document = parseYaml(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    return { problems: [`is not valid YAML or JSON: ${reason}`] }
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return { problems: ['must be a mapping of ResourceSpec fields (for example "cpu: 1")'] }
  }
  const problems = prototypeKeys(document).map(
    (where) => `key "${where}" is not allowed (it would reach the object prototype)`
  )
  if (problems.length > 0) return { problems }
  const allowed: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(document)) {
    if (NOT_TO_BE_USED.includes(key)) problems.push(`key "${key}" is not to be used (api.md 2.5)`)
    else allowed[key] = value
  }
  const result = resourceSpecSchema.safeParse(allowed)
  if (!result.success) {
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          const where = [...issue.path, key].join('.')
          problems.push(`key "${where}" is not a ResourceSpec field`)
        }
      } else {
        problems.push(`${issue.path.join('.')}: ${issue.message}`)
      }
    }
  }
  if (problems.length > 0 || !result.success) return { problems }
  return { spec: result.data, problems }
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype']

/**
 * Where `__proto__`, `constructor` or `prototype` is a key, at any depth, as dotted paths. The YAML
 * parser (and JSON.parse) keep `__proto__` as an own key; copying it into a plain object would set
 * the prototype instead and drop the key without a word.
 */
function prototypeKeys(value: unknown, path: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => {
    const where = [...path, key]
    const here = PROTOTYPE_KEYS.includes(key) ? [where.join('.')] : []
    return [...here, ...prototypeKeys(inner, where)]
  })
}
