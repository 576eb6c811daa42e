import type { Step } from '../../__tests__/helpers/policy-file'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  startAgentServer,
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions,
  type LogEntry
} from '../../emulator'
import { startGitHubApi } from '../../__tests__/helpers/github-api'
import type { RepositoryFiles } from '../../__tests__/helpers/github-contents'
import { POLICY_PATH, policyText } from '../../__tests__/helpers/policy-file'
import { BASE_SHA } from '../../__tests__/helpers/runner-event'
import { runAction, type ActionRun } from '../../__tests__/helpers/run-action'

/** What a person sees of one flow: the job summary and the PR comment, as markdown. */
export interface FlowView {
  id: string
  title: string
  code: number | null
  summary: string
  comment?: string
  /** The PR comment as it stood while the revision built (the first this run wrote). */
  building?: string
}

const NAME = 'agent-app'
const INTEGRATION = { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
/** Two pushes to the pull request: the first deploys, the second is the flow shown. */
const FIRST_PUSH = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0'
const SECOND_PUSH = 'b7e9f2c4d1a3b5c7e9f1a3b5c7d9e1f3a5b7c9d1'

/** A build log as a Python image build writes it: dates and levels repeated in each message. */
function pipBuildLog(): LogEntry[] {
  const start = Date.parse('2026-01-01T01:40:00Z')
  const at = (second: number) => new Date(start + second * 1000).toISOString()
  return [
    ...Array.from({ length: 25 }, (_, index) => ({
      timestamp: at(index),
      level: 'INFO',
      message: `${at(index).replace('T', ' ').slice(0, 19)} INFO RUN pip install package-${index + 1}==1.0.${index}`
    })),
    ...[
      'ERROR: Could not find a version that satisfies the requirement langgraph-nonexistent==9.9',
      'ERROR: No matching distribution found for langgraph-nonexistent==9.9',
      'ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1',
      'ERROR: build failed'
    ].map((message, index) => ({
      timestamp: at(30 + index),
      level: 'ERROR',
      message: `${at(30 + index)
        .replace('T', ' ')
        .slice(0, 19)} ${message}`
    }))
  ]
}

/** A control plane and an agent server answering as the revision it serves. */
async function world(
  closers: (() => Promise<void>)[],
  options: ControlPlaneOptions = {},
  /** A 'wrong-reply' revision answers this message wrongly and every other one well. */
  onlyWrongTo?: string
) {
  const holder: { controlPlane?: ControlPlaneEmulator } = {}
  const host = () => holder.controlPlane?.serving(NAME)
  const agent = await startAgentServer({
    host,
    beforeRun: (message) => {
      if (onlyWrongTo === undefined || host()?.agent !== 'wrong-reply') return undefined
      const reply = message === onlyWrongTo ? 'Sorry, I cannot help with that.' : `echo: ${message}`
      return {
        status: 200,
        body: {
          messages: [
            { type: 'human', content: message },
            { type: 'ai', content: reply }
          ]
        }
      }
    }
  })
  const controlPlane = await startControlPlane({ stepMs: 5, agentUrl: agent.url, ...options })
  holder.controlPlane = controlPlane
  closers.push(controlPlane.close, agent.close)
  return controlPlane
}

/** A deployment with earlier revisions that took about two minutes each. */
function seed(controlPlane: ControlPlaneEmulator, name = NAME) {
  return controlPlane.seedDeployment({
    name,
    source_config: INTEGRATION,
    history: [{ durationMs: 125_000 }, { durationMs: 131_000 }, { durationMs: 128_000 }]
  })
}

function stepOf(controlPlane: ControlPlaneEmulator, more: Step = {}) {
  return {
    'api-url': controlPlane.url,
    'api-key': 'emulator-key',
    name: NAME,
    'integration-id': INTEGRATION.integration_id,
    'graph-config-path': 'graph.json',
    'repo-ref': 'main',
    'poll-interval': '1',
    'github-token': 'ghs_preview_token_5f2a9c',
    'pr-comment': 'true',
    ...more
  }
}

/** Runs the step twice on one pull request (a push, then the push shown), as a runner would. */
async function twoPushes(
  controlPlane: ControlPlaneEmulator,
  inputs: Step,
  before: () => void,
  env: Record<string, string> = {},
  cwd?: string,
  /** The repository's files by commit: the pull request's base commit's release policy. */
  files?: RepositoryFiles
): Promise<{ run: ActionRun; comment?: string; building?: string }> {
  const github = await startGitHubApi({ files })
  try {
    const common = { githubApiUrl: github.url, killAfterMs: 120_000, env, cwd }
    await runAction(inputs, { ...common, pullRequest: { number: 7, headSha: FIRST_PUSH } })
    before()
    const firstCall = github.calls.length
    const run = await runAction(inputs, {
      ...common,
      pullRequest: { number: 7, headSha: SECOND_PUSH },
      env: { GITHUB_RUN_ID: '4242', ...env }
    })
    const written = github.calls
      .slice(firstCall)
      .filter((call) => /\/comments(\/\d+)?$/.test(call.path) && call.method !== 'GET')
      .map((call) => (call.body as { body?: string }).body ?? '')
    return { run, comment: github.comments.at(-1)?.body, building: written[0] }
  } finally {
    await github.close()
  }
}

/** The six flows, each through the built action (dist/), against the emulators. */
export async function runFlows(): Promise<FlowView[]> {
  const views: FlowView[] = []
  const workspace = mkdtempSync(join(tmpdir(), 'preview-report-'))
  const closers: (() => Promise<void>)[] = []
  const view = (
    id: string,
    title: string,
    result: { run: ActionRun; comment?: string; building?: string }
  ) =>
    views.push({
      id,
      title,
      code: result.run.code,
      summary: result.run.summary,
      comment: result.comment,
      building: result.building
    })
  try {
    {
      const controlPlane = await world(closers)
      seed(controlPlane)
      const inputs = stepOf(controlPlane, {
        policy: { agent: { assistant: 'agent', message: 'hello' } }
      })
      // The pull request's base branch asked more of the reply and rolled back on failure.
      const atBase = policyText({
        agent: { assistant: 'agent', message: 'hello', expect: 'echo: hello' },
        rollback: { 'on-failure': true }
      })
      view(
        'deploy-ok',
        'Deploy, checks pass',
        await twoPushes(controlPlane, inputs, () => undefined, {}, undefined, {
          [BASE_SHA]: { [POLICY_PATH]: atBase }
        })
      )
    }
    {
      const controlPlane = await world(closers, { revisionLogs: () => pipBuildLog() })
      seed(controlPlane)
      view(
        'build-failed',
        'Build failed',
        await twoPushes(controlPlane, stepOf(controlPlane), () =>
          controlPlane.setOutcome('BUILD_FAILED')
        )
      )
    }
    const checked = {
      policy: {
        agent: { assistant: 'agent', message: 'hello', expect: 'echo: hello' },
        rollback: { 'on-failure': true }
      }
    }
    {
      const controlPlane = await world(closers)
      seed(controlPlane)
      view(
        'check-failed-rolled-back',
        'A check failed, rolled back',
        await twoPushes(controlPlane, stepOf(controlPlane, checked), () =>
          controlPlane.setAgent(({ redeployOf }) => (redeployOf ? 'well' : 'wrong-reply'))
        )
      )
    }
    {
      const controlPlane = await world(closers)
      seed(controlPlane)
      view(
        'rollback-failed',
        'A check failed and the rollback failed',
        await twoPushes(controlPlane, stepOf(controlPlane, checked), () => {
          controlPlane.setAgent('wrong-reply')
          controlPlane.setOutcome(({ redeployOf }) => (redeployOf ? 'BUILD_FAILED' : 'DEPLOYED'))
        })
      )
    }
    {
      const controlPlane = await world(closers)
      seed(controlPlane, 'agent-staging')
      seed(controlPlane, 'agent-prod')
      const github = await startGitHubApi()
      closers.push(github.close)
      const run = await runAction(
        {
          'api-url': controlPlane.url,
          'api-key': 'emulator-key',
          operation: 'promote',
          name: 'agent-prod',
          'from-deployment': 'agent-staging',
          'poll-interval': '1',
          'github-token': 'ghs_preview_token_5f2a9c',
          environment: 'production'
        },
        { githubApiUrl: github.url, killAfterMs: 120_000, env: { GITHUB_RUN_ID: '4243' } }
      )
      view('promote', 'Promote staging to production', { run })
    }
    {
      const controlPlane = await world(closers, {}, 'I want a human')
      seed(controlPlane)
      writeFileSync(
        join(workspace, 'cases.yml'),
        [
          ...['hello', 'weather', 'refund', 'hours', 'address'].flatMap((message) => [
            `- name: ${message}`,
            `  message: ${message}`,
            `  expect: "echo: ${message}"`
          ]),
          '- name: escalation',
          '  message: I want a human',
          '  expect: "echo: I want a human"'
        ].join('\n')
      )
      view(
        'smoke-suite-below',
        'Smoke suite below smoke.min-pass, rolled back',
        await twoPushes(
          controlPlane,
          stepOf(controlPlane, {
            policy: {
              agent: { assistant: 'agent' },
              smoke: { cases: 'cases.yml' },
              rollback: { 'on-failure': true }
            }
          }),
          () => controlPlane.setAgent('wrong-reply'),
          { GITHUB_WORKSPACE: workspace },
          workspace
        )
      )
    }
    return views
  } finally {
    for (const close of closers.reverse()) await close()
    rmSync(workspace, { recursive: true, force: true })
  }
}
