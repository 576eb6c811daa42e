/**
 * `npm run demo -- --bake`: the bake window, with the built action run as a runner runs it
 * against the emulators on the real clock, short enough to watch (a 20-s window read every 2 s).
 * Users' traffic comes from the tracing emulator's generator: 10 runs a second, answered in about
 * a second. The first update's revision stays healthy and its bake passes; the second's turns to
 * 50 % errors after its third read, the bake breaches twice in a row (failure-limit 2) and the
 * revision before it is rolled back.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServices, type TrafficRevision } from '../emulator'
import { runAction } from '../__tests__/helpers/run-action'

const NAME = 'demo-agent'
const HEALTHY = { runsPerMinute: 600, errorShare: 0, latency: { p50: 0.8, p99: 2 } }
/** The read after which the second revision's traffic turns bad. */
const SWITCH_AFTER = 'Bake read 3 of '

export async function demoBake(): Promise<number> {
  const services = await startServices({ serve: NAME, controlPlane: { stepMs: 600 } })
  const { controlPlane, tracing } = services
  controlPlane.seedDeployment({ name: NAME })
  // Which revision turns bad, and when: set while the second run bakes.
  const bad: { revisionId?: string; at?: number } = {}
  const { generator } = services.traffic(NAME, {
    profile: (revision: TrafficRevision) =>
      revision.revisionId === bad.revisionId && bad.at !== undefined
        ? [HEALTHY, { ...HEALTHY, from: bad.at, errorShare: 0.5 }]
        : HEALTHY
  })
  console.log(
    `Control plane at ${controlPlane.url}; tracing service at ${tracing.url}; ` +
      `${NAME} serves users 10 runs a second\n`
  )
  const step = {
    'api-url': controlPlane.url,
    'api-key': 'emulator-key',
    name: NAME,
    'integration-id': '123e4567-e89b-42d3-a456-426614174000',
    'graph-config-path': 'graph.json',
    'poll-interval': '1',
    timeout: '5m',
    'tracing-url': tracing.url,
    'tracing-web-url': 'https://tracing.example.com',
    policy: {
      bake: {
        duration: '20s',
        interval: '2s',
        'max-error-rate': '5%',
        'max-latency': { p50: '3s' }
      },
      rollback: { 'on-failure': true }
    }
  }
  // Summaries are kept for a person to open; outputs and the rest go with each run's folder.
  const kept = mkdtempSync(join(tmpdir(), 'demo-bake-'))
  const runs = [
    { title: 'An update whose revision stays healthy: the bake passes', expectCode: 0 },
    {
      title: `An update whose revision turns to 50 % errors after its third read: the bake breaches and rolls back`,
      expectCode: 1
    }
  ]
  let unexpected = false
  for (const [index, planned] of runs.entries()) {
    console.log(`=== ${planned.title}\n`)
    const summary = join(kept, `summary-${index + 1}.md`)
    writeFileSync(summary, '')
    const run = await runAction(step, {
      env: { GITHUB_STEP_SUMMARY: summary },
      onStdout: (chunk, all) => {
        // A runner hides its ::add-mask:: commands; so does the demo.
        process.stdout.write(chunk.replace(/^::add-mask::.*\n/gm, ''))
        if (index === 1 && bad.at === undefined && all.includes(SWITCH_AFTER)) {
          bad.revisionId = controlPlane.serving(NAME)?.revisionId
          bad.at = Date.now()
          console.log(`\n>>> the traffic of revision ${bad.revisionId} turns to 50 % errors now\n`)
        }
      }
    })
    process.stderr.write(run.stderr)
    const reads = run.stdout.split('\n').filter((line) => line.startsWith('Bake read '))
    console.log(`\nexit code ${run.code} after ${(run.durationMs / 1000).toFixed(1)} s`)
    console.log(
      `bake-passed = ${run.outputs['bake-passed']}; bake-stats = ${run.outputs['bake-stats']}`
    )
    if (run.outputs['rolled-back'] !== undefined)
      console.log(`rolled-back = ${run.outputs['rolled-back']}`)
    console.log(`\nWhat to look at: the log's line per read (${reads.length} here), e.g.`)
    for (const line of reads.slice(-2)) console.log(`  ${line}`)
    console.log(`and the job summary (the bake's table and chart of the reads): ${summary}\n`)
    unexpected ||= run.code !== planned.expectCode
  }
  const switched = generator.firstSwitch()
  const redeploy = switched === undefined ? undefined : services.firstRedeployAfter(switched.at)
  if (switched !== undefined && redeploy !== undefined)
    console.log(
      `From the traffic's switch to the rollback's redeploy request: ${((redeploy - switched.at) / 1000).toFixed(1)} s`
    )
  await services.close()
  return unexpected ? 1 : 0
}
