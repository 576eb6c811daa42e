import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import {
  EXTRACT_URL,
  extractDescription,
  readPinnedDescription,
  renderExtract
} from '../../scripts/github-openapi-extract'
import { githubRequestProblems } from '../helpers/github-openapi'

describe("The extract of GitHub's REST description the stand-in checks requests against", () => {
  it('is what scripts/github-openapi-extract.ts makes of the pinned @octokit/openapi', async () => {
    const { version, document } = readPinnedDescription()
    const rendered = await renderExtract(extractDescription(version, document))
    // Out of date: run `npx tsx scripts/github-openapi-extract.ts` and commit the file.
    expect(readFileSync(EXTRACT_URL, 'utf8')).toBe(rendered)
  })

  it('tells an operation GitHub does not have from one the extract leaves out', () => {
    const none = new URLSearchParams()
    expect(githubRequestProblems('GET', '/repos/acme/agent/deploymentz', none, undefined)).toEqual([
      "GET /repos/acme/agent/deploymentz: no such operation in GitHub's REST description"
    ])
    expect(githubRequestProblems('GET', '/repos/acme/agent/issues', none, undefined)).toEqual([
      "GET /repos/{owner}/{repo}/issues: an operation the extract of GitHub's REST description " +
        'leaves out (add it to EXTRACTED in scripts/github-openapi-extract.ts and run that script)'
    ])
    expect(
      githubRequestProblems('POST', '/repos/acme/agent/deployments', none, {
        ref: 'main',
        environment: 'production',
        auto_merge: false,
        required_contexts: []
      })
    ).toEqual([])
  })
})
