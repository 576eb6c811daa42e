import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  commitChecksRoute,
  type CommitChecks,
  type SeededCheckRun,
  type SeededCommitStatus
} from './github-commit-checks'
import { commitRoute, contentsRoute, type RepositoryFiles } from './github-contents'
import { githubRequestProblems, prepareGitHubDescription } from './github-openapi'

export interface GitHubCall {
  method: string
  path: string
  body: unknown
  authorization?: string
  /** The body as sent. */
  text: string
  /** What GitHub's REST description finds wrong with it (./github-openapi.ts); none, GitHub's way. */
  problems: string[]
}

export interface GitHubApiOptions {
  failWith?: number
  onCall?: (call: GitHubCall) => void
  /** Accept every call and never answer (a GitHub API that hangs). */
  hang?: boolean
  /**
   * Comments already on the pull request (another bot's, a hostile one…); without `user`, one
   * the workflow's token wrote (github-actions[bot]).
   */
  comments?: { id: number; body: string; user?: GitHubUser }[]
  /** The comments list answers its first page whatever `page` is asked (a fault). */
  commentsIgnorePage?: boolean
  /**
   * Tokens that may read `GET /user` (a personal access token's identity, say), by token; GraphQL's
   * `viewer` answers their login. Any other token is taken for the workflow's: `GET /user` answers
   * 403, `viewer` github-actions[bot], and what it writes is github-actions[bot]'s, as GitHub does.
   */
  users?: Record<string, GitHubUser>
  /**
   * Tokens of other GitHub Apps, by token: `GET /user` answers them 403, GraphQL's `viewer` their
   * bot's login, and what they write is that bot's.
   */
  appTokens?: Record<string, GitHubUser>
  /**
   * `POST /graphql` answers this status (401 "Bad credentials" as GitHub does for a token it does
   * not know, else a server error): the token's identity cannot be read.
   */
  graphqlFailWith?: number
  /** Answers every call with a redirect to this URL (path and query kept). */
  redirectTo?: string
  /** The test sends requests GitHub's description refuses: `close` does not reject for them. */
  invalidExpected?: boolean
  /** The repository's files by commit (`ref`) and path, for the contents route. */
  files?: RepositoryFiles
  /** The contents route answers this status (a token without `contents: read`, a GitHub fault). */
  contentsFailWith?: number
  /** The token cannot see the repository (a private one): its contents and commits answer 404. */
  repositoryHidden?: boolean
}

/** A comment's author, as GitHub shows it. */
export interface GitHubUser {
  login: string
  id: number
  type: 'User' | 'Bot'
}

/** Who the workflow's GITHUB_TOKEN writes as. */
export const WORKFLOW_BOT: GitHubUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' }

/** GitHub's ids are past 2^31 (int64): a client that keeps them in 32 bits breaks here. */
const FIRST_ID = 2 ** 31 + 100

/** A GitHub deployment as the stand-in keeps it; `statuses` oldest first. */
export interface GitHubDeployment {
  id: number
  environment: string
  ref: string
  created_at: string
  statuses: { id: number; state: string; description?: string }[]
}

export interface GitHubPull {
  number: number
  state: 'open' | 'closed'
  head: { ref: string }
}

/** What the stand-in answers from: deployments and pull requests, seeded or made by calls. */
interface Records {
  deployments: GitHubDeployment[]
  pulls: GitHubPull[]
  /** Hands out ids for statuses and comments, from one counter as GitHub's are unrelated. */
  newId: () => number
  nextDeploymentId: number
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> }

/** A list page as GitHub pages it (`per_page` default 30, `page` from 1), with a Link to the next. */
function pageOf<T>(items: T[], url: URL, ignorePage = false): Answer {
  const perPage = Number(url.searchParams.get('per_page') ?? 30)
  const page = ignorePage ? 1 : Number(url.searchParams.get('page') ?? 1)
  const body = items.slice((page - 1) * perPage, page * perPage)
  if (page * perPage >= items.length) return { status: 200, body }
  const next = new URL(url)
  next.searchParams.set('page', String(page + 1))
  return { status: 200, body, headers: { link: `<${next.href}>; rel="next"` } }
}

function addDeployment(records: Records, environment: string, ref: string): GitHubDeployment {
  const deployment: GitHubDeployment = {
    id: records.nextDeploymentId++,
    environment,
    ref,
    created_at: new Date().toISOString(),
    statuses: []
  }
  records.deployments.push(deployment)
  return deployment
}

/**
 * The routes of the preview lifecycle: create and list deployments (newest first, filtered by
 * `environment`), add and list their statuses, read pull requests one by one or listed by
 * `state`. Undefined for any other call.
 */
function lifecycleRoute(records: Records, call: GitHubCall, url: URL): Answer | undefined {
  const { method, path } = call
  const body = (call.body ?? {}) as Record<string, unknown>
  if (method === 'POST' && /\/deployments$/.test(path)) {
    const created = addDeployment(records, String(body.environment), String(body.ref))
    return { status: 201, body: { id: created.id } }
  }
  if (method === 'GET' && /\/deployments$/.test(path)) {
    const environment = url.searchParams.get('environment')
    const matching = records.deployments
      .filter((deployment) => environment === null || deployment.environment === environment)
      .reverse()
      .map(({ statuses: _statuses, ...deployment }) => deployment)
    return pageOf(matching, url)
  }
  const statuses = /\/deployments\/(\d+)\/statuses$/.exec(path)
  if (statuses) {
    const deployment = records.deployments.find((d) => d.id === Number(statuses[1]))
    if (!deployment) return { status: 404, body: { message: 'Not Found' } }
    if (method === 'GET') return pageOf([...deployment.statuses].reverse(), url)
    if (method !== 'POST') return undefined
    const status = {
      id: records.newId(),
      state: String(body.state),
      ...(typeof body.description === 'string' ? { description: body.description } : {})
    }
    deployment.statuses.push(status)
    return { status: 201, body: status }
  }
  const pull = /\/pulls\/(\d+)$/.exec(path)
  if (method === 'GET' && pull) {
    const found = records.pulls.find((candidate) => candidate.number === Number(pull[1]))
    return found ? { status: 200, body: found } : { status: 404, body: { message: 'Not Found' } }
  }
  if (method === 'GET' && /\/pulls$/.test(path)) {
    const state = url.searchParams.get('state') ?? 'open'
    const matching = records.pulls
      .filter((candidate) => state === 'all' || candidate.state === state)
      .sort((a, b) => b.number - a.number)
    return pageOf(matching, url)
  }
  return undefined
}

/**
 * A stand-in for the GitHub REST API on 127.0.0.1: records every call and answers the few
 * the action makes (deployments and their statuses, pull requests, issue comments, and GraphQL's
 * `viewer { login }`). Ids are past 2^31, as
 * GitHub's are; the first deployment it creates is id 2^31 + 7. `failWith` makes every call answer that status, as a token
 * without the permission would; `hang` reads every call and never answers, as a GitHub API that
 * hangs would. Seed deployments and pull requests with `seedDeployment` and `seedPull`;
 * `deployments` shows each with its statuses, `inactive()` which ended inactive.
 */
export async function startGitHubApi(options: GitHubApiOptions = {}) {
  const calls: GitHubCall[] = []
  const comments: { id: number; body: string; user: GitHubUser }[] = (options.comments ?? []).map(
    (comment) => ({ user: WORKFLOW_BOT, ...comment })
  )
  let nextId = FIRST_ID
  const records: Records = {
    deployments: [],
    pulls: [],
    newId: () => nextId++,
    nextDeploymentId: 2 ** 31 + 7
  }
  const commitChecks: CommitChecks = { checkRuns: new Map(), statuses: new Map() }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const path = (req.url ?? '').split('?')[0] ?? ''
      const method = req.method ?? ''
      const body = text ? (JSON.parse(text) as unknown) : undefined
      const query = new URL(req.url ?? '/', 'http://github.invalid').searchParams
      const call: GitHubCall = {
        method,
        path,
        body,
        authorization: req.headers.authorization,
        text,
        // GraphQL is not in the REST description: its request is checked here.
        problems:
          method === 'POST' && path === '/graphql'
            ? graphqlProblems(body)
            : githubRequestProblems(method, path, query, body)
      }
      calls.push(call)
      options.onCall?.(call)
      if (options.hang) return
      if (options.redirectTo) {
        res.writeHead(307, { location: `${options.redirectTo}${req.url ?? ''}` })
        return res.end()
      }
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(body))
      }
      if (options.failWith)
        return answer(options.failWith, { message: 'Resource not accessible by integration' })
      // GitHub refuses a request its description does not allow; so does the stand-in.
      if (call.problems.length > 0)
        return answer(422, { message: 'Invalid request.', errors: call.problems })
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`)
      const token = (call.authorization ?? '').replace(/^(token|bearer) /i, '')
      const app = options.appTokens?.[token]
      const user = options.users?.[token]
      if (call.method === 'POST' && path === '/graphql') {
        const failWith = options.graphqlFailWith
        if (failWith !== undefined)
          return answer(failWith, {
            message: failWith === 401 ? 'Bad credentials' : 'Server Error',
            documentation_url: 'https://docs.github.com/graphql'
          })
        return answer(200, { data: { viewer: { login: (user ?? app ?? WORKFLOW_BOT).login } } })
      }
      if (call.method === 'GET' && path === '/user') {
        return user
          ? answer(200, user)
          : answer(403, { message: 'Resource not accessible by integration' })
      }
      const lifecycle = lifecycleRoute(records, call, url)
      if (lifecycle) return answer(lifecycle.status, lifecycle.body, lifecycle.headers)
      const accept = req.headers.accept ?? ''
      const contents =
        contentsRoute(options, call, url, accept) ?? commitRoute(options, call, url, accept)
      if (contents) {
        res.writeHead(contents.status, { 'content-type': contents.type })
        return res.end(contents.body)
      }
      const ci = commitChecksRoute(commitChecks, method, path, url)
      if (ci) return answer(ci.status, ci.body)
      if (call.method === 'GET' && /\/issues\/\d+\/comments$/.test(path)) {
        // A GitHub that ignores `page` answers the first page to every page asked.
        const listed = pageOf(comments, url, options.commentsIgnorePage === true)
        return answer(listed.status, listed.body, listed.headers)
      }
      if (call.method === 'POST' && /\/issues\/\d+\/comments$/.test(path)) {
        const comment = {
          id: nextId++,
          body: (call.body as { body: string }).body,
          user: user ?? app ?? WORKFLOW_BOT
        }
        comments.push(comment)
        return answer(201, comment)
      }
      const update = /\/issues\/comments\/(\d+)$/.exec(path)
      if (call.method === 'PATCH' && update) {
        const comment = comments.find((c) => c.id === Number(update[1]))
        if (comment) comment.body = (call.body as { body: string }).body
        return answer(200, comment)
      }
      answer(404, { message: 'Not Found' })
    })
  })
  prepareGitHubDescription()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    comments,
    deployments: records.deployments,
    /** A deployment made before the run, e.g. a preview's; `state` adds one status. */
    seedDeployment: (init: { environment: string; ref?: string; state?: string }) => {
      const deployment = addDeployment(records, init.environment, init.ref ?? 'main')
      if (init.state !== undefined) deployment.statuses.push({ id: nextId++, state: init.state })
      return deployment
    },
    seedPull: (number: number, state: GitHubPull['state'], headRef = `pr-${number}`) => {
      records.pulls.push({ number, state, head: { ref: headRef } })
    },
    /** A check run on a commit (a CI job's, say), as GitHub lists them for the commit. */
    seedCheckRun: (sha: string, run: SeededCheckRun) => {
      const runs = commitChecks.checkRuns.get(sha) ?? []
      runs.push({ id: nextId++, ...run })
      commitChecks.checkRuns.set(sha, runs)
    },
    /** A commit status on a commit (another CI service's), oldest first. */
    seedCommitStatus: (sha: string, status: SeededCommitStatus) => {
      const statuses = commitChecks.statuses.get(sha) ?? []
      statuses.push({ id: nextId++, ...status })
      commitChecks.statuses.set(sha, statuses)
    },
    /** Ids of the deployments whose latest status is inactive. */
    inactive: () =>
      records.deployments
        .filter((deployment) => deployment.statuses.at(-1)?.state === 'inactive')
        .map((deployment) => deployment.id),
    /** Every call's body as sent, and each string in it (for a search of secret forms). */
    payloadTexts: () => calls.flatMap((call) => [call.text, ...stringsIn(call.body)]),
    /**
     * Stops the server; rejects when a request did not match GitHub's REST description (unless
     * `invalidExpected`), so every test that uses the stand-in checks what the action sent.
     */
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      const problems = calls.flatMap((call) => call.problems)
      if (problems.length > 0 && !options.invalidExpected) {
        throw new Error(
          `Requests GitHub's REST description does not allow:\n${problems.join('\n')}`
        )
      }
    }
  }
}

/**
 * What GitHub would refuse in a GraphQL request: the action asks only `viewer { login }`, so
 * anything else is a defect of the action (GitHub would answer it with `errors`).
 */
function graphqlProblems(body: unknown): string[] {
  const query = (body as { query?: unknown } | undefined)?.query
  if (typeof query !== 'string') return ['POST /graphql: the body has no query']
  return /^\s*(query\s*)?\{\s*viewer\s*\{\s*login\s*\}\s*\}\s*$/.test(query)
    ? []
    : [`POST /graphql: the stand-in answers only { viewer { login } }, not ${query}`]
}

/** Every string in a JSON value, however deep. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}
