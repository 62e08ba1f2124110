/** The drafts on disk as a table: what each is for, how long is left, where it stands, how its review stands. */
import type { DraftSummary } from '../../../../shared/ipc'
import { Deadline } from '../../components/Deadline'
import { ago } from '../../../../shared/text'
import { repeated } from '../../lib/repeated'
import { ReviewBriefView } from '../review'
import { notSentText } from '../submit'
import { sortDrafts } from '../../state/drafts/drafts'
import { SpacerRow, useVirtualRows } from '../../components/VirtualRows'
import { useMemo } from 'react'
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

const COLUMNS = 6

export function DraftsTable({ items, now, onOpen, onDelete }: DraftsTableProps) {
  const shared = useMemo(() => repeated(items.flatMap((item) => (item.state === 'ok' ? [item.grantTitle] : []))), [items])
  const sorted = useMemo(() => sortDrafts(items), [items])
  // Only the rows in view are rendered (a team folder holds thousands of drafts): see VirtualRows.
  const { scrollBox, virtualizer, before, after } = useVirtualRows(sorted.length, (index) => sorted[index]?.id ?? index)
  return (
    <div ref={scrollBox} className="virtual-table-scroll" data-testid="drafts-table-scroll">
      <table className="drafts-table" data-testid="drafts-table" aria-rowcount={sorted.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Grant</th>
            <th scope="col">Deadline</th>
            <th scope="col">Status</th>
            <th scope="col">Last edited</th>
            <th scope="col">Review</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={before} columns={COLUMNS} />
          {virtualizer.getVirtualItems().map(({ index }) => {
            const item = sorted[index]!
            // Measured once rendered (heights vary); placed by aria-rowindex among all the rows.
            const place = { 'data-index': index, ref: virtualizer.measureElement, 'aria-rowindex': index + 2 }
            return item.state === 'ok' ? (
              <tr key={item.id} data-draft-id={item.id} {...place}>
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
              <tr key={item.id} data-draft-id={item.id} data-state="damaged" {...place}>
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
            )
          })}
          <SpacerRow height={after} columns={COLUMNS} />
        </tbody>
      </table>
    </div>
  )
}
