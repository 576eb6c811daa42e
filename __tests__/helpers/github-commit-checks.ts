/**
 * The GitHub stand-in's answers about a commit's CI, shaped as GitHub's REST description
 * (@octokit/openapi) describes them: its check runs (`checks/list-for-ref`) and its combined
 * commit status (`repos/get-combined-status-for-ref`).
 */

export type CheckRunStatus =
  'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending'
export type CheckRunConclusion =
  'success' | 'failure' | 'neutral' | 'cancelled' | 'skipped' | 'timed_out' | 'action_required'

/** A check run as a test seeds it: a job of a workflow run on the commit, say. */
export interface SeededCheckRun {
  name: string
  status: CheckRunStatus
  /** null until the run is completed, as GitHub answers it. */
  conclusion: CheckRunConclusion | null
}

export type CommitStatusState = 'error' | 'failure' | 'pending' | 'success'

/** A commit status (the older API, which other CI services use), as a test seeds it. */
export interface SeededCommitStatus {
  context: string
  state: CommitStatusState
}

export interface CommitChecks {
  checkRuns: Map<string, (SeededCheckRun & { id: number })[]>
  statuses: Map<string, (SeededCommitStatus & { id: number })[]>
}

type Answer = { status: number; body: unknown }

const TIME = '2026-01-01T00:00:00Z'

function checkRunBody(base: string, sha: string, run: SeededCheckRun & { id: number }) {
  return {
    id: run.id,
    node_id: `CR_${run.id}`,
    head_sha: sha,
    external_id: String(run.id),
    url: `${base}/check-runs/${run.id}`,
    html_url: `https://github.com/acme/support-agent/runs/${run.id}`,
    details_url: `https://github.com/acme/support-agent/actions/runs/1/job/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: TIME,
    completed_at: run.status === 'completed' ? TIME : null,
    output: {
      title: null,
      summary: null,
      text: null,
      annotations_count: 0,
      annotations_url: `${base}/check-runs/${run.id}/annotations`
    },
    name: run.name,
    check_suite: { id: 1 },
    app: null,
    pull_requests: []
  }
}

/**
 * GitHub's combined state: failure when any context's latest status is error or failure, pending
 * when there is none or any is pending, else success.
 */
function combinedState(latest: SeededCommitStatus[]): CommitStatusState {
  if (latest.some((status) => status.state === 'error' || status.state === 'failure'))
    return 'failure'
  if (latest.length === 0 || latest.some((status) => status.state === 'pending')) return 'pending'
  return 'success'
}

/** The answer to a call about a commit's CI, or undefined for any other call. */
export function commitChecksRoute(
  checks: CommitChecks,
  method: string,
  path: string,
  url: URL
): Answer | undefined {
  if (method !== 'GET') return undefined
  const match = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/(check-runs|status)$/.exec(path)
  if (!match) return undefined
  const [, owner, repo, ref = '', what] = match
  const base = `${url.origin}/repos/${owner}/${repo}`
  if (what === 'check-runs') {
    const name = url.searchParams.get('check_name')
    const status = url.searchParams.get('status')
    const all = (checks.checkRuns.get(ref) ?? []).filter(
      (run) => (name === null || run.name === name) && (status === null || run.status === status)
    )
    // filter=latest (the default): a check's newest run only, as after a re-run (the stand-in
    // keeps one check suite a commit).
    const latest = url.searchParams.get('filter') !== 'all'
    const runs = latest
      ? all.filter((run) => all.findLast((other) => other.name === run.name) === run)
      : all
    const perPage = Number(url.searchParams.get('per_page') ?? 30)
    const page = Number(url.searchParams.get('page') ?? 1)
    return {
      status: 200,
      body: {
        total_count: runs.length,
        check_runs: runs
          .slice((page - 1) * perPage, page * perPage)
          .map((run) => checkRunBody(base, ref, run))
      }
    }
  }
  // Newest first; the latest status of each context counts.
  const all = [...(checks.statuses.get(ref) ?? [])].reverse()
  const latest = all.filter(
    (status, index) => all.findIndex((other) => other.context === status.context) === index
  )
  return {
    status: 200,
    body: {
      state: combinedState(latest),
      sha: ref,
      total_count: latest.length,
      statuses: latest.map((status) => ({
        id: status.id,
        node_id: `SC_${status.id}`,
        url: `${base}/statuses/${ref}`,
        avatar_url: null,
        state: status.state,
        description: null,
        target_url: null,
        context: status.context,
        created_at: TIME,
        updated_at: TIME
      })),
      repository: { id: 1, full_name: `${owner}/${repo}`, name: repo },
      commit_url: `${base}/commits/${ref}`,
      url: `${base}/commits/${ref}/status`
    }
  }
}
