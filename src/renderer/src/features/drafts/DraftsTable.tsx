/** The drafts on disk as a table: what each is for, how long is left, where it stands, how its review stands. */
import type { DraftSummary } from '../../../../shared/ipc'
import { Deadline } from '../../components/Deadline'
import { ago } from '../../../../shared/wording'
import { repeated } from '../../lib/repeated'
import { ReviewBriefView } from '../review'
import { notSentText } from '../submit'
import { sortDrafts } from '../../state/drafts'
import './drafts.css'

export interface DraftsTableProps {
  items: readonly DraftSummary[]
  now: number
  onOpen: (id: string) => void
  onDelete: (item: DraftSummary) => void
}

/**
 * What a row's buttons are for, as a screen reader names them: the grant, and the file name too
 * when another draft is for a grant of the same title (a copy made after submitting).
 */
function draftName(item: DraftSummary, shared: ReadonlySet<string>): string {
  if (item.state !== 'ok') return `damaged file ${item.fileName}`
  return shared.has(item.grantTitle) ? `draft for ${item.grantTitle} (${item.fileName})` : `draft for ${item.grantTitle}`
}

export function DraftsTable({ items, now, onOpen, onDelete }: DraftsTableProps) {
  const shared = repeated(items.flatMap((item) => (item.state === 'ok' ? [item.grantTitle] : [])))
  return (
    <table className="drafts-table" data-testid="drafts-table">
      <thead>
        <tr>
          <th scope="col">Grant</th>
          <th scope="col">Deadline</th>
          <th scope="col">Status</th>
          <th scope="col">Last edited</th>
          <th scope="col">Review</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {sortDrafts(items).map((item) =>
          item.state === 'ok' ? (
            <tr key={item.id} data-draft-id={item.id}>
              <td>
                {item.grantTitle}
                <p className="hint">{item.fileName}</p>
              </td>
              <td>
                <Deadline deadline={item.grantDeadline} now={now} />
              </td>
              <td>
                {item.status === 'submitted' ? (
                  <span className="badge badge-ok">Submitted</span>
                ) : item.notSent ? (
                  <>
                    <span className="badge badge-warning">Not sent</span>
                    <p className="hint" data-testid="not-sent">
                      {notSentText(item.notSent)}
                    </p>
                  </>
                ) : (
                  <span className="badge badge-info">Draft</span>
                )}
              </td>
              <td>
                <time dateTime={item.updatedAt}>{ago(item.updatedAt, now)}</time>
              </td>
              <td data-testid="draft-review">
                <ReviewBriefView brief={item.review} submitted={item.status === 'submitted'} />
              </td>
              <td>
                <button type="button" aria-label={`Open ${draftName(item, shared)}`} onClick={() => onOpen(item.id)}>
                  Open
                </button>
                <button type="button" aria-label={`Delete ${draftName(item, shared)}`} onClick={() => onDelete(item)}>
                  Delete
                </button>
              </td>
            </tr>
          ) : (
            <tr key={item.id} data-draft-id={item.id} data-state="damaged">
              <td>
                {item.fileName}
                <p className="hint">{item.reason}</p>
              </td>
              <td />
              <td>
                <span className="badge badge-error">Damaged</span>
              </td>
              <td />
              <td />
              <td>
                <button type="button" aria-label={`Delete ${draftName(item, shared)}`} onClick={() => onDelete(item)}>
                  Delete
                </button>
              </td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  )
}
