import { describe, expect, it } from '@jest/globals'
import { seedGate } from '../../emulator'
import { gateFile, gateStep, NAME } from '../gate/gate-harness'
import { startGitHubApi } from '../helpers/github-api'
import { POLICY_PATH, policyText } from '../helpers/policy-file'
import { BASE_SHA } from '../helpers/runner-event'

/**
 * A pull request's policy diff through the action in process (a dry run with an evaluation gate,
 * on a pull_request event with github-token): each setting judged on the value that applies, the
 * base read at the base commit through the GitHub stand-in.
 */
const { runInProcess, start } = gateFile()
const HEAD_SHA = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0'

const HELLO = { message: 'hello', expect: 'echo' }
const BASE = {
  agent: { assistant: 'agent', message: 'hello', expect: 'echo: hello' },
  smoke: { cases: [HELLO, HELLO, { name: 'bye', message: 'bye' }], 'min-pass': '100%' },
  gate: {
    dataset: 'gate-dataset',
    'min-scores': { correctness: 0.1 },
    'max-regression': { '*': 0.02 }
  }
}
const HEAD = {
  agent: { assistant: 'agent' },
  smoke: { cases: [HELLO, { name: 'bye', message: 'bye' }], 'min-pass': 1 },
  gate: { ...BASE.gate, 'max-regression': { '*': 0.02, correctness: 0.5 } }
}

describe("a pull request's policy diff, through the action", () => {
  it('lists each weakening on the value that applies, and nothing it did not change', async () => {
    const services = await start()
    services.controlPlane.seedDeployment({ name: NAME })
    seedGate(services.tracing, { examples: 2 })
    const github = await startGitHubApi({
      files: { [BASE_SHA]: { [POLICY_PATH]: policyText(BASE) } }
    })
    try {
      const run = await runInProcess(
        gateStep(services, {
          'dry-run': 'true',
          'github-token': 'ghs_workflow_token',
          policy: HEAD
        }),
        { pullRequest: { number: 7, headSha: HEAD_SHA }, githubApiUrl: github.url }
      )
      expect(run.code).toBe(0)
      const listed = run.summary
        .split('\n')
        .filter((line) => /^- .*\*\*(weaker|stronger|changed|new)[ *]/.test(line))
      const word = (keyPath: RegExp) =>
        listed.filter((line) => keyPath.test(line)).map((line) => /\*\*(\w+)[ *]/.exec(line)?.[1])
      expect(word(/`agent\.message`/)).toEqual(['weaker'])
      expect(word(/`agent\.expect`/)).toEqual(['weaker'])
      // The bound that applied to correctness was *'s: 0.02 → 0.5.
      expect(word(/`gate\.max-regression\.correctness` 0\.02 → 0\.5,/)).toEqual(['weaker'])
      expect(word(/`gate\.max-regression\.\\?\*`/)).toEqual([])
      // 100% of 3 cases allowed no failure; 1 of 2 allows one.
      expect(word(/`smoke\.min-pass` .*\b0 of 3\b.* → .*\b1 of 2\b/)).toEqual(['weaker'])
      // One of the two identical unnamed cases removed.
      expect(word(/smoke\.cases\\?\[sha256:/)).toEqual(['weaker'])
      // Nothing else: the * line itself and the gate's other settings did not change.
      expect(listed).toHaveLength(5)
    } finally {
      await github.close()
    }
  })
})
