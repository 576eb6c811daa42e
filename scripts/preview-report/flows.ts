import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type LogEntry } from '../../emulator'
import { startGitHubApi } from '../../__tests__/helpers/github-api'
import { POLICY_PATH, policyText } from '../../__tests__/helpers/policy-file'
import { BASE_SHA } from '../../__tests__/helpers/runner-event'
import { gateFlows } from './gate-flows'
import {
  onFlowClock,
  pushes,
  runStep,
  seed,
  stepOf,
  TOKEN,
  viewOf,
  world,
  type FlowView
} from './kit'
import { moreFlows } from './more-flows'
import { bakeFlows } from './bake-flows'
import { policyFlows } from './policy-flows'
import { threadsFlows } from './threads-flows'

export type { FlowView } from './kit'

/** A push with nothing changed before it. */
const noop = () => undefined

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

/**
 * Every flow people meet, each run as a runner starts the step but in this process (run(world)),
 * against the emulators, all on one virtual clock.
 */
export function runFlows(): Promise<FlowView[]> {
  return onFlowClock(flowsOnClock)
}

async function flowsOnClock(): Promise<FlowView[]> {
  const views: FlowView[] = []
  const workspace = mkdtempSync(join(tmpdir(), 'preview-report-'))
  const closers: (() => Promise<void>)[] = []
  const view = (id: string, title: string, result: Parameters<typeof viewOf>[2]) =>
    views.push(viewOf(id, title, result))
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
        await pushes(inputs, [noop, noop], { files: { [BASE_SHA]: { [POLICY_PATH]: atBase } } })
      )
    }
    {
      const controlPlane = await world(closers, { revisionLogs: () => pipBuildLog() })
      seed(controlPlane)
      view(
        'build-failed',
        'Build failed',
        await pushes(stepOf(controlPlane), [noop, () => controlPlane.setOutcome('BUILD_FAILED')])
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
        await pushes(stepOf(controlPlane, checked), [
          noop,
          () => controlPlane.setAgent(({ redeployOf }) => (redeployOf ? 'well' : 'wrong-reply'))
        ])
      )
    }
    {
      const controlPlane = await world(closers)
      seed(controlPlane)
      view(
        'rollback-failed',
        'A check failed and the rollback failed',
        await pushes(stepOf(controlPlane, checked), [
          noop,
          () => {
            controlPlane.setAgent('wrong-reply')
            controlPlane.setOutcome(({ redeployOf }) => (redeployOf ? 'BUILD_FAILED' : 'DEPLOYED'))
          }
        ])
      )
    }
    {
      const controlPlane = await world(closers)
      seed(controlPlane, 'agent-staging')
      seed(controlPlane, 'agent-prod')
      const github = await startGitHubApi()
      closers.push(github.close)
      const run = await runStep(
        {
          'api-url': controlPlane.url,
          'api-key': 'emulator-key',
          operation: 'promote',
          name: 'agent-prod',
          'from-deployment': 'agent-staging',
          'poll-interval': '1',
          'github-token': TOKEN,
          environment: 'production'
        },
        { githubApiUrl: github.url, env: { GITHUB_RUN_ID: '4243' } }
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
        await pushes(
          stepOf(controlPlane, {
            policy: {
              agent: { assistant: 'agent' },
              smoke: { cases: 'cases.yml' },
              rollback: { 'on-failure': true }
            }
          }),
          [noop, () => controlPlane.setAgent('wrong-reply')],
          { env: { GITHUB_WORKSPACE: workspace }, cwd: workspace }
        )
      )
    }
    for (const flow of await gateFlows(closers)) view(flow.id, flow.title, flow.result)
    for (const flow of await moreFlows(closers)) view(flow.id, flow.title, flow.result)
    for (const flow of await policyFlows(closers)) view(flow.id, flow.title, flow.result)
    for (const flow of await bakeFlows(closers)) view(flow.id, flow.title, flow.result)
    for (const flow of await threadsFlows(closers)) view(flow.id, flow.title, flow.result)
    return views
  } finally {
    for (const close of closers.reverse()) await close()
    rmSync(workspace, { recursive: true, force: true })
  }
}
