import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { actionYml } from '../helpers/action-yml'

/**
 * The action runs on the Node that action.yml names (`runs.using: node24`); the tests, the
 * toolchain and CI run on the same major, whatever `node` the machine has (the `node` package in
 * devDependencies puts Node 24 first on the PATH of every npm script).
 */
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string }
  devDependencies: Record<string, string>
}
const actionMajor = /^node(\d+)$/.exec(actionYml.runs.using)?.[1]

describe('one Node major everywhere', () => {
  it('action.yml names a node runtime', () => {
    expect(actionMajor).toMatch(/^\d+$/)
  })

  it('the tests run on it', () => {
    expect(process.versions.node.split('.')[0]).toBe(actionMajor)
  })

  it('.node-version, engines, @types/node and the node package agree with it', () => {
    expect(read('.node-version').trim()).toBe(actionMajor)
    expect(packageJson.engines.node).toBe(`>=${actionMajor}`)
    expect(packageJson.devDependencies['@types/node']?.split('.')[0]).toBe(actionMajor)
    expect(packageJson.devDependencies.node?.split('.')[0]).toBe(actionMajor)
  })

  it('every workflow sets up Node from .node-version', () => {
    const workflows = readdirSync(new URL('../../.github/workflows/', import.meta.url))
    expect(workflows.length).toBeGreaterThan(0)
    const setups = workflows
      .map((file) => ({ file, text: read(`.github/workflows/${file}`) }))
      .filter(({ text }) => text.includes('actions/setup-node'))
      .map(({ file, text }) => ({ file, setup: text.match(/node-version[-\w]*: .*/g) }))
    expect(setups.length).toBeGreaterThan(0)
    expect(setups).toEqual(
      setups.map(({ file }) => ({ file, setup: ['node-version-file: .node-version'] }))
    )
  })
})
