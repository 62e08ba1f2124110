/**
 * The grants screen: filters asked of the service (status, type), an instant search and sort
 * on this computer, and a virtualized list that stays smooth with 10,000 grants. When the
 * service cannot be reached the last saved list is shown, and the screen says how old it is.
 */
import { type KeyboardEvent as ReactKeyboardEvent, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react'
import type { GrantsListOutput } from '../../../../shared/ipc'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { SkeletonList } from '../../components/Spinner'
import { count, plural, ago } from '../../../../shared/text'

import { GrantList } from './GrantList'
import { followMyGrants } from '../../state/grants/myGrants'
import { REFRESH_AFTER_MS, type StatusFilter, type TypeFilter, isSavedCopy, useGrants } from '../../state/grants/grants'
import { GRANT_SORTS, GRANT_STATUS_FILTERS, GRANT_TYPE_FILTERS, type GrantSort, visibleGrants } from '../../../../shared/api'
import { learnGrantKinds } from '../../state/grants/grantKinds'
import { afterFirstScreen, dropFirstPaint, firstScreenCommitted } from '../../state/app'
import { useNow } from '../../lib/useNow'
import { useConnectivity } from '../../state/connectivity'
import { SavedSearchesPanel } from '../saved-searches'
import './grants.css'

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  return false
}

function countText(shown: number, total: number, searching: boolean): string {
  return searching ? `${count(shown)} of ${count(total)} shown` : plural(total, 'grant')
}

/** `now` is for tests; the screen otherwise follows the clock. */
export function GrantBrowser({ now: fixedNow }: { now?: number } = {}) {
  const now = useNow(fixedNow)
  const status = useGrants((s) => s.status)
  const type = useGrants((s) => s.type)
  const query = useGrants((s) => s.query)
  const sort = useGrants((s) => s.sort)
  const result = useGrants((s) => s.result)
  const loading = useGrants((s) => s.loading)
  const error = useGrants((s) => s.error)
  const load = useGrants((s) => s.load)
  const setStatus = useGrants((s) => s.setStatus)
  const setType = useGrants((s) => s.setType)
  const setQuery = useGrants((s) => s.setQuery)
  const setSort = useGrants((s) => s.setSort)
  const search = useRef<HTMLInputElement>(null)
  const hintId = useId()

  // Which grants the applicant has drafts for or applied to (local files only: cheap, always fresh).
  useEffect(() => followMyGrants(), [])

  // First visit, or back after a while: fetch; back from a grant a moment later: keep the list.
  useEffect(() => {
    const { result: current, loadedAt, loading: busy } = useGrants.getState()
    // Busy: the list is on its way already (at start, main.tsx asks for it before the first render).
    if (!busy && (!current || loadedAt === null || Date.now() - loadedAt > REFRESH_AFTER_MS)) void load()
    // The chips wait for the rows at start (state/app/firstScreen.ts): the list's request goes first.
    return afterFirstScreen(() => void learnGrantKinds())
  }, [load])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const find = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f'
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextField(event.target)
      if (!find && !slash) return
      // A dialog over the screen keeps the keyboard.
      if (document.querySelector('[aria-modal="true"]')) return
      event.preventDefault()
      search.current?.focus()
      search.current?.select()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  // The list (or what it says instead of one) is committed: after its frame, what waited for the
  // first screen may go.
  // The saved copy shown while the live list loads is not it yet: the rest keeps waiting for the
  // live list, as the host's first-screen turn does (src/host/first-screen.ts).
  useEffect(() => {
    if ((result && !(isSavedCopy(result) && loading)) || error) firstScreenCommitted()
  }, [result, error, loading])
  // The host's picture of this screen (src/host/first-paint.ts) goes before the frame that draws
  // the list (or what the screen says instead), never before: it is replaced, not blanked.
  useLayoutEffect(() => {
    if (result || error) dropFirstPaint()
  }, [result, error])

  const deferredQuery = useDeferredValue(query)
  const items = result?.items
  const visible = useMemo(() => (items ? visibleGrants(items, deferredQuery, sort, now) : []), [items, deferredQuery, sort, now])
  const searching = deferredQuery.trim() !== ''

  const onSearchKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && query !== '') {
      event.preventDefault()
      event.stopPropagation()
      setQuery('')
    }
  }

  return (
    <section className="grant-browser">
      <h1>Grants and bounties</h1>
      <div className="toolbar">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            {GRANT_STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type
          <select value={type} onChange={(e) => setType(e.target.value as TypeFilter)}>
            {GRANT_TYPE_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="grant-search">
          Search grants
          <input
            ref={search}
            type="search"
            value={query}
            placeholder="Title, sponsor, track or reward"
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onSearchKeyDown}
          />
        </label>
        <label>
          Sort by
          <select value={sort} onChange={(e) => setSort(e.target.value as GrantSort)}>
            {GRANT_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="hint" id={hintId}>
        Press / or Ctrl+F (⌘F on a Mac) to search; Escape clears it.
      </p>

      <div className="grant-browser-body">
        <SavedSearchesPanel />
        <div className="grant-browser-list">
          {result?.fromCache &&
            (isSavedCopy(result) ? <SavedListNotice result={result} now={now} /> : <OfflineListNotice result={result} now={now} onRetry={() => void load()} />)}
          {result && error && <ErrorNotice error={error} onRetry={() => void load()} />}

          {!result ? (
            error && !loading ? (
              <ErrorNotice error={error} onRetry={() => void load()} />
            ) : (
              <>
                <Loading label="Loading grants…" />
                <SkeletonList />
              </>
            )
          ) : (
            <>
              <div className="grant-count-line">
                <p role="status" data-testid="grants-count" className="grant-count">
                  {countText(visible.length, result.items.length, searching)}
                </p>
                {loading && <span className="hint">Refreshing the list…</span>}
              </div>
              {visible.length === 0 ? (
                <EmptyList searching={searching} status={status} type={type} onClearSearch={() => setQuery('')} onShowAll={() => setStatus('all')} />
              ) : (
                <GrantList grants={visible} now={now} resetKey={`${deferredQuery}|${sort}`} />
              )}
            </>
          )}
        </div>
      </div>
    </section>
  )
}

/** The copy saved at the last live answer, shown while the live list loads (state/grants's `load`): not an offline list. */
function SavedListNotice({ result, now }: { result: GrantsListOutput; now: number }) {
  // Beside the count, "Refreshing the list…" says the current one is on its way.
  return (
    <p className="hint" role="status" data-testid="grants-saved">
      Showing the list saved {ago(result.fetchedAt, now)}.
    </p>
  )
}

function OfflineListNotice({ result, now, onRetry }: { result: GrantsListOutput; now: number; onRetry: () => void }) {
  // The app's offline banner already says the service cannot be reached (with Check now): one
  // offline notice per screen, so the list only says which copy it shows.
  const bannerShown = useConnectivity((s) => s.online === false)
  if (bannerShown) {
    return (
      <p className="hint" role="status" data-testid="grants-offline">
        Showing the list saved {ago(result.fetchedAt, now)}.
      </p>
    )
  }
  return (
    <div className="notice notice-warn" role="status" data-testid="grants-offline">
      <p>
        Offline — last updated {ago(result.fetchedAt, now)}. Showing the last saved list.
        {result.cacheReason ? ` ${result.cacheReason.message}` : ''}
      </p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}

function EmptyList({
  searching,
  status,
  type,
  onClearSearch,
  onShowAll,
}: {
  searching: boolean
  status: StatusFilter
  type: TypeFilter
  onClearSearch: () => void
  onShowAll: () => void
}) {
  const what = type === 'grant' ? 'grants' : type === 'bounty' ? 'bounties' : 'grants or bounties'
  const listed = status === 'all' ? what : `${status} ${what}`
  const others = status === 'open' ? 'closed' : 'open'
  const sentence = searching
    ? `No ${listed} match your search. Clear the search${status !== 'all' ? `, or set Status to All to include ${others} ones` : ''}${type !== 'all' ? ', or set Type to “Grants and bounties”' : ''}.`
    : `The service lists no ${listed} right now.${status !== 'all' ? ` Set Status to All to see ${others} ones too.` : ''}${type !== 'all' ? ' Set Type to “Grants and bounties” to see both kinds.' : ''}`
  return (
    <div className="grant-empty" data-testid="grants-empty">
      <p>{sentence}</p>
      <div className="grant-empty-actions">
        {searching && (
          <button type="button" onClick={onClearSearch}>
            Clear search
          </button>
        )}
        {status !== 'all' && (
          <button type="button" onClick={onShowAll}>
            Show all statuses
          </button>
        )}
      </div>
    </div>
  )
}
