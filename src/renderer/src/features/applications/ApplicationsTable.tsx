/** Sent applications, newest first, with the id the service gave each. */
import type { ApplicationRecord } from '../../../../shared/ipc'
import { ago, dateTime } from '../../../../shared/wording'
import { repeated } from '../../lib/repeated'
import './applications.css'

export interface ApplicationsTableProps {
  items: readonly ApplicationRecord[]
  now: number
  onOpenDraft: (draftId: string) => void
}

export function ApplicationsTable({ items, now, onOpenDraft }: ApplicationsTableProps) {
  const sorted = [...items].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt))
  // Two applications for grants of the same title: the id's start tells their buttons apart.
  const shared = repeated(items.flatMap((item) => (item.draftId ? [item.grantTitle] : [])))
  const openLabel = (item: ApplicationRecord) =>
    shared.has(item.grantTitle) ? `Open draft for ${item.grantTitle} (${item.applicationId.slice(0, 8)})` : `Open draft for ${item.grantTitle}`
  return (
    <table className="applications-table" data-testid="applications-table">
      <thead>
        <tr>
          <th scope="col">Grant</th>
          <th scope="col">Application id</th>
          <th scope="col">Status</th>
          <th scope="col">Submitted</th>
          <th scope="col">Draft</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((item) => (
          <tr key={item.applicationId} data-application-id={item.applicationId}>
            <td>{item.grantTitle}</td>
            <td>
              <code>{item.applicationId}</code>
            </td>
            <td>
              <span className="badge badge-info">{item.status}</span>
            </td>
            <td>
              <time dateTime={item.submittedAt}>{dateTime(item.submittedAt)}</time>
              <p className="hint">{ago(item.submittedAt, now)}</p>
            </td>
            <td>
              {item.draftId ? (
                <button type="button" aria-label={openLabel(item)} onClick={() => onOpenDraft(item.draftId!)}>
                  Open draft
                </button>
              ) : (
                <span className="hint">No draft on this computer</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
