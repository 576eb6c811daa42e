/**
 * A step is one folder (STYLE.md): outside its folder a release-policy section is named only in
 * the list of steps and the registry of declarations (`rollback`, which the frame itself reads,
 * also in the deadline module and safe delivery). The list names each step's renderer row (which
 * every run loads with the report) and its row (which only a run that deploys loads). A section
 * other steps read exposes accessors in its declaration: reads through them do not count (they
 * are listed apart).
 */
import { describe, expect, it } from '@jest/globals'
import { fileURLToPath } from 'node:url'
import { DECLARED } from '../../src/policy/sections'
import { sectionReach, type Section } from './section-reach'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

const LIST = 'src/steps.ts'
const REGISTRY = 'src/policy/sections.ts'

const SECTIONS: readonly (Section & { alsoAllowed?: readonly string[] })[] = [
  {
    name: 'agent',
    folder: 'agent-checks',
    accessors: ['agentSettingsOf', 'AgentFacts', 'agentReads', 'AGENT_KEYS'],
    accessorKeys: ['agent.assistant', 'agent.timeout'],
    // The gate names its own field for the agent server's credentials so.
    keyNamesIt: false
  },
  { name: 'smoke', folder: 'smoke', accessors: ['toCase', 'SmokeCase'] },
  { name: 'gate', folder: 'evaluation' },
  {
    name: 'rollback',
    folder: 'rollback',
    accessors: ['rollbackOnFailureIn', 'ROLLBACK_KEYS'],
    accessorKeys: ['rollback.on-failure', 'rollback.timeout'],
    alsoOperation: true,
    alsoAllowed: ['src/run/deadlines.ts', 'src/safe-delivery.ts']
  },
  { name: 'bake', folder: 'bake' },
  { name: 'assistants', folder: 'assistants', accessors: ['assistantIdByName'] },
  { name: 'threads', folder: 'threads' }
]

const reach = sectionReach(ROOT, SECTIONS)

describe("a section's reach outside its step's folder", () => {
  it('is measured for every declared section, and finds the list and the registry', () => {
    expect(SECTIONS.map(({ name }) => name).sort()).toEqual(DECLARED.map(({ name }) => name).sort())
    // A scan gone wrong would find nothing, and the rule below would pass vacuously.
    expect(reach.bake?.files).toEqual([REGISTRY, LIST])
    expect(reach.agent?.accessorReads).toContain('src/smoke/step.ts')
  })

  it.each(SECTIONS.map((section) => [section.name, section] as const))(
    '%s is named only in the list of steps and the registry',
    (name, section) => {
      const allowed = [LIST, REGISTRY, ...(section.alsoAllowed ?? [])]
      const found = reach[name]
      const stray = (found?.files ?? []).filter((file) => !allowed.includes(file))
      expect(Object.fromEntries(stray.map((file) => [file, found?.how[file]]))).toEqual({})
    }
  )
})
