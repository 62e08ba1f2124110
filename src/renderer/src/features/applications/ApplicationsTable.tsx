/** Sent applications, newest first, with the id the service gave each. */
import type { ApplicationRecord } from '../../../../shared/ipc'
import { ago, dateTime } from '../../../../shared/text'
import { repeated } from '../../lib/repeated'
import { useMemo } from 'react'
import { SpacerRow, useVirtualRows } from '../../components/VirtualRows'
import './applications.css'

export interface ApplicationsTableProps {
  items: readonly ApplicationRecord[]
  now: number
  onOpenDraft: (draftId: string) => void
}

const COLUMNS = 5

export function ApplicationsTable({ items, now, onOpenDraft }: ApplicationsTableProps) {
  const sorted = useMemo(() => [...items].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt)), [items])
  // Two applications for grants of the same title: the id's start tells their buttons apart.
  const shared = useMemo(() => repeated(items.flatMap((item) => (item.draftId ? [item.grantTitle] : []))), [items])
  // Only the rows in view are rendered (years of applications): see VirtualRows.
  const { scrollBox, virtualizer, before, after } = useVirtualRows(sorted.length, (index) => sorted[index]?.applicationId ?? index)
  const openLabel = (item: ApplicationRecord) =>
    shared.has(item.grantTitle) ? `Open draft for ${item.grantTitle} (${item.applicationId.slice(0, 8)})` : `Open draft for ${item.grantTitle}`
  return (
    <div ref={scrollBox} className="virtual-table-scroll" data-testid="applications-table-scroll">
      <table className="applications-table" data-testid="applications-table" aria-rowcount={sorted.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Grant</th>
            <th scope="col">Application id</th>
            <th scope="col">Status</th>
            <th scope="col">Submitted</th>
            <th scope="col">Draft</th>
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={before} columns={COLUMNS} />
          {virtualizer.getVirtualItems().map(({ index }) => {
            const item = sorted[index]!
            return (
              <tr
                key={item.applicationId}
                data-application-id={item.applicationId}
                data-index={index}
                ref={virtualizer.measureElement}
                aria-rowindex={index + 2}
              >
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
            )
          })}
          <SpacerRow height={after} columns={COLUMNS} />
        </tbody>
      </table>
    </div>
  )
}
