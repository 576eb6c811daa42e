/**
 * What the report says of the release policy: the policy in effect and, on a pull request with
 * `github-token`, its base branch's side read through GitHub beside the deploy. Never rejects and
 * never fails the step: a base that cannot be read is said.
 */
import type { Config } from './inputs/parse'
import type { Log } from './report/log'
import { changeLine } from './policy/compare'
import { writtenPath, type PolicySides } from './policy/compare-environments'
import type { PolicyInEffect } from './policy/effective'
import { policyHead, type PolicyHead } from './inputs/release-policy'
import { policyChanges } from './report/policy-model'
import type { BaseSide, PolicyChanges, PolicyFacts } from './report/policy-types'
import type { Redactor } from './report/redact'
import type { Deadline } from './step-kit/run-context'
import type { World } from './world'

export async function policyFacts(
  config: Config,
  redact: Redactor,
  log: Pick<Log, 'warning'>,
  deadline: Deadline,
  world: World
): Promise<PolicyFacts | undefined> {
  const policy = config.releasePolicy
  if (policy === undefined) return undefined
  const environment = policy.environment
  const facts: PolicyFacts = {
    path: policy.path,
    inEffect: policy.inEffect,
    ...(environment === undefined ? {} : { environment })
  }
  if (!config.github || world.env.GITHUB_EVENT_NAME !== 'pull_request') return facts
  const base = await baseSide(config.github.token, facts, redact, deadline, world)
  if (base?.kind === 'failed')
    log.warning(
      `The release policy at the pull request's base commit was not read, so what this pull request changes in it is not shown: ${base.why}`
    )
  if (base === undefined) return facts
  const head = policyHead(policy)
  // A policy not read from a file (a test's fixture): this run's environment alone.
  const sides = head?.sides ?? thisRunOnly(policy.inEffect)
  const changes = policyChanges(sides, environment, base)
  if (head !== undefined) warnWeaker(changes, policy.path, head, log)
  return { ...facts, base, changes }
}

/**
 * Each weaker line as a warning on the line of the file that makes it, worst first, so the
 * reviewer sees it on the pull request's diff (the log keeps them within GitHub's budget).
 */
function warnWeaker(
  changes: PolicyChanges,
  file: string,
  head: PolicyHead,
  log: Pick<Log, 'warning'>
): void {
  if (!changes.read) return
  for (const { scope, change } of changes.weaker) {
    const entry = scope.kind === 'entry' ? scope.name : null
    const where = scope.kind === 'entry' ? `environments.${scope.name}: ` : ''
    log.warning(`The release policy is made weaker: ${where}${changeLine(change)}`, {
      rank: 'weaker-policy',
      place: {
        file,
        ...head.placeOf(writtenPath(change.keyPath), entry),
        title: 'release policy made weaker'
      }
    })
  }
}

function thisRunOnly({ policy, files }: PolicyInEffect): PolicySides {
  return { entries: [], side: () => ({ policy, files }) }
}

async function baseSide(
  token: string,
  facts: PolicyFacts,
  redact: Redactor,
  deadline: Deadline,
  world: World
): Promise<BaseSide | undefined> {
  try {
    // GitHub's code is one chunk, named at each import (see execute.ts).
    const { readBasePolicy } = await import(/* webpackChunkName: "github" */ './github/policy-base')
    const { workflowTarget } = await import(/* webpackChunkName: "github" */ './github/client')
    return await readBasePolicy(
      {
        token,
        redact,
        path: facts.path,
        environment: facts.environment,
        deadline: deadline.at,
        now: world.clock.now,
        sleep: world.clock.sleep,
        fetch: world.connections.githubFetch,
        // Each read's failure is the comparison's, said once by the caller.
        warn: () => undefined
      },
      workflowTarget(world.env)
    )
  } catch (error) {
    return { kind: 'failed', why: error instanceof Error ? error.message : String(error) }
  }
}
