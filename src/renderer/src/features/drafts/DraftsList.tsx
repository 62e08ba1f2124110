/**
 * The drafts folder: every draft file, newest edit first, including files that could not be
 * read (listed so they are not lost, never opened). Deleting moves a file to the app's
 * deleted-drafts folder, so a mistake can be undone by hand.
 */
import { CalendarButton } from '../reminders'
import { type DragEvent, useEffect, useRef, useState } from 'react'
import type { AppError, DraftSummary } from '../../../../shared/ipc'
import { Dialog } from '../../components/Dialog'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { call, onEvent } from '../../lib/bridge'
import { useListOnScreen, go } from '../../state/app'
import { useNow } from '../../lib/useNow'
import { fitWhenOpened } from '../../state/editor'
import { DraftsTable } from './DraftsTable'
import { ImportDraftDialog } from './ImportDraftDialog'
import { useDrafts } from '../../state/drafts/drafts'
import './drafts.css'

type Notice = { tone: 'ok'; text: string; notes?: string[]; open?: string } | { tone: 'error'; text: string }

export function DraftsList() {
  const listing = useDrafts((s) => s.listing)
  const load = useDrafts((s) => s.load)
  const now = useNow()
  const [confirming, setConfirming] = useState<DraftSummary | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  /** The import dialog, with the file dropped on the screen (null: chosen in the dialog). */
  const [importing, setImporting] = useState<{ file: File | null } | null>(null)

  useListOnScreen(useDrafts, 'drafts')
  useEffect(() => onEvent('drafts.changed', () => void useDrafts.getState().load({ quiet: true })), [])

  const afterDelete = async (next: Notice) => {
    setConfirming(null)
    setNotice(next)
    await load({ quiet: true })
    // The row and its Delete button are gone; keep focus on the screen, not on <body>.
    heading.current?.focus()
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    const file = event.dataTransfer.files[0]
    if (!file) return
    event.preventDefault()
    setNotice(null)
    setImporting({ file })
  }

  return (
    <section
      className="drafts-screen"
      aria-labelledby="drafts-heading"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault()
      }}
      onDrop={onDrop}
    >
      <h1 id="drafts-heading" ref={heading} tabIndex={-1}>
        Drafts
      </h1>
      <button
        type="button"
        onClick={() => {
          setNotice(null)
          setImporting({ file: null })
        }}
      >
        New draft from a file…
      </button>
      {listing.state === 'ready' && (
        <p className="hint drafts-folder">
          Drafts are Markdown files in <code data-testid="drafts-folder">{listing.folder}</code>. You can also edit them in another editor.
        </p>
      )}
      <div role="status" data-testid="drafts-notice">
        {notice?.tone === 'ok' && (
          <div className="notice notice-ok">
            <p>{notice.text}</p>
            {notice.notes?.map((note) => (
              <p key={note}>{note}</p>
            ))}
            {notice.open && (
              <button
                type="button"
                className="primary"
                onClick={() => {
                  // A proposal brought in from elsewhere opens beside the grant's template sections.
                  fitWhenOpened(notice.open!)
                  go({ name: 'draft', id: notice.open! })
                }}
              >
                Open the new draft
              </button>
            )}
          </div>
        )}
      </div>
      {notice?.tone === 'error' && (
        <div className="notice notice-warn" role="alert">
          <p>{notice.text}</p>
        </div>
      )}

      {listing.state === 'loading' && <Loading label="Loading drafts…" />}
      {listing.state === 'failed' && <ErrorNotice error={listing.error} onRetry={() => void load()} />}
      {listing.state === 'ready' && listing.items.length === 0 && (
        <div className="drafts-empty">
          <p>No drafts yet. Open a grant and choose Start draft.</p>
          <button type="button" className="primary" onClick={() => go({ name: 'grants' })}>
            Browse grants
          </button>
        </div>
      )}
      {listing.state === 'ready' && listing.items.length > 0 && (
        <>
          <DamagedSummary items={listing.items} />
          {listing.items.some((item) => item.state === 'ok' && item.status === 'draft') && (
            <CalendarButton target={{ openDrafts: true }} label="Add open drafts to calendar" />
          )}
          <DraftsTable
            items={listing.items}
            now={now}
            onOpen={(id) => go({ name: 'draft', id })}
            onDelete={(item) => {
              setNotice(null)
              setConfirming(item)
            }}
          />
        </>
      )}

      {importing && (
        <ImportDraftDialog
          file={importing.file}
          onClose={() => setImporting(null)}
          onImported={(id, notes) => {
            setImporting(null)
            setNotice({ tone: 'ok', text: 'The new draft was created from the file.', notes, open: id })
            void load({ quiet: true })
          }}
        />
      )}

      {confirming && (
        <DeleteDraftDialog
          item={confirming}
          onCancel={() => setConfirming(null)}
          onDeleted={(movedTo) => void afterDelete({ tone: 'ok', text: `Moved to ${movedTo}` })}
          onConflict={() =>
            void afterDelete({
              tone: 'error',
              text: 'Nothing was deleted: the file changed since this list was read. The list has been read again — check the draft, then delete it if you still want to.',
            })
          }
        />
      )}
    </section>
  )
}

function DamagedSummary({ items }: { items: readonly DraftSummary[] }) {
  const damaged = items.filter((item) => item.state === 'damaged').length
  if (damaged === 0) return null
  return (
    <p className="notice notice-warn">
      {damaged === 1
        ? 'One file in the drafts folder could not be read as a draft. It is listed below with the reason and left untouched; fix it in a text editor, or delete it.'
        : `${damaged} files in the drafts folder could not be read as drafts. They are listed below with the reasons and left untouched; fix them in a text editor, or delete them.`}
    </p>
  )
}

function DeleteDraftDialog({
  item,
  onCancel,
  onDeleted,
  onConflict,
}: {
  item: DraftSummary
  onCancel: () => void
  onDeleted: (movedTo: string) => void
  onConflict: () => void
}) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<AppError | null>(null)

  const remove = async () => {
    setBusy(true)
    setFailure(null)
    const result = await call('drafts.delete', { id: item.id, baseVersion: item.version })
    setBusy(false)
    if (result.ok) onDeleted(result.value.movedTo)
    else if (result.error.code === 'conflict') onConflict()
    else setFailure(result.error)
  }

  return (
    <Dialog title="Delete this draft?" {...(busy ? {} : { onClose: onCancel })} testId="delete-draft-dialog">
      <p>
        {item.state === 'ok' ? (
          <>
            The draft for <strong>{item.grantTitle}</strong> ({item.fileName})
          </>
        ) : (
          <>The damaged file {item.fileName}</>
        )}{' '}
        is moved to the app’s deleted-drafts folder, not erased, so you can get it back from there.
      </p>
      {failure && <ErrorNotice error={failure} />}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel} disabled={busy} data-autofocus>
          Cancel
        </button>
        <button type="button" className="danger" onClick={() => void remove()} disabled={busy}>
          {busy ? 'Deleting…' : 'Delete draft'}
        </button>
      </div>
    </Dialog>
  )
}
