/**
 * Text that must never be echoed back: the secrets' two formats, and control characters in
 * any input, each refused by where it is and never quoted.
 */
import { describe, expect, it } from '@jest/globals'
import { parseServiceInputs } from '../helpers/service-config'
import { branchEnv, gitHost, image, inputsOf, problemsOf } from './steps'

describe('parseInputs', () => {
  it('reads secrets as JSON, and never quotes a value in a problem', async () => {
    expect(
      (await parseServiceInputs(gitHost({ secrets: '{"A": "1", "B_2": "x=y"}' }), branchEnv))
        .secrets
    ).toEqual([
      { name: 'A', value: '1' },
      { name: 'B_2', value: 'x=y' }
    ])
    const problems = await problemsOf(
      gitHost({ secrets: '{"POSTGRES_URI": "postgres://user:hunter2@db", "N": 5}' })
    )
    expect(problems).toEqual([
      'secrets: secret "N" must have a string value',
      'secrets: secret name "POSTGRES_URI" is reserved by the agent server; choose another name'
    ])
    const broken = await problemsOf(gitHost({ secrets: '{"A": "hunter2",' }))
    expect(broken.join('\n')).not.toContain('hunter2')
  })

  it('refuses a control character in a secret value, raw or JSON-escaped, by where it is', async () => {
    const escaped = await problemsOf(
      gitHost({ secrets: '{"A": "fine", "B": "hunter2\\u0000x", "C": "line\\nbreak\\tok"}' })
    )
    expect(escaped).toEqual([
      'secrets: key 2 of the JSON object holds a control character in its value (U+0000); only tabs and line breaks may appear'
    ])
    const escapedEscape = await problemsOf(gitHost({ secrets: '{"A": "hunter2\\u001b[31m"}' }))
    expect(escapedEscape).toEqual([
      'secrets: key 1 of the JSON object holds a control character in its value (U+001B); only tabs and line breaks may appear'
    ])
    const raw = await problemsOf(gitHost({ secrets: 'A=ok\nB=hunter2\u0007' }))
    expect(raw).toHaveLength(1)
    expect(raw[0]).toMatch(/^secrets: line 2 holds a control character \(U\+0007\)/)
    expect([...escaped, ...escapedEscape, ...raw].join('\n')).not.toContain('hunter2')
  })

  it('skips blank lines and comments in NAME=value secrets; absent secrets stay undefined', async () => {
    const config = await parseServiceInputs(
      gitHost({ secrets: '\n# the model key\nA=1\n\n  B = two words \n' }),
      branchEnv
    )
    expect(config.secrets).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: ' two words ' }
    ])
    expect((await parseServiceInputs(gitHost(), branchEnv)).secrets).toBeUndefined()
  })

  it.each([
    ['api-key', 'key-1\r\nX-Injected: 1', 'U+000D at character 6'],
    ['repo-ref', 'main\u0000', 'U+0000 at character 5'],
    ['api-url', 'https://control.example.com/\u001b[31m', 'U+001B at character 29'],
    ['name', 'agent\u007f', 'U+007F at character 6'],
    ['environment', 'a\tb', 'U+0009 at character 2']
  ] as const)(
    'refuses a control character in %s by name, without quoting it',
    async (input, value, where) => {
      const problems = await problemsOf(gitHost({ [input]: value }))
      expect(problems).toEqual([
        `${input}: holds a control character (${where}); it must be a single line of text`
      ])
      expect(problems.join('\n')).not.toContain(value)
    }
  )

  it('refuses a control character in an external_image input, the one-line rule for each', async () => {
    const problems = await problemsOf(
      image({ 'image-uri': 'registry.example.com/agent:1\n2', 'k8s-namespace': 'a\u0007' })
    )
    expect(inputsOf(problems)).toEqual(['image-uri', 'k8s-namespace'])
  })

  it('lets tabs and line breaks through in multi-line inputs, and no other control character', async () => {
    const config = await parseServiceInputs(gitHost({ secrets: 'A=1\tx\r\nB=2\n' }), branchEnv)
    expect(config.secrets).toEqual([
      { name: 'A', value: '1\tx' },
      { name: 'B', value: '2' }
    ])
    const problems = await problemsOf(gitHost({ secrets: 'A=1\nB=sk-\u0000-9' }))
    expect(problems).toEqual([
      'secrets: line 2 holds a control character (U+0000); only tabs and line breaks may appear'
    ])
    expect(await problemsOf(image({ 'resource-spec': 'cpu: 1\nlabels:\n  a: "\u001b"' }))).toEqual([
      'resource-spec: line 3 holds a control character (U+001B); only tabs and line breaks may appear'
    ])
  })

  it('names the line of a secret that is not NAME=value, never what it holds', async () => {
    const pem = '-----BEGIN PRIVATE KEY-----'
    const problems = await problemsOf(
      gitHost({ secrets: `A=1\n# a key\n${pem}\nMIIEow+IBAAKCAQEA==\n-----END PRIVATE KEY-----` })
    )
    expect(problems).toEqual([
      'secrets: line 3 is not NAME=value',
      'secrets: line 5 is not NAME=value',
      'secrets: line 4 is not NAME=value (NAME must be a C identifier: letters, digits and _, not starting with a digit)'
    ])
    expect(problems.join('\n')).not.toMatch(/BEGIN|END|MIIE|owIB/)
    const json = await problemsOf(gitHost({ secrets: '{"A": "1", "sk-live-42": "x"}' }))
    expect(json).toEqual([
      'secrets: the name of key 2 of the JSON object is not valid (NAME must be a C identifier: letters, digits and _, not starting with a digit)'
    ])
  })
})
