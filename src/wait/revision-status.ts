/**
 * How the action judges a revision's status: two explicit tables, and everything else (including
 * statuses the service may add later) means the revision is still on its way.
 */
export const FINAL_STATUSES = {
  DEPLOYED: 'deployed',
  CREATE_FAILED: 'failed',
  BUILD_FAILED: 'failed',
  DEPLOY_FAILED: 'failed',
  INTERRUPTED: 'failed',
  SKIPPED: 'superseded'
} as const satisfies Record<string, string>

/** Listed for people and tests; `judgeStatus` treats any status not in FINAL_STATUSES like these. */
export const WAITING_STATUSES = [
  'CREATING',
  'QUEUED',
  'AWAITING_BUILD',
  'BUILDING',
  'AWAITING_DEPLOY',
  'DEPLOYING',
  'UNKNOWN'
] as const

export type Verdict = (typeof FINAL_STATUSES)[keyof typeof FINAL_STATUSES] | 'waiting'

export function judgeStatus(status: string): Verdict {
  return Object.hasOwn(FINAL_STATUSES, status)
    ? FINAL_STATUSES[status as keyof typeof FINAL_STATUSES]
    : 'waiting'
}
