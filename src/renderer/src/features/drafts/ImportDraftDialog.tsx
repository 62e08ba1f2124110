/**
 * "New draft from a file…" on the Drafts screen, and a file dropped on it: a proposal written
 * elsewhere (.docx from Word or Google Docs, an .html export, another tool's .md) becomes a new
 * draft of the grant the user picks, through `drafts.import` (the core converts it, see
 * main/core/import). The file's bytes are sent, not its path: the browser host has none. Files
 * over the contract's bound are refused here before they are read.
 */
import { useEffect, useState } from 'react'
import type { GrantSummary } from '../../../../shared/api'
import { IMPORT_MAX_BYTES, type AppError } from '../../../../shared/ipc'
import { Dialog } from '../../components/Dialog'
import { ErrorNotice } from '../../components/ErrorNotice'
import { call } from '../../lib/bridge'

const ACCEPT = '.docx,.html,.htm,.md,.markdown'

function base64(bytes: Uint8Array): string {
  let binary = ''
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return btoa(binary)
}

export function ImportDraftDialog({
  file: dropped,
  onClose,
  onImported,
}: {
  file: File | null
  onClose: () => void
  onImported: (id: string, notes: string[]) => void
}) {
  const [file, setFile] = useState<File | null>(dropped)
  const [grants, setGrants] = useState<GrantSummary[] | null>(null)
  const [grantId, setGrantId] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<AppError | null>(null)

  useEffect(() => {
    void call('grants.list', { status: 'open' }).then((answer) => {
      if (!answer.ok) return setFailure(answer.error)
      setGrants(answer.value.items)
      setGrantId((current) => current || (answer.value.items[0]?.id ?? ''))
    })
  }, [])

  const tooLarge = file !== null && file.size > IMPORT_MAX_BYTES
  const submit = async () => {
    if (!file || !grantId || tooLarge) return
    setBusy(true)
    setFailure(null)
    const content = base64(new Uint8Array(await file.arrayBuffer()))
    const answer = await call('drafts.import', { grantId, fileName: file.name, content })
    setBusy(false)
    if (answer.ok) onImported(answer.value.draft.id, answer.value.notes)
    else setFailure(answer.error)
  }

  return (
    <Dialog title="New draft from a file" {...(busy ? {} : { onClose })} testId="import-draft-dialog">
      <p>A .docx (Word, Google Docs), .html or .md file becomes a new draft, with its headings, lists, links and tables. Images are not brought in.</p>
      <label>
        File
        <input type="file" accept={ACCEPT} onChange={(event) => setFile(event.target.files?.[0] ?? null)} disabled={busy} />
      </label>
      {file && <p data-testid="import-file-name">{file.name}</p>}
      {tooLarge && <p className="notice notice-warn">This file is larger than {IMPORT_MAX_BYTES / 1024 / 1024} MB, so it cannot be imported.</p>}
      <label>
        For the grant
        <select value={grantId} onChange={(event) => setGrantId(event.target.value)} disabled={busy || grants === null}>
          {grants === null && <option value="">Loading grants…</option>}
          {grants?.map((grant) => (
            <option key={grant.id} value={grant.id}>
              {grant.title}
            </option>
          ))}
        </select>
      </label>
      {failure && <ErrorNotice error={failure} />}
      <div className="dialog-actions">
        <button type="button" onClick={onClose} disabled={busy} data-autofocus>
          Cancel
        </button>
        <button type="button" className="primary" onClick={() => void submit()} disabled={busy || !file || !grantId || tooLarge}>
          {busy ? 'Importing…' : 'Create draft'}
        </button>
      </div>
    </Dialog>
  )
}
