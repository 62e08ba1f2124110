/**
 * The grant browser's sidebar: saved searches (apply with one click, with the number of New
 * grants beside each), saving the current filters and search under a name, rename, delete, a
 * check for new grants now, and (in the browser host) turning on notifications with a click.
 */
import { type FormEvent, useId, useState } from 'react'
import { type SavedSearch, MAX_SAVED_SEARCH_NAME_CHARS } from '../../../../shared/ipc'
import { ErrorNotice, fieldMessage } from '../../components/ErrorNotice'
import { NotificationsToggle } from './NotificationsToggle'
import { useSavedSearches } from '../../state/saved-searches/savedSearches'
import './saved-searches.css'

/** The contract's short messages ("must be at most 80 characters") read as "The name must…". */
const NAME_LABEL = { name: 'The name' }

export function SavedSearchesPanel() {
  const view = useSavedSearches((s) => s.view)
  const activeId = useSavedSearches((s) => s.activeId)
  const busy = useSavedSearches((s) => s.busy)
  const error = useSavedSearches((s) => s.error)
  const errorFor = useSavedSearches((s) => s.errorFor)
  const message = useSavedSearches((s) => s.message)
  const save = useSavedSearches((s) => s.save)
  const refresh = useSavedSearches((s) => s.refresh)
  const [name, setName] = useState('')
  const headingId = useId()
  const nameId = useId()

  const onSave = async (event: FormEvent) => {
    event.preventDefault()
    if (await save(name)) setName('')
  }

  const searches = view?.searches ?? []
  const nameError = errorFor === 'new' ? error?.fields?.['name'] : undefined

  return (
    <aside className="saved-searches" aria-labelledby={headingId} data-testid="saved-searches">
      <h2 id={headingId}>Saved searches</h2>
      {view?.notice && <p className="notice notice-warn">{view.notice}</p>}
      {searches.length === 0 ? (
        <p className="hint">None yet. Set the filters and search above, name them here and save: Grant Desk then marks grants that appear later as New.</p>
      ) : (
        <ul className="saved-search-list">
          {searches.map((search) => (
            <SavedSearchItem key={search.id} search={search} active={search.id === activeId} busy={busy} />
          ))}
        </ul>
      )}

      <form className="saved-search-form" onSubmit={(event) => void onSave(event)} aria-label="Save the current search">
        <label htmlFor={nameId}>Name for the current search</label>
        <input
          id={nameId}
          type="text"
          value={name}
          maxLength={MAX_SAVED_SEARCH_NAME_CHARS}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={nameError !== undefined}
          aria-describedby={nameError !== undefined ? `${nameId}-error` : undefined}
          autoComplete="off"
        />
        {nameError !== undefined && (
          <p className="field-error" id={`${nameId}-error`}>
            {fieldMessage('name', nameError, NAME_LABEL)}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Save this search
        </button>
      </form>

      {error && errorFor === null && <ErrorNotice error={error} />}
      {view?.checkProblem && <p className="hint">{view.checkProblem}</p>}
      <p role="status" className="hint" data-testid="saved-searches-status">
        {message ?? ''}
      </p>
      {searches.length > 0 && (
        <button type="button" onClick={() => void refresh()} disabled={busy}>
          Check for new grants now
        </button>
      )}
      <NotificationsToggle />
    </aside>
  )
}

function SavedSearchItem({ search, active, busy }: { search: SavedSearch; active: boolean; busy: boolean }) {
  const apply = useSavedSearches((s) => s.apply)
  const rename = useSavedSearches((s) => s.rename)
  const remove = useSavedSearches((s) => s.remove)
  const error = useSavedSearches((s) => (s.errorFor === search.id ? s.error : null))
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(search.name)
  const inputId = useId()
  const count = search.newGrantIds.length

  const onRename = async (event: FormEvent) => {
    event.preventDefault()
    if (await rename(search.id, draft)) setEditing(false)
  }

  if (editing) {
    return (
      <li className="saved-search">
        <form className="saved-search-rename" onSubmit={(event) => void onRename(event)} aria-label={`Rename “${search.name}”`}>
          <label htmlFor={inputId}>New name for “{search.name}”</label>
          <input
            id={inputId}
            type="text"
            value={draft}
            maxLength={MAX_SAVED_SEARCH_NAME_CHARS}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? `${inputId}-error` : undefined}
            autoFocus
            autoComplete="off"
          />
          {error && (
            <p className="field-error" id={`${inputId}-error`}>
              {error.fields?.['name'] ? fieldMessage('name', error.fields['name'], NAME_LABEL) : error.message}
            </p>
          )}
          <div className="saved-search-actions">
            <button type="submit" disabled={busy}>
              Save name
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      </li>
    )
  }

  return (
    <li className="saved-search" data-testid="saved-search">
      <button type="button" className="saved-search-apply" aria-pressed={active} onClick={() => apply(search.id)} title={describeFilters(search)}>
        <span className="saved-search-name">{search.name}</span>
        {count > 0 && (
          <>
            {' '}
            <span className="badge badge-info" data-testid="saved-search-new-count">
              {count} new
            </span>
          </>
        )}
      </button>
      <div className="saved-search-actions">
        <button
          type="button"
          className="link"
          aria-label={`Rename “${search.name}”`}
          onClick={() => {
            setDraft(search.name)
            setEditing(true)
          }}
        >
          Rename
        </button>
        <button type="button" className="link" aria-label={`Delete “${search.name}”`} onClick={() => void remove(search.id)} disabled={busy}>
          Delete
        </button>
      </div>
    </li>
  )
}

const STATUS_WORDS = { open: 'Open', closed: 'Closed', all: 'Any status' } as const
const TYPE_WORDS = { all: 'grants and bounties', grant: 'grants', bounty: 'bounties' } as const
const SORT_WORDS = { deadline: 'deadline', reward: 'reward amount', title: 'title' } as const

/** "Open grants matching “zk”, by deadline" */
export function describeFilters(search: Pick<SavedSearch, 'filters'>): string {
  const { status, type, query, sort } = search.filters
  const what = status === 'all' ? `${STATUS_WORDS.all}: ${TYPE_WORDS[type]}` : `${STATUS_WORDS[status]} ${TYPE_WORDS[type]}`
  return `${what}${query ? ` matching “${query}”` : ''}, by ${SORT_WORDS[sort]}`
}
