import { describe, expect, it } from '@jest/globals'
import type { ControlPlaneEmulator } from '../../emulator'
import type { RawInputs } from '../../src/inputs/contract'
import { InputError, parseInputs } from '../../src/inputs/parse'
import { rawInputs } from '../helpers/action-yml'
import { BRANCH_ENV } from '../helpers/deploy-harness'
import {
  emulatorPerTest,
  INTEGRATION,
  runPromote,
  seedImages,
  writes
} from '../helpers/promote-harness'

const start = emulatorPerTest()

describe('operation promote refuses, writing nothing', () => {
  const refused = async (
    controlPlane: ControlPlaneEmulator,
    given: Parameters<typeof runPromote>[1],
    input: string,
    says: string | RegExp
  ) => {
    const run = await runPromote(controlPlane, given)
    expect(writes(controlPlane)).toEqual([])
    expect(run.result.outcome).toBe('error')
    expect(run.result.message).toContain(`  - ${input}: `)
    expect(run.result.message).toMatch(says)
    expect(run.outputs['promoted-from']).toBeUndefined()
    return run
  }

  it('when the two deployments have different sources', async () => {
    const controlPlane = await start()
    seedImages(controlPlane)
    controlPlane.seedDeployment({ name: 'git-staging', source_config: INTEGRATION })
    await refused(
      controlPlane,
      { fromDeployment: 'git-staging' },
      'from-deployment',
      /has source git_host, but prod .* has source external_image/
    )
  })

  it('when the source does not exist, by name or by id', async () => {
    const controlPlane = await start()
    seedImages(controlPlane)
    await refused(
      controlPlane,
      { fromDeployment: 'stagin' },
      'from-deployment',
      /no deployment stagin/
    )
    const unknown = '123e4567-e89b-42d3-a456-426614174999'
    await refused(controlPlane, { fromDeployment: unknown }, 'from-deployment', unknown)
  })

  it('when the source serves nothing', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({ name: 'prod', source: 'internal_image' })
    controlPlane.seedDeployment({
      name: 'staging',
      source: 'internal_image',
      status: 'BUILD_FAILED'
    })
    await refused(controlPlane, {}, 'from-deployment', /serves no revision/)
  })

  it('when source and target are the same deployment, by name or by id', async () => {
    const controlPlane = await start()
    const { prod } = seedImages(controlPlane)
    await refused(
      controlPlane,
      { fromDeployment: 'prod' },
      'from-deployment',
      /is the deployment promoted to/
    )
    await refused(
      controlPlane,
      { fromDeployment: prod.id, name: undefined, deploymentId: prod.id },
      'from-deployment',
      /is the deployment promoted to/
    )
  })

  it('when the target does not exist: a promote never creates', async () => {
    const controlPlane = await start()
    seedImages(controlPlane)
    await refused(
      controlPlane,
      { name: 'production' },
      'name',
      /no deployment production to promote to/
    )
  })

  it('a source kind this action cannot promote', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({ name: 'staging', source: 'hosted_notebook' })
    controlPlane.seedDeployment({ name: 'prod', source: 'hosted_notebook' })
    await refused(
      controlPlane,
      {},
      'from-deployment',
      /has source hosted_notebook, which this action cannot promote/
    )
  })

  it('internal_source whose revision shows no tarball path', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({
      name: 'staging',
      source: 'internal_source',
      source_revision_config: { graph_config_path: 'graph.json' }
    })
    controlPlane.seedDeployment({ name: 'prod', source: 'internal_source' })
    await refused(controlPlane, {}, 'from-deployment', /shows no source_tarball_path/)
  })

  it('git_host whose revision shows no commit (nothing could check the build)', async () => {
    const controlPlane = await start()
    controlPlane.seedDeployment({
      name: 'staging',
      source_config: INTEGRATION,
      history: [{ source_revision_config: { repo_commit_sha: null } }]
    })
    controlPlane.seedDeployment({ name: 'prod', source_config: INTEGRATION })
    await refused(controlPlane, {}, 'from-deployment', /shows no repo_commit_sha/)
  })
})

describe('promote inputs', () => {
  const problems = async (given: Partial<RawInputs>) => {
    const parsing = parseInputs(
      rawInputs({ 'api-url': 'http://127.0.0.1:1', 'api-key': 'k', name: 'prod', ...given }),
      BRANCH_ENV
    )
    const error = await parsing.then(
      () => undefined,
      (thrown: unknown) => thrown
    )
    expect(error).toBeInstanceOf(InputError)
    return (error as InputError).problems
  }

  it('refuses from-deployment without operation promote, and operation promote without it', async () => {
    expect(await problems({ 'from-deployment': 'staging' })).toEqual([
      { input: 'from-deployment', message: 'is only for operation promote, not deploy' }
    ])
    expect(await problems({ operation: 'promote' })).toEqual([
      {
        input: 'from-deployment',
        message:
          'is required with operation promote (the deployment whose serving revision is promoted)'
      }
    ])
  })

  it('refuses what says what to build, wait: false, and a from-deployment that is neither name nor id', async () => {
    const found = await problems({
      operation: 'promote',
      'from-deployment': 'Staging!',
      source: 'external_image',
      'image-uri': 'x:1',
      wait: 'false'
    })
    expect(found.map((problem) => problem.input)).toEqual([
      'from-deployment',
      'source',
      'image-uri',
      'wait'
    ])
  })
})
