import { defaults } from '@actions/github/lib/utils'
import type { Fetch } from '../world'

// A module of its own: the real world loads the fetch of GitHub's calls on its own, and only
// this (not the client's other code, which the GitHub records' chunk holds) then comes twice.

/** The fetch @actions/github would use (through the runner's proxy settings), else Node's. */
export function githubFetch(): Fetch {
  const proxied = (defaults.request as { fetch?: Fetch } | undefined)?.fetch
  return proxied ?? fetch
}
