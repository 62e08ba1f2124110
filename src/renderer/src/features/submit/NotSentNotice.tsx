/**
 * A draft refused with 409 because the service already had an application to its grant, sent
 * by another draft (or from elsewhere): this draft's text was not sent. Said the same way in
 * the submit dialog, the editor and the drafts list, and never as "Submitted".
 */
import type { DraftNotSent } from '../../../../shared/ipc'
import { go } from '../../state/app'

/** "Not sent — already applied (application …, from draft ….md)". */
export function notSentText(notSent: DraftNotSent): string {
  const from = notSent.fromDraftId === null ? 'sent from elsewhere' : `from draft ${notSent.fromDraftId}.md`
  return `Not sent — already applied (application ${notSent.applicationId}, ${from})`
}

/** Opens the draft that was sent (after `before`, e.g. closing a dialog). */
export function OpenSentDraftButton({ notSent, before }: { notSent: DraftNotSent; before?: () => void }) {
  const from = notSent.fromDraftId
  if (from === null) return null
  return (
    <button
      type="button"
      onClick={() => {
        before?.()
        go({ name: 'draft', id: from })
      }}
    >
      Open the draft that was sent ({from}.md)
    </button>
  )
}

/** The editor's standing note on such a draft: it stays editable, and can be deleted from Drafts. */
export function NotSentNotice({ notSent }: { notSent: DraftNotSent }) {
  return (
    <div className="notice notice-warn" role="status" data-testid="not-sent-notice">
      <p>
        <strong>{notSentText(notSent)}.</strong> The grant service already has your application to this grant, so this draft’s text was not sent. It stays a
        draft: keep it for notes, or delete it from Drafts.
      </p>
      <OpenSentDraftButton notSent={notSent} />
    </div>
  )
}
