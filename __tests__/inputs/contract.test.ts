import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { seedGate, startControlPlane, startServingAgent } from '../../emulator'
import {
  INPUT_DEFAULTS,
  INPUT_NAMES,
  OUTPUT_NAMES,
  type OutputName
} from '../../src/inputs/contract'
import { ACTION_VERSION } from '../../src/version'
import { policyJsonSchema } from '../../src/policy/json-schema'
import { policyReference } from '../../src/policy/reference'
import { actionYml } from '../helpers/action-yml'
import { onClock, runDeploy } from '../helpers/deploy-harness'
import { gitHostConfig } from '../helpers/config-fixture'
import { parseCases } from '../../src/smoke/case-file'
import { VirtualClock } from '../helpers/action-world'
import { gateRunner, gateStep, NAME, startGateServices } from '../gate/gate-harness'
import { bakeStep } from '../bake/bake-harness'

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

const sources = sourceFiles(srcDir).map((file) => ({ file, text: readFileSync(file, 'utf8') }))

describe('the action contract', () => {
  it('declares exactly the inputs the code reads', () => {
    expect(Object.keys(actionYml.inputs).sort()).toEqual([...INPUT_NAMES].sort())
  })

  it('gives every input the default of action.yml, and no other', () => {
    const table: Partial<Record<string, string>> = INPUT_DEFAULTS
    for (const name of INPUT_NAMES) {
      expect({ name, default: table[name] }).toEqual({
        name,
        default: actionYml.inputs[name]?.default
      })
    }
  })

  it('falls back to no literal in the input parser: defaults come from the table', () => {
    const parser = sources.filter(({ file }) =>
      /src\/inputs\/(fields|rules|schema|parse)\.ts$/.test(file)
    )
    const fallbacks = parser.flatMap(({ file, text }) =>
      [...text.matchAll(/\?\?\s*(['"`\d]|true\b|false\b)[^\n]*/g)].map((m) => `${file}: ${m[0]}`)
    )
    expect(fallbacks).toEqual([])
  })

  it('reads none of the inputs the release policy replaced: no source file names one', () => {
    const moved =
      /(?<![\w-])(verify-(assistant|message|a2a|timeout|expect|cases|min-pass|concurrency)|eval-(dataset|splits|dataset-version|max-examples|repetitions|concurrency|min-scores|max-regression|max-error-rate|baseline|timeout)|rollback-(on-failure|timeout))(?![\w-])/
    expect(
      sources
        .filter(({ text }) => moved.test(text))
        .map(({ file }) => file.slice(srcDir.length + 1))
    ).toEqual([])
    expect(Object.keys(actionYml.inputs)).toHaveLength(41)
  })

  it('declares exactly the outputs the code writes', () => {
    expect(Object.keys(actionYml.outputs).sort()).toEqual([...OUTPUT_NAMES].sort())
  })

  it('reads inputs and writes outputs only through the declared name lists', () => {
    const calls = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\b(getInput|getBooleanInput|getMultilineInput|setOutput)\(([^,)]*)/g)].map(
        (match) => ({
          file: file.slice(srcDir.length + 1),
          fn: match[1],
          argument: (match[2] ?? '').trim()
        })
      )
    )
    // Literal names must be declared; any other argument must be a variable typed by the lists.
    const undeclared = calls.filter((call) => {
      const literal = /^['"`]([^'"`]+)['"`]$/.exec(call.argument)
      const declared: readonly string[] = call.fn === 'setOutput' ? OUTPUT_NAMES : INPUT_NAMES
      return literal
        ? !declared.includes(literal[1] ?? '')
        : !['name', 'name: OutputName', 'name: string'].includes(call.argument)
    })
    expect(undeclared).toEqual([])
    // Inputs are read in one place: main.ts, from the world's INPUT_* variables, by INPUT_NAMES.
    expect(calls.filter((call) => call.fn !== 'setOutput')).toEqual([])
    expect(
      sources
        .filter(({ text }) => /`INPUT_|['"]INPUT_|\.INPUT_/.test(text))
        .map(({ file }) => file.slice(srcDir.length + 1))
    ).toEqual(['main.ts'])
    expect(sources.find(({ file }) => file.endsWith('/main.ts'))?.text).toMatch(
      /INPUT_NAMES\.map\(\(name\) => \[\s*name,\s*\(env\[`INPUT_\$\{name/
    )
  })

  it('sets every declared output in a run that can know it', async () => {
    // Each declared output must be set by some operation; the union over these runs is the list.
    const emulator = await startControlPlane({ ...onClock, stepMs: 5 })
    try {
      const runs = [
        await runDeploy(gitHostConfig(emulator.url)),
        await runDeploy({ ...gitHostConfig(emulator.url), repoRef: 'next' }),
        await runDeploy({ apiUrl: emulator.url, name: 'support-agent', operation: 'rollback' }),
        await runDeploy({
          apiUrl: emulator.url,
          operation: 'prune',
          prune: { prefix: 'support-', olderThanMs: 1_000 },
          dryRun: true
        }),
        await smokeSuiteRun(),
        await assistantsRun(),
        await threadsRun(),
        await gateRun(),
        await bakeRun(),
        await (async () => {
          emulator.seedDeployment({ name: 'prod-agent' })
          return runDeploy({
            apiUrl: emulator.url,
            name: 'prod-agent',
            operation: 'promote',
            fromDeployment: 'support-agent'
          })
        })()
      ]
      const set = new Set(runs.flatMap((run) => Object.keys(run.outputs)))
      expect([...OUTPUT_NAMES].filter((name) => !set.has(name))).toEqual([])
      for (const run of runs) {
        for (const name of Object.keys(run.outputs)) {
          expect(run.outputs[name as OutputName]).not.toBe('')
        }
      }
    } finally {
      await emulator.close()
    }
  })

  /** A deploy gated on a dataset with a regression bound: the gate's outputs, a baseline's id. */
  async function gateRun() {
    const clock = new VirtualClock()
    const services = await startGateServices(clock)
    try {
      services.controlPlane.seedDeployment({ name: NAME })
      seedGate(services.tracing, { examples: 2 })
      return await gateRunner(clock)(
        gateStep(services, { policy: { gate: { 'max-regression': { correctness: 0.1 } } } })
      )
    } finally {
      await services.close()
      clock.close()
    }
  }

  /** A deploy baked for two minutes: the bake's outputs. */
  async function bakeRun() {
    const clock = new VirtualClock()
    const services = await startGateServices(clock)
    try {
      services.controlPlane.seedDeployment({ name: NAME })
      services.traffic(NAME, { profile: { runsPerMinute: 30 } })
      return await gateRunner(clock)(bakeStep(services, { duration: '2m' }))
    } finally {
      await services.close()
      clock.close()
    }
  }

  /** A deploy checked by a smoke suite: the cases' outputs. */
  async function assistantsRun() {
    const services = await startServingAgent({ controlPlane: { ...onClock, stepMs: 5 } })
    services.controlPlane.seedDeployment({ name: 'support-agent' })
    try {
      return await runDeploy(
        {
          ...gitHostConfig(services.controlPlane.url),
          assistants: {
            entries: [{ name: 'support', 'graph-id': 'agent' }],
            onDrift: 'overwrite',
            apiKey: 'emulator-key'
          }
        },
        { delivered: true }
      )
    } finally {
      await services.close()
    }
  }

  /** A deploy with parked threads checked: the `parked-threads` output. */
  async function threadsRun() {
    const services = await startServingAgent({ controlPlane: { ...onClock, stepMs: 5 } })
    services.controlPlane.seedDeployment({ name: 'support-agent' })
    try {
      return await runDeploy(
        {
          ...gitHostConfig(services.controlPlane.url),
          threads: { sample: 100, onIncompatible: 'fail', canaries: [], apiKey: 'emulator-key' }
        },
        { delivered: true }
      )
    } finally {
      await services.close()
    }
  }

  async function smokeSuiteRun() {
    const services = await startServingAgent({ controlPlane: { ...onClock, stepMs: 5 } })
    const cases = parseCases('- message: hi\n  expect: echo\n', false).cases ?? []
    try {
      return await runDeploy(
        { ...gitHostConfig(services.controlPlane.url), smoke: { cases } },
        { delivered: true }
      )
    } finally {
      await services.close()
    }
  }

  it('runs on node24 from the committed bundle', () => {
    expect(actionYml.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  it('describes every input and output', () => {
    for (const spec of [...Object.values(actionYml.inputs), ...Object.values(actionYml.outputs)]) {
      expect(spec.description.length).toBeGreaterThan(10)
    }
  })

  it('sends the version of package.json in the User-Agent', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
    ) as {
      version: string
    }
    expect(ACTION_VERSION).toBe(pkg.version)
  })

  it('documents every input and output in the README lists, and nothing else', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const tableNames = (heading: string) => {
      const section = readme.split(`## ${heading}\n`)[1]?.split('\n## ')[0] ?? ''
      return [...section.matchAll(/^- `([a-z0-9-]+)`[ :]/gm)].map((match) => match[1])
    }
    expect(tableNames('Inputs').sort()).toEqual([...INPUT_NAMES].sort())
    expect(tableNames('Outputs').sort()).toEqual([...OUTPUT_NAMES].sort())
  })
})

describe("the spec's tables", () => {
  const spec = new URL('../../../shared/spec/action.md', import.meta.url)
  /** A table of the spec's section: first column's names (in backticks) → second column. */
  const table = (heading: string): Map<string, string> => {
    const section = readFileSync(spec, 'utf8').split(`## ${heading}\n`)[1]?.split('\n## ')[0] ?? ''
    const rows = [...section.matchAll(/^\| ((?:`[^`]+`(?:, )?)+) \| ?([^|]*?) ?\|/gm)]
    return new Map(
      rows.flatMap(([, names = '', second = '']) =>
        [...names.matchAll(/`([^`]+)`/g)].map(([, name = '']) => [name, second.trim()])
      )
    )
  }

  it('name the inputs of action.yml, with its defaults, where the spec is present', () => {
    if (!existsSync(spec)) return
    const inputs = table('Inputs')
    expect([...inputs.keys()].sort()).toEqual([...INPUT_NAMES].sort())
    for (const name of INPUT_NAMES) {
      const literal = /^`([^`]*)`$/.exec(inputs.get(name) ?? '')?.[1]
      // A default that names another input (or the runner's variables) is that input's value.
      const other =
        literal?.startsWith('$') || (INPUT_NAMES as readonly string[]).includes(literal ?? '')
      if (literal !== undefined && !other)
        expect({ name, default: literal }).toEqual({
          name,
          default: actionYml.inputs[name]?.default
        })
    }
  })

  /**
   * A section the spec adds while its issue is open lists its keys and its output in itself
   * ("until it is built, its keys and its output are listed here only"); they move into the
   * Release policy's table and the Outputs table once it is whole. Those a run already accepts
   * are compared from there meanwhile.
   */
  const ownListing = (heading: string) => {
    const section = readFileSync(spec, 'utf8').split(`## ${heading}\n`)[1]?.split('\n## ')[0] ?? ''
    if (!/listed here only/.test(section)) return { keys: [], outputs: [] }
    return {
      keys: [...section.matchAll(/^\| `([a-z0-9.<>-]+)` \|/gm)].map(([, key = '']) => key),
      outputs: [...section.matchAll(/^Output `([a-z-]+)`/gm)].map(([, name = '']) => name)
    }
  }
  const PARKED_THREADS = 'Parked threads'

  it('name the outputs of action.yml', () => {
    if (!existsSync(spec)) return
    const outputs = [...table('Outputs').keys(), ...ownListing(PARKED_THREADS).outputs]
    expect(outputs.sort()).toEqual([...OUTPUT_NAMES].sort())
  })

  it("name the policy's keys of the JSON Schema", () => {
    if (!existsSync(spec)) return
    const section = readFileSync(spec, 'utf8').split('## Release policy\n')[1]?.split('\n## ')[0]
    const specKeys = [
      ...[...(section ?? '').matchAll(/^\| `([a-z0-9.<>-]+)` \|/gm)].map(([, key]) => key),
      ...ownListing(PARKED_THREADS).keys
    ]
    const schemaKeys = [...policyReference(policyJsonSchema()).matchAll(/^- `([^`]+)`/gm)].map(
      ([, key]) => key
    )
    expect(schemaKeys.sort()).toEqual(specKeys.sort())
  })
})

describe('the vendored copy of the published schema', () => {
  const shared = new URL('../../../shared/reference/control-plane.openapi.json', import.meta.url)
  const vendored = new URL('../../emulator/reference/control-plane.openapi.json', import.meta.url)
  it('equals the project reference where that is present', () => {
    if (!existsSync(shared)) {
      // A clone without shared/ beside it (on GitHub): nothing to compare against.
      expect(existsSync(vendored)).toBe(true)
      return
    }
    expect(readFileSync(vendored, 'utf8')).toBe(readFileSync(shared, 'utf8'))
  })
})

describe('npm run docs', () => {
  it('has written the README tables from action.yml (run npm run docs when this fails)', async () => {
    const { renderReadme } = await import('../../scripts/docs')
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const actionYmlText = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')
    expect(await renderReadme(readme, actionYmlText)).toBe(readme)
  })

  it('places every input in one group, and refuses an input it has not placed', async () => {
    const { INPUT_GROUPS, renderLists } = await import('../../scripts/docs')
    const grouped = INPUT_GROUPS.flatMap((group) => group.inputs)
    expect([...grouped].sort()).toEqual([...INPUT_NAMES].sort())
    const actionYmlText = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')
    const added = actionYmlText.replace(
      '\ninputs:\n',
      '\ninputs:\n  brand-new:\n    description: An input nobody placed.\n'
    )
    expect(() => renderLists(added)).toThrow(/place brand-new in a group/)
  })

  it('notices a description changed in action.yml', async () => {
    const { renderReadme } = await import('../../scripts/docs')
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const changed = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8').replace(
      'Masked in the log.',
      'Masked everywhere.'
    )
    expect(await renderReadme(readme, changed)).not.toBe(readme)
  })
})
