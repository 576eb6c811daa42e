import { describe, expect, it } from '@jest/globals'
import { NO_SECRETS } from '../../src/report/redact'
import { renderDeploySummary } from '../../src/report/summary'
import { failingVerdict } from '../../src/result'
import {
  activeOf,
  DIGEST,
  emulatorPerTest,
  expectSchemaValid,
  INTEGRATION,
  patches,
  runPromote,
  seedGitHost,
  seedImages,
  writes
} from '../helpers/promote-harness'

const start = emulatorPerTest()

describe('operation promote against the emulator', () => {
  it('patches the target with exactly the image the source serves, a digest kept a digest', async () => {
    const controlPlane = await start()
    const { staging, prod } = seedImages(controlPlane)
    const run = await runPromote(controlPlane, {})
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      { source_revision_config: { image_uri: DIGEST } }
    ])
    expect(patches(controlPlane)[0]?.path).toBe(`/v2/deployments/${prod.id}`)
    expectSchemaValid(controlPlane)
    const [promoted] = controlPlane.revisions(prod.id)
    expect(promoted?.source_revision_config.image_uri).toBe(DIGEST)
    expect(run.result).toMatchObject({
      outcome: 'deployed',
      deploymentId: prod.id,
      revisionId: promoted?.id,
      previousRevisionId: activeOf(prod),
      promotion: {
        fromDeploymentId: staging.id,
        fromDeploymentName: 'staging',
        fromRevisionId: activeOf(staging),
        source: 'external_image',
        promoted: DIGEST
      }
    })
    expect(failingVerdict(run.checks)).toBeUndefined()
    expect(run.outputs).toMatchObject({
      'promoted-from': activeOf(staging),
      'revision-id': promoted?.id,
      'previous-revision-id': activeOf(prod),
      'revision-status': 'DEPLOYED'
    })
    expect(run.result.message).toContain(
      `It runs image ${DIGEST}, promoted from revision ${activeOf(staging)} of staging.`
    )
    // The summary names the source deployment, its revision and the image.
    const summary = renderDeploySummary(
      run.result,
      'git_host',
      { operation: 'promote', checks: run.checks },
      NO_SECRETS
    )
    expect(summary).toMatch(/^## ✅ prod promoted from staging in \d+s\n/)
    expect(summary).toContain('**Source:** external\\_image')
    expect(summary).toContain(
      `**Promoted from:** staging, revision \`${activeOf(staging).slice(0, 8)}\` (registry.example.com/acme/agent\\@sha256:ab`
    )
    expect(summary).toContain(`| Promoted from revision | \`${activeOf(staging)}\` |`)
    // A digest names exactly one build: no warning that it may move.
    expect(run.log.filter((line) => line.startsWith('warning: '))).toEqual([])
  })

  it('warns that an image promoted by tag may move', async () => {
    const controlPlane = await start()
    const tagged = 'registry.example.com/acme/agent:1.4'
    controlPlane.seedDeployment({
      name: 'staging',
      source: 'internal_image',
      source_revision_config: { image_uri: tagged }
    })
    const prod = controlPlane.seedDeployment({ name: 'prod', source: 'internal_image' })
    const run = await runPromote(controlPlane, {})
    expect(run.result.outcome).toBe('deployed')
    expect(run.log.filter((line) => line.startsWith('warning: '))).toEqual([
      `warning: staging serves image ${tagged}, named by a tag: the tag may have moved since that image was verified, or move later, so deployment prod (${prod.id}) may not run the same build. Deploy images by digest (image@sha256:…) to promote exactly what was verified.`
    ])
  })

  it('finds the source by id as well as by name', async () => {
    const controlPlane = await start()
    const { staging } = seedImages(controlPlane, 'internal_image')
    const run = await runPromote(controlPlane, { fromDeployment: staging.id })
    expect(run.result.outcome).toBe('deployed')
    expect(run.outputs['promoted-from']).toBe(activeOf(staging))
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      { source_revision_config: { image_uri: DIGEST } }
    ])
  })

  it('git_host: patches with the source revision ref, and checks the new revision built its commit', async () => {
    const controlPlane = await start()
    const { staging, prod } = seedGitHost(controlPlane)
    const run = await runPromote(controlPlane, { deploymentId: prod.id, name: undefined })
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      {
        source_revision_config: {
          repo_ref: 'refs/tags/v1.2.0',
          graph_config_path: 'agent/graph.json'
        }
      }
    ])
    expectSchemaValid(controlPlane)
    const commit = controlPlane.commitOf('refs/tags/v1.2.0')
    const [promoted] = controlPlane.revisions(prod.id)
    expect(promoted?.source_revision_config.repo_commit_sha).toBe(commit)
    expect(run.result).toMatchObject({
      outcome: 'deployed',
      promotion: { fromRevisionId: activeOf(staging), fromCommit: commit, commit }
    })
    expect(failingVerdict(run.checks)).toBeUndefined()
    expect(run.checks?.verdicts[0]).toEqual({ check: 'commit', verdict: 'passed' })
    expect(run.log).toContainEqual(expect.stringMatching(/^Commit check: .* commit [0-9a-f]{40}/))
    const summary = renderDeploySummary(
      run.result,
      'git_host',
      { operation: 'promote', checks: run.checks },
      NO_SECRETS
    )
    expect(summary.split('\n')[0]).toBe(
      `## ✅ prod promoted from staging (commit \`${String(commit).slice(0, 7)}\`)`
    )
    expect(summary).toContain(`| Commit | \`${commit}\` |`)
    expect(summary).toContain('(refs/tags/v1.2.0)')
  })

  it('git_host: a ref that moved fails the step naming both commits, and rollback.on-failure brings the old revision back', async () => {
    const controlPlane = await start()
    const { staging, prod } = seedGitHost(controlPlane, 'main')
    const verified = controlPlane.commitOf('main')
    const pushed = controlPlane.moveRef('main')
    const run = await runPromote(controlPlane, { rollback: { onFailure: true } })
    const [rollbackRevision, promoted] = controlPlane.revisions(prod.id)
    expect(promoted?.source_revision_config).toMatchObject({
      repo_ref: 'main',
      repo_commit_sha: pushed
    })
    expect(run.result.outcome).toBe('checks-failed')
    // The commit check fails, and no later check runs on a build nobody verified.
    expect(run.checks?.verdicts).toEqual([
      { check: 'commit', verdict: 'failed', why: expect.any(String) }
    ])
    expect(failingVerdict(run.checks)?.why).toContain(`built from commit ${pushed}`)
    expect(failingVerdict(run.checks)?.why).toContain(
      `revision ${activeOf(staging)} of staging was built from commit ${verified}`
    )
    expect(run.result.message).not.toContain('It runs')
    // rollback.on-failure applies as for a failed check: the revision that served comes back.
    expect(controlPlane.redeploys().map((request) => request.path)).toEqual([
      `/v2/deployments/${prod.id}/revisions/${activeOf(prod)}/redeploy`
    ])
    expect(run.rollback).toMatchObject({
      failedRevisionId: promoted?.id,
      toRevisionId: activeOf(prod),
      revisionId: rollbackRevision?.id,
      outcome: 'deployed'
    })
    expectSchemaValid(controlPlane)
    const summary = renderDeploySummary(
      run.result,
      'git_host',
      { operation: 'promote', checks: run.checks, rollback: run.rollback },
      NO_SECRETS
    )
    expect(summary.split('\n')[0]).toBe(
      '## ❌ prod: commit match failed; the previous revision serves again'
    )
    expect(summary).toContain(`| Commit | \`${pushed}\` |`)
  })

  it('git_host: a new revision that shows no commit cannot be checked: the step fails, with no rollback on that ground', async () => {
    const controlPlane = await start()
    seedGitHost(controlPlane, 'main')
    controlPlane.hideCommit('main')
    const run = await runPromote(controlPlane, { rollback: { onFailure: true } })
    expect(run.result.outcome).toBe('checks-failed')
    expect(run.checks?.verdicts).toEqual([
      {
        check: 'commit',
        verdict: 'inconclusive',
        why: expect.stringContaining('shows no repo_commit_sha')
      }
    ])
    expect(run.result.message).not.toContain('It runs')
    expect(controlPlane.redeploys()).toEqual([])
    expect(run.rollback).toBeUndefined()
  })

  it('internal_source: reuses the tarball the source revision was built from', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({
      name: 'staging',
      source: 'internal_source',
      source_revision_config: {
        graph_config_path: 'graph.json',
        source_tarball_path: 'uploads/staging/build-7.tar.gz'
      }
    })
    controlPlane.seedDeployment({ name: 'prod', source: 'internal_source' })
    const run = await runPromote(controlPlane, {})
    expect(run.result.outcome).toBe('deployed')
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      {
        source_revision_config: {
          source_tarball_path: 'uploads/staging/build-7.tar.gz',
          graph_config_path: 'graph.json'
        }
      }
    ])
    expectSchemaValid(controlPlane)
  })

  it('git_host: turns build_on_push off when the target follows the promoted tag from now on', async () => {
    const controlPlane = await start()
    seedGitHost(controlPlane)
    controlPlane.seedDeployment({
      name: 'prod-2',
      source_config: { ...INTEGRATION, build_on_push: true },
      source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' }
    })
    const run = await runPromote(controlPlane, { name: 'prod-2' })
    expect(run.result.outcome).toBe('deployed')
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      {
        source_config: { build_on_push: false },
        source_revision_config: {
          repo_ref: 'refs/tags/v1.2.0',
          graph_config_path: 'agent/graph.json'
        }
      }
    ])
    expect(run.log).toContainEqual(
      expect.stringMatching(/^notice: build_on_push of prod-2 is turned off/)
    )
    expectSchemaValid(controlPlane)
  })

  it('sends the secrets given with the promote in the same PATCH', async () => {
    const controlPlane = await start()
    seedImages(controlPlane)
    const run = await runPromote(controlPlane, {
      secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-prod' }]
    })
    expect(run.result.outcome).toBe('deployed')
    expect(patches(controlPlane).map((request) => request.body)).toEqual([
      {
        source_revision_config: { image_uri: DIGEST },
        secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-prod' }]
      }
    ])
    expectSchemaValid(controlPlane)
  })

  it('a lost PATCH answer is settled by the safe write: one revision, adopted', async () => {
    const controlPlane = await start()
    const { prod } = seedImages(controlPlane)
    controlPlane.injectFault({ method: 'PATCH', kind: 'reset-after' })
    const run = await runPromote(controlPlane, {})
    expect(run.result.outcome).toBe('deployed')
    expect(patches(controlPlane)).toHaveLength(1)
    expect(controlPlane.revisions(prod.id)).toHaveLength(2)
    expect(run.log).toContainEqual(expect.stringContaining('this run created it'))
  })

  it('dry-run prints the PATCH it would send and writes nothing', async () => {
    const controlPlane = await start()
    const { staging, prod } = seedImages(controlPlane)
    const run = await runPromote(controlPlane, { dryRun: true })
    expect(writes(controlPlane)).toEqual([])
    expect(run.result.outcome).toBe('dry-run')
    expect(run.result.planLines).toEqual([
      `Would update deployment prod (${prod.id}): PATCH /v2/deployments/${prod.id}`,
      `  source_revision_config.image_uri = ${DIGEST}   ← creates a revision`
    ])
    expect(run.result.message).toContain(`from revision ${activeOf(staging)} of staging`)
    expect(run.outputs['promoted-from']).toBe(activeOf(staging))
  })
})
