/**
 * Where the applicant stands with each grant, from what this computer knows: an application
 * recorded (sent from here, or learned of from a 409) or drafts in the drafts folder. Read
 * through the existing `drafts.list` and `applications.list`, so the grant list and detail say
 * "Applied" or "Draft" without asking the service anything. A failure to read either keeps
 * the last answer: these badges are a hint, and the Drafts and Applications screens say what
 * went wrong.
 */
import { afterFirstScreen } from '../app'
import { latestRequest, createStore } from '../store'
import type { ApplicationRecord, DraftSummary } from '../../../../shared/ipc'
import { call, onEvent } from '../../lib/bridge'
import { day } from '../../../../shared/text'

export type MyGrantStatus = { kind: 'applied'; at: string; applicationId: string } | { kind: 'draft'; drafts: number }

/** Applied beats draft: an applicant with an application and a leftover copy has applied. */
export function myGrantStatuses(drafts: readonly DraftSummary[], applications: readonly ApplicationRecord[]): Map<string, MyGrantStatus> {
  const byGrant = new Map<string, MyGrantStatus>()
  for (const draft of drafts) {
    if (draft.state !== 'ok') continue
    const known = byGrant.get(draft.grantId)
    byGrant.set(draft.grantId, { kind: 'draft', drafts: known?.kind === 'draft' ? known.drafts + 1 : 1 })
  }
  for (const application of applications) {
    const known = byGrant.get(application.grantId)
    // The earliest application is when the applicant applied; later records are the same one seen again.
    if (known?.kind === 'applied' && Date.parse(known.at) <= Date.parse(application.submittedAt)) continue
    byGrant.set(application.grantId, { kind: 'applied', at: application.submittedAt, applicationId: application.applicationId })
  }
  return byGrant
}

/** "Applied 12 Nov 2026", "Draft", "2 drafts". */
export function myGrantStatusText(status: MyGrantStatus): string {
  if (status.kind === 'applied') return `Applied ${day(status.at)}`
  return status.drafts === 1 ? 'Draft' : `${status.drafts} drafts`
}

interface MyGrantsState {
  byGrant: ReadonlyMap<string, MyGrantStatus>
  load: () => Promise<void>
}

const requests = latestRequest()

export const useMyGrants = createStore<MyGrantsState>((set) => ({
  byGrant: new Map(),
  load: async () => {
    const isLatest = requests.begin()
    const [drafts, applications] = await Promise.all([call('drafts.list'), call('applications.list')])
    if (!isLatest() || !drafts.ok || !applications.ok) return
    set({ byGrant: myGrantStatuses(drafts.value.items, applications.value.items) })
  },
}))

/** Reads the statuses now and again whenever drafts change on disk; returns the stop. */
export function followMyGrants(): () => void {
  // At start the marks come just after the grant list's rows (state/app/firstScreen.ts): the rows are
  // what the applicant waits for, and reading every draft and application must not hold them up.
  const stopLoad = afterFirstScreen(() => void useMyGrants.getState().load())
  const stopEvents = onEvent('drafts.changed', () => void useMyGrants.getState().load())
  return () => {
    stopLoad()
    stopEvents()
  }
}
