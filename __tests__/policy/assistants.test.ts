import { afterAll, describe, expect, it } from '@jest/globals'
import { loadPolicy } from '../../src/policy/load'
import {
  ASSISTANT_NAMESPACE,
  assistantIdOf,
  entryDigest,
  type AssistantEntryWritten
} from '../../src/assistants/entries'
import { comparePolicies } from '../../src/policy/compare'
import { describePolicy } from '../../src/policy/describe'
import { policyInputRules } from '../../src/policy/rules'
import { configFromPolicy } from '../../src/policy/to-config'
import { uuidV5 } from '../../src/lib/uuid-v5'
import { lines, PolicyWorkspace } from './workspace'

const workspace = new PolicyWorkspace()
afterAll(() => workspace.remove())

/** Problems as `file:line:col message`. */
async function problemsOf(path: string, graphConfigPath?: string): Promise<string[]> {
  const loaded = await loadPolicy(path, workspace.root, { graphConfigPath })
  if (loaded.policy) throw new Error('the policy was accepted')
  return loaded.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`)
}

describe('assistants.entries: refused by name, every problem at once, each on its line', () => {
  it('inline: unknown keys with the nearest one, a bad name, a non-UUID id, duplicates, reserved metadata, version beside content, a literal secret', async () => {
    const path = workspace.write(
      'inline.yml',
      lines(
        'version: 1', // 1
        'assistants:', // 2
        '  entries:', // 3
        '    - name: support', // 4
        '      graph_id: agent', // 5
        '    - name: Bad Name', // 6
        '      graph-id: agent', // 7
        '      id: not-a-uuid', // 8
        '    - name: support', // 9
        '      graph-id: agent', // 10
        '      metadata: {managed-by: me, team: a}', // 11
        '    - name: pinned', // 12
        '      version: 3', // 13
        '      description: hi', // 14
        '    - name: keyed', // 15
        '      graph-id: agent', // 16
        '      config:', // 17
        '        configurable:', // 18
        '          openai_api_key: sk-do-not-show', // 19
        '          max_tokens: 100' // 20
      )
    )
    const problems = await problemsOf(path)
    expect(problems).toEqual([
      'inline.yml:4:7 assistants.entries[1] (support) needs graph-id (the graph the assistant runs), or version to pin one',
      'inline.yml:5:7 assistants.entries[1].graph_id is not a key of an assistant entry; did you mean `graph-id`?',
      'inline.yml:6:13 assistants.entries[2].name must be 1–63 of a-z, 0-9, _ and -, starting with a letter or digit',
      'inline.yml:8:11 assistants.entries[2].id must be a UUID (the id of an existing assistant to adopt)',
      'inline.yml:9:13 assistants.entries[3].name is given twice (entries 1 and 3): names are unique',
      'inline.yml:11:30 assistants.entries[3].metadata.managed-by is reserved: the action writes the managed-* metadata keys itself',
      'inline.yml:13:16 assistants.entries[4].version pins a version, so it cannot stand beside description (give the content, or the version)',
      'inline.yml:19:27 assistants.entries[5].config.configurable.openai_api_key holds a literal value, and its name ends in "apikey" (assistant keyed): secrets belong in the deployment\'s secrets input, never in the repository\'s assistants'
    ])
    expect(problems.join('\n')).not.toContain('sk-do-not-show')
  })

  it('a file: each problem annotated on the line of the file that holds it; an unreadable file on the policy line that names it', async () => {
    workspace.write(
      'assistants.yml',
      lines(
        '- name: triage', // 1
        '  graph-id: agent', // 2
        '  descripton: x', // 3
        '- name: triage', // 4
        '  graph-id: agent', // 5
        '  context: {db_password: hunter2}' // 6
      )
    )
    const path = workspace.write(
      'from-file.yml',
      lines(
        'version: 1', // 1
        'assistants:', // 2
        '  entries: assistants.yml', // 3
        'environments:', // 4
        '  prod:', // 5
        '    assistants: {entries: missing.yml}' // 6
      )
    )
    const problems = await problemsOf(path)
    expect(problems).toEqual([
      'assistants.yml:3:3 assistants.entries[1].descripton is not a key of an assistant entry; did you mean `description`? (in assistants.yml)',
      'assistants.yml:4:9 assistants.entries[2].name is given twice (entries 1 and 2): names are unique (in assistants.yml)',
      'assistants.yml:6:26 assistants.entries[2].context.db_password holds a literal value, and its name ends in "password" (assistant triage): secrets belong in the deployment\'s secrets input, never in the repository\'s assistants (in assistants.yml)',
      'from-file.yml:6:27 environments.prod.assistants.entries: missing.yml cannot be read (there is no such file); the path is relative to the workspace'
    ])
    expect(problems.join('\n')).not.toContain('hunter2')
  })

  it("a graph-id the application's configuration does not name, when it can be read", async () => {
    workspace.write('app/langgraph.json', JSON.stringify({ graphs: { agent: './a.py:g' } }))
    workspace.write('graphs.json', JSON.stringify([{ name: 'x', 'graph-id': 'agnet' }], null, 1))
    const path = workspace.write(
      'graphs.yml',
      lines('version: 1', 'assistants:', '  entries: graphs.json')
    )
    expect(await problemsOf(path, 'app/langgraph.json')).toEqual([
      'graphs.json:4:15 assistants.entries[1].graph-id: the graph "agnet" of assistant x is not a key of graphs in the application\'s configuration (it names agent)'
    ])
    // Unreadable configuration: nothing is judged.
    expect(
      (await loadPolicy(path, workspace.root, { graphConfigPath: 'nope.json' })).problems
    ).toEqual([])
  })

  it('assistants.entries with wait: false is refused by name', () => {
    expect(policyInputRules({ assistants: { entries: 'a.yml' } }, { wait: false })).toEqual([
      {
        path: ['assistants', 'entries'],
        message: 'assistants.entries needs wait: true (it acts once the revision is DEPLOYED)'
      }
    ])
  })
})

describe('assistants in the policy in effect', () => {
  it('ids are the UUID v5 of the name in the fixed namespace, or the id given', () => {
    expect(ASSISTANT_NAMESPACE).toBe('a4cd1350-3f60-47c9-82e8-eb29baeb4384')
    expect(assistantIdOf({ name: 'support' })).toBe(uuidV5('support', ASSISTANT_NAMESPACE))
    expect(assistantIdOf({ name: 'support' })).toMatch(/^[0-9a-f-]{36}$/)
    expect(assistantIdOf({ name: 'support', id: '0B6C9B4E-4E55-4D8B-9A60-0D0B0A9F5B10' })).toBe(
      '0b6c9b4e-4e55-4d8b-9a60-0d0b0a9f5b10'
    )
  })

  it('a path-valued entries digests as {path, sha256}: editing the file changes the digest; names stand for ids', async () => {
    workspace.write('digest.yml', lines('- name: support', '  graph-id: agent', '  config: {a: 1}'))
    const path = workspace.write(
      'digest-policy.yml',
      lines(
        'version: 1',
        'agent: {assistant: support}',
        'smoke: {cases: [{message: hi, assistant: support}, {message: there}]}',
        'assistants: {entries: digest.yml}'
      )
    )
    const first = (await workspace.load(path)).inEffect(undefined)
    expect(first.policy.assistants).toEqual({
      entries: { path: 'digest.yml', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      'on-drift': 'overwrite'
    })
    expect(first.files['assistants.entries']?.items).toEqual([
      { name: 'support', 'graph-id': 'agent', config: { a: 1 } }
    ])
    const config = configFromPolicy(first, { apiKey: 'k' })
    const id = uuidV5('support', ASSISTANT_NAMESPACE)
    expect(config.agent?.assistantId).toBe(id)
    expect(config.smoke?.cases.map((c) => c.assistant)).toEqual([id, undefined])
    expect(config.assistants).toEqual({
      entries: first.files['assistants.entries']?.items,
      onDrift: 'overwrite',
      apiKey: 'k',
      authScheme: undefined
    })
    expect(describePolicy(first.policy)).toContain(
      'assistants: from digest.yml, on drift overwrite'
    )

    workspace.write('digest.yml', lines('- name: support', '  graph-id: agent', '  config: {a: 2}'))
    const second = (await workspace.load(path)).inEffect(undefined)
    expect(second.digest).not.toBe(first.digest)
  })

  it('the managed digest is of the canonical entry: key order does not matter, content does', () => {
    const a: AssistantEntryWritten = { name: 'x', 'graph-id': 'g', config: { b: 1, a: 2 } }
    const b: AssistantEntryWritten = { config: { a: 2, b: 1 }, 'graph-id': 'g', name: 'x' }
    expect(entryDigest(a)).toBe(entryDigest(b))
    expect(entryDigest(a)).not.toBe(entryDigest({ ...a, config: { a: 3 } }))
  })

  it('a pull request that removes an assistant reads weaker (removed); a changed one changed', () => {
    const side = (entries: AssistantEntryWritten[]) => ({
      policy: { version: 1 as const, assistants: { entries, 'on-drift': 'overwrite' as const } },
      files: { 'assistants.entries': { written: entries, items: entries } }
    })
    const base = side([
      { name: 'one', 'graph-id': 'g' },
      { name: 'two', 'graph-id': 'g', config: { model: 'a' } }
    ])
    const head = side([{ name: 'two', 'graph-id': 'g', config: { model: 'b' } }])
    const changes = comparePolicies(base, head).map(({ keyPath, word, note }) => ({
      keyPath,
      word,
      note
    }))
    expect(changes).toEqual([
      { keyPath: 'assistants.entries[one]', word: 'weaker', note: 'removed' },
      { keyPath: 'assistants.entries[two]', word: 'changed', note: undefined }
    ])
  })
})
