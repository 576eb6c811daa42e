import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startControlPlane } from '../../emulator'
import { runOperation } from '../../src/operations/operations'
import { outputsOf } from '../../src/report/reporter'
import { recordingDeps } from '../helpers/deploy-harness'
import { configFor, gitHostConfig } from '../helpers/config-fixture'
import type { DeployResult } from '../../src/result'

const srcDir = fileURLToPath(new URL('../../src', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : []
  )
}

const ended = (result: Partial<DeployResult>): DeployResult => ({
  outcome: 'deployed',
  created: false,
  statusesSeen: [],
  elapsedMs: 1,
  message: 'm',
  ...result
})

describe('the one reporter', () => {
  it('is the only code that sets an output: operations report facts', () => {
    // The runner's sink declares and binds setOutput; report/ sets it; nothing else names it.
    const setters = sourceFiles(srcDir)
      .filter((file) => /\bsetOutput\b/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(srcDir.length + 1))
      .sort()
    expect(setters).toEqual(['real-world.ts', 'report/reporter.ts', 'world.ts'])
    // And only the reporter reaches the shape judge that sets them.
    const judges = sourceFiles(srcDir)
      .filter((file) => /\bcreateOutputs\b/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(srcDir.length + 1))
      .sort()
    expect(judges).toEqual(['report/outputs.ts', 'report/reporter.ts'])
  })

  it('says a rollback after a failed deploy in rollback-revision-id, keeping revision-id', () => {
    const outputs = outputsOf({
      operation: 'deploy',
      result: ended({ outcome: 'checks-failed', revisionId: 'failed', revisionStatus: 'DEPLOYED' }),
      rollback: {
        failedRevisionId: 'failed',
        toRevisionId: 'earlier',
        revisionId: 'redeploy',
        outcome: 'deployed',
        restored: true,
        elapsedMs: 1,
        message: 'm'
      },
      rolledBack: true
    })
    expect(outputs).toMatchObject({
      'revision-id': 'failed',
      'revision-status': 'DEPLOYED',
      'rollback-revision-id': 'redeploy',
      'rolled-back': 'true'
    })
  })

  it('names what a prune deleted, or on a dry run would, and no deployment of its own', () => {
    const rows = [
      { name: 'pr-1', id: 'a', reason: 'r', result: 'deleted' as const },
      { name: 'pr-2', id: 'b', reason: 'r', result: 'failed' as const }
    ]
    expect(
      outputsOf({ operation: 'prune', result: ended({ outcome: 'error', pruneRows: rows }) })
    ).toEqual({ pruned: '["pr-1"]' })
    const wouldDelete = rows.map((row) => ({ ...row, result: 'would delete' as const }))
    expect(
      outputsOf({
        operation: 'prune',
        result: ended({ outcome: 'dry-run', pruneRows: wouldDelete })
      }).pruned
    ).toBe('["pr-1","pr-2"]')
  })

  it('sets deployment-id and previous-revision-id before the wait, so a run cut short keeps them', async () => {
    const emulator = await startControlPlane({ stepMs: 5 })
    try {
      const existing = emulator.seedDeployment({ name: 'support-agent' })
      const config = configFor({ ...gitHostConfig(emulator.url), pollIntervalMs: 20 })
      const { deps, outputs } = recordingDeps(config, { requestTimeoutMs: 2_000 })
      let atFirstStatus: typeof outputs | undefined
      const info = deps.io.info
      deps.io.info = (line) => {
        if (atFirstStatus === undefined && /^Revision \S+: [A-Z_]+ \(/.test(line))
          atFirstStatus = { ...outputs }
        info(line)
      }
      const result = await runOperation(config, deps)
      expect(result.outcome).toBe('deployed')
      expect(atFirstStatus).toEqual({
        'deployment-id': existing.id,
        'previous-revision-id': existing.active_revision_id
      })
    } finally {
      await emulator.close()
    }
  })
})
