/**
 * Settings → Team sync: whether the drafts folder is kept in git, tracking it ("Track this
 * folder with git", with the team repository's address if there is one), the address a sync
 * pulls from and pushes to, and the automatic syncs (on start, on an interval: both off by
 * default). Each part is saved on its own, so none carries another's unsaved edits along, and
 * a refusal is shown beside the field it is about.
 */
import { useEffect, useId, useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useSettings } from '../../state/settings'
import { useSync } from '../../state/sync/sync'
import { fieldProblem } from './describe'
import './sync.css'

/** The interval an applicant who turns the automatic sync on starts from. */
const DEFAULT_EVERY_MINUTES = 15

export function SyncSettings() {
  const state = useSync((s) => s.state)
  const loadError = useSync((s) => s.loadError)
  // Kept here: a state read while the address is saved may re-render the form anew.
  const [remoteSaved, setRemoteSaved] = useState<string | null>(null)
  useEffect(() => {
    void useSync.getState().load()
  }, [])
  return (
    <section className="sync-settings" aria-labelledby="sync-settings-heading" data-testid="sync-settings">
      <h2 id="sync-settings-heading">Team sync</h2>
      <p className="hint">
        Share the drafts folder with your team through a git repository: a sync commits your drafts and review records, pulls your teammates’ changes and pushes
        yours, with the git on this computer and your own credentials (Grant Desk never asks for them).
      </p>
      {loadError && !state && <ErrorNotice error={loadError} onRetry={() => void useSync.getState().load()} />}
      {!state && !loadError && <p className="loading">Reading the drafts folder’s git state…</p>}
      {state && state.gitVersion === null && (
        <p className="notice notice-warn" data-testid="sync-git-missing">
          Git is not installed, or not on the path Grant Desk was started with. Install git (git-scm.com), then restart Grant Desk.
        </p>
      )}
      {state && state.gitVersion !== null && !state.repository && <TrackForm folder={state.folder} />}
      {state?.repository && (
        <RemoteForm
          key={state.repository.root}
          url={state.repository.remote?.url ?? ''}
          root={state.repository.root}
          branch={state.repository.branch}
          saved={remoteSaved}
          onSaved={setRemoteSaved}
        />
      )}
      {state?.repository && <AutoSyncForm />}
    </section>
  )
}

function TrackForm({ folder }: { folder: string }) {
  const [remoteUrl, setRemoteUrl] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const id = useId()
  const problem = fieldProblem(error, 'remoteUrl', 'url')
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(await useSync.getState().track(remoteUrl.trim() || undefined))
    setBusy(false)
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Track this folder with git" data-testid="sync-track-form">
      <p>
        The drafts folder <code>{folder}</code> is not in a git repository.
      </p>
      <p>
        <label htmlFor={`${id}-remote`}>Team repository address (optional)</label>
        <br />
        <input
          id={`${id}-remote`}
          type="text"
          className="sync-remote-input"
          value={remoteUrl}
          placeholder="git@github.com:team/drafts.git"
          onChange={(event) => setRemoteUrl(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
      </p>
      <p id={`${id}-hint`} className="hint">
        An SSH or https address, or the path of a bare repository. Leave it empty to add it later.
      </p>
      {problem && (
        <p id={`${id}-error`} className="notice notice-error" data-testid="sync-remote-error">
          The address {problem}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Tracking…' : 'Track this folder with git'}
      </button>
      {error && !problem && <ErrorNotice error={error} />}
    </form>
  )
}

function RemoteForm({
  url,
  root,
  branch,
  saved,
  onSaved: setSaved,
}: {
  url: string
  root: string
  branch: string | null
  saved: string | null
  onSaved: (message: string | null) => void
}) {
  const [value, setValue] = useState(url)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const id = useId()
  const problem = fieldProblem(error, 'url', 'remoteUrl')
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setSaved(null)
    const failure = await useSync.getState().setRemote(value)
    setBusy(false)
    setError(failure)
    if (!failure) setSaved('Address saved. The next sync uses it.')
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Team repository" data-testid="sync-remote-form">
      <p>
        Kept in the git repository at <code>{root}</code>
        {branch ? (
          <>
            , branch <code>{branch}</code>
          </>
        ) : null}
        .
      </p>
      <p>
        <label htmlFor={`${id}-remote`}>Team repository address</label>
        <br />
        <input
          id={`${id}-remote`}
          type="text"
          className="sync-remote-input"
          value={value}
          placeholder="git@github.com:team/drafts.git"
          onChange={(event) => {
            setValue(event.target.value)
            setSaved(null)
          }}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
      </p>
      {problem && (
        <p id={`${id}-error`} className="notice notice-error" data-testid="sync-remote-error">
          The address {problem}
        </p>
      )}
      <button type="submit" disabled={busy || value.trim() === url}>
        Save address
      </button>
      <span role="status" className="hint">
        {' '}
        {saved}
      </span>
      {error && !problem && <ErrorNotice error={error} />}
    </form>
  )
}

function AutoSyncForm() {
  const teamSync = useSettings((s) => s.view?.teamSync ?? null)
  const update = useSettings((s) => s.update)
  const [onStart, setOnStart] = useState(teamSync?.onStart ?? false)
  const [onInterval, setOnInterval] = useState(teamSync?.everyMinutes !== null && teamSync?.everyMinutes !== undefined)
  const [minutes, setMinutes] = useState(String(teamSync?.everyMinutes ?? DEFAULT_EVERY_MINUTES))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const id = useId()
  if (!teamSync) return null
  const problem = fieldProblem(error, 'teamSync.everyMinutes', 'teamSync')
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setSaved(null)
    // A number input answers '' for text that is not a number: the contract says what it must be.
    const everyMinutes = onInterval ? (minutes.trim() === '' ? Number.NaN : Number(minutes)) : null
    const failure = await update({ teamSync: { onStart, everyMinutes } })
    setBusy(false)
    setError(failure)
    if (!failure) setSaved(onStart || onInterval ? 'Automatic sync saved.' : 'Automatic sync is off: Grant Desk syncs when you ask.')
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-legend`} data-testid="sync-auto-form">
      <fieldset>
        <legend id={`${id}-legend`}>Automatic sync</legend>
        <label className="sync-check">
          <input type="checkbox" checked={onStart} onChange={(event) => setOnStart(event.target.checked)} /> Sync when Grant Desk starts
        </label>
        <div className="sync-interval">
          <label className="sync-check">
            <input type="checkbox" checked={onInterval} onChange={(event) => setOnInterval(event.target.checked)} /> Sync while Grant Desk runs, every
          </label>{' '}
          <input
            id={`${id}-minutes`}
            type="number"
            min={5}
            max={1440}
            className="sync-minutes"
            aria-label="Minutes between automatic syncs"
            value={minutes}
            disabled={!onInterval}
            onChange={(event) => setMinutes(event.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-error` : undefined}
          />{' '}
          minutes
        </div>
        {problem && (
          <p id={`${id}-error`} className="notice notice-error" data-testid="sync-minutes-error">
            The interval {problem}
          </p>
        )}
        <p>
          <button type="submit" disabled={busy}>
            Save automatic sync
          </button>
          <span role="status" className="hint">
            {' '}
            {saved}
          </span>
        </p>
        {error && !problem && <ErrorNotice error={error} />}
      </fieldset>
    </form>
  )
}
