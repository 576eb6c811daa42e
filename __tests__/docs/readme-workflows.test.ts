/**
 * What every workflow of the README and its recipe pages promises, read from its YAML: the token gets exactly what its
 * steps use (./readme-examples.test.ts runs them and checks that nothing they did was refused),
 * every job that changes a deployment waits its turn in that deployment's group, every
 * pull-request job skips forks, and one secret name and one version of the action throughout.
 */
import { describe, expect, it } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { JSON_SCHEMA_FILE } from '../../src/policy/json-schema'
import { README } from '../helpers/readme'
import {
  blocks,
  SAME_REPOSITORY,
  usesAction,
  validates,
  whereIs,
  workflowOf,
  yamlBlocks,
  type Concurrency,
  type Job,
  type Step
} from '../helpers/readme-workflows'

/** The one secret every example names for `api-key`. */
const API_KEY = '${{ secrets.CONTROL_PLANE_KEY }}'

/**
 * What a job's token needs for the action's GitHub records (the README's table): nothing but
 * `contents: read` (for a checkout) without `github-token`.
 */
function permissionsNeeded(steps: Step[]): Record<string, string> {
  const needed: Record<string, string> = { contents: 'read' }
  for (const inputs of steps.map((step) => step.with ?? {})) {
    if (!inputs['github-token']) continue
    const operation = String(inputs.operation ?? 'deploy')
    if (inputs.environment || operation === 'prune') needed.deployments = 'write'
    if (String(inputs['pr-comment']) === 'true' || operation === 'delete' || operation === 'prune')
      needed['pull-requests'] = 'write'
  }
  return needed
}

describe('every README workflow', () => {
  const workflows = yamlBlocks.flatMap((block) => {
    const workflow = workflowOf(block.text)
    return workflow ? [[whereIs(block), workflow] as const] : []
  })
  const jobs = workflows.flatMap(([line, workflow]) =>
    Object.entries(workflow.jobs ?? {}).map(([name, job]) => ({ line, name, job, workflow }))
  )
  const actionSteps = (job: Job) => (job.steps ?? []).filter(usesAction)

  it('gives each job the least permissions: contents: read, and what its GitHub records need', () => {
    expect(jobs.length).toBeGreaterThanOrEqual(12)
    for (const { line, name, job, workflow } of jobs)
      expect([line, name, job.permissions ?? workflow.permissions]).toEqual([
        line,
        name,
        permissionsNeeded(actionSteps(job))
      ])
  })

  it('runs each job that changes a deployment in a concurrency group of its own, never cancelled', () => {
    const changing = jobs.filter(({ job }) =>
      actionSteps(job).some((step) => String(step.with?.['dry-run']) !== 'true' && !validates(step))
    )
    expect(changing.length).toBeGreaterThanOrEqual(10)
    for (const { line, name, job, workflow } of changing) {
      const concurrency = (job.concurrency ?? workflow.concurrency) as Concurrency | undefined
      const deployments = actionSteps(job).flatMap((step) =>
        typeof step.with?.name === 'string' ? [step.with.name] : []
      )
      expect([line, name, concurrency?.['cancel-in-progress']]).toEqual([line, name, false])
      // The group names the deployment (a prune, which has no name, has a group of its own).
      for (const deployment of deployments)
        expect([line, name, concurrency?.group]).toEqual([
          line,
          name,
          expect.stringContaining(deployment)
        ])
    }
  })

  it('skips forks in every pull-request job that uses the action (they get no secrets)', () => {
    const pullRequestJobs = jobs.filter(
      ({ workflow, job }) =>
        JSON.stringify(workflow.on ?? '').includes('pull_request') &&
        actionSteps(job).some((step) => !validates(step))
    )
    expect(pullRequestJobs.length).toBeGreaterThanOrEqual(3)
    for (const { line, name, job } of pullRequestJobs)
      expect([line, name, job.if]).toEqual([line, name, expect.stringContaining(SAME_REPOSITORY)])
  })

  it('validates without a secret, so a fork runs it too', () => {
    const validating = jobs.flatMap(({ line, job }) =>
      actionSteps(job)
        .filter(validates)
        .map((step) => [line, step] as const)
    )
    expect(validating.length).toBeGreaterThanOrEqual(1)
    for (const [line, step] of validating)
      expect([line, JSON.stringify(step.with).match(/secrets\.|github\.token/g)]).toEqual([
        line,
        null
      ])
  })

  it('names one secret for the API key, and every secret and variable in the quick start', () => {
    const steps = jobs.flatMap(({ job }) => actionSteps(job).filter((step) => !validates(step)))
    expect(steps.map((step) => step.with?.['api-key'])).toEqual(steps.map(() => API_KEY))
    const quickStart = README.split('\n## Quick start\n')[1]?.split('\n## ')[0] ?? ''
    const named = [...blocks.join('\n').matchAll(/\$\{\{\s*(?:secrets|vars)\.(\w+)\s*\}\}/g)].map(
      (match) => match[1] ?? ''
    )
    expect(new Set(named).size).toBeGreaterThanOrEqual(5)
    expect([...new Set(named)].filter((name) => !quickStart.includes(`\`${name}\``))).toEqual([])
  })

  it("pins every other action by commit SHA with its version, keeps no checkout's token, caches nothing", () => {
    const others = jobs.flatMap(({ line, job }) =>
      (job.steps ?? [])
        .filter((step) => step.uses !== undefined && !usesAction(step))
        .map((step) => ({ line, step }))
    )
    expect(others.length).toBeGreaterThanOrEqual(2)
    for (const { line, step } of others) {
      expect([line, step.uses]).toEqual([
        line,
        expect.stringMatching(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/)
      ])
      // None of the examples pushes: a checkout's token is not left on disk for later steps.
      if (step.uses?.startsWith('actions/checkout@'))
        expect([line, step.with?.['persist-credentials']]).toEqual([line, false])
    }
    const usesLines = blocks
      .join('\n')
      .split('\n')
      .filter((text) => /^\s*(- )?uses: (?!our-org\/deploy-agent@)/.test(text))
    expect(usesLines).toHaveLength(others.length)
    for (const text of usesLines) expect(text).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/)
    expect(blocks.join('\n')).not.toMatch(/actions\/cache@|^\s*cache:/m)
  })

  it('uses the action at its major tag, and pins it by commit SHA once, in the text', () => {
    const uses = jobs.flatMap(({ job }) => actionSteps(job).map((step) => step.uses))
    expect(new Set(uses)).toEqual(new Set(['our-org/deploy-agent@v1']))
    expect(README.match(/our-org\/deploy-agent@[0-9a-f]{40}\b/g)).toHaveLength(1)
  })
})

describe('every release policy the README and its recipes show', () => {
  const published = JSON.parse(
    readFileSync(new URL(`../../${JSON_SCHEMA_FILE}`, import.meta.url), 'utf8')
  ) as object
  const validate = new Ajv2020({ strict: false, allErrors: true }).compile(published)
  /** A policy's line that points editors at the published schema. */
  const SCHEMA_LINE = new RegExp(
    `^# yaml-language-server: \\$schema=https://raw\\.githubusercontent\\.com/our-org/deploy-agent/v1/${JSON_SCHEMA_FILE.replace('.', '\\.')}$`,
    'm'
  )
  const policies = yamlBlocks
    .filter((block) => /^# \S*release-policy\.ya?ml\n/.test(block.text))
    .map((block) => [whereIs(block), block.text] as const)

  it('are found: the quick start and the recipes that check something', () => {
    expect(policies.length).toBeGreaterThanOrEqual(6)
  })

  it.each(policies)('%s names the published schema and is valid against it', (_, text) => {
    expect(text).toMatch(SCHEMA_LINE)
    const valid = validate(parse(text))
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
  })

  it('would see a policy the schema refuses (the check works)', () => {
    expect(validate(parse('version: 1\nsmoke: { min-pas: 90% }\n'))).toBe(false)
  })
})
