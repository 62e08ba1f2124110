/**
 * The grants screen: filters asked of the service (status, type), an instant search and sort
 * on this computer, and a virtualized list that stays smooth with 10,000 grants. When the
 * service cannot be reached the last saved list is shown, and the screen says how old it is.
 */
import { useVirtualizer, observeElementRect, type Virtualizer } from '@tanstack/react-virtual'
import { type KeyboardEvent as ReactKeyboardEvent, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react'
import type { GrantSummary } from '../../../../shared/api'
import type { GrantsListOutput } from '../../../../shared/ipc'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { SkeletonList } from '../../components/Spinner'
import { deadlineText } from '../../lib/deadline'
import { count, plural } from '../../../../shared/wording'
import { ago } from '../../../../shared/dates'

import { go } from '../../state/navigation'
import { MyGrantBadge } from './MyGrantBadge'
import { followMyGrants, useMyGrants } from '../../state/myGrants'
import { REFRESH_AFTER_MS, type StatusFilter, type TypeFilter, useGrants } from '../../state/grants'
import { GRANT_SORTS, type GrantSort, visibleGrants } from '../../state/grantListing'
import { avatarTint, grantKind, learnGrantKinds, sponsorInitials, useGrantKinds } from '../../state/grantKinds'
import { useNow } from '../../lib/useNow'
import { useConnectivity } from '../../state/connectivity'
import { SavedSearchesPanel } from '../saved-searches'
import { useSavedSearches } from '../../state/savedSearches'
import './grants.css'

const ROW_HEIGHT = 72
const OVERSCAN = 8

/**
 * jsdom (and a list inside a hidden panel) reports a 0×0 scroll box, which would render no
 * rows at all; measure as a window-sized box until a real size arrives.
 */
const FALLBACK_RECT = { width: 800, height: 600 }

const observeRectWithFallback: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.width === 0 && rect.height === 0 ? FALLBACK_RECT : rect))

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
]

const TYPE_OPTIONS: { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'Grants and bounties' },
  { value: 'grant', label: 'Grants' },
  { value: 'bounty', label: 'Bounties' },
]

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
    if (busy) return
    if (!current || loadedAt === null || Date.now() - loadedAt > REFRESH_AFTER_MS) void load()
    void learnGrantKinds()
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
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type
          <select value={type} onChange={(e) => setType(e.target.value as TypeFilter)}>
            {TYPE_OPTIONS.map((option) => (
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
          {result?.fromCache && <OfflineListNotice result={result} now={now} onRetry={() => void load()} />}
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

function openGrant(id: string): void {
  useGrants.getState().rememberOpened(id)
  go({ name: 'grant', id })
}

function GrantList({ grants, now, resetKey }: { grants: GrantSummary[]; now: number; resetKey: string }) {
  const scrollBox = useRef<HTMLDivElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const pendingFocus = useRef<number | null>(null)
  const newIds = useSavedSearches((s) => s.newIds)
  const typeFilter = useGrants((s) => s.type)
  const bountyIds = useGrantKinds((s) => s.bountyIds)
  // The app is not built with the React Compiler, so nothing here is memoized behind the virtualizer's back.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: grants.length,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRectWithFallback,
    initialOffset: () => useGrants.getState().scrollOffset,
    getItemKey: (index) => grants[index]?.id ?? index,
  })

  // Remember the scroll position for the way back from a grant.
  useEffect(() => {
    return () => {
      useGrants.getState().rememberScroll(virtualizer.scrollOffset ?? 0)
    }
  }, [virtualizer])

  // A new search or order starts at the top; the first render keeps the restored position.
  const firstKey = useRef(resetKey)
  useEffect(() => {
    if (firstKey.current === resetKey) return
    firstKey.current = resetKey
    virtualizer.scrollToOffset(0)
  }, [resetKey, virtualizer])

  // Back from a grant: its row gets the focus again, so the keyboard continues where it was.
  useEffect(() => {
    const id = useGrants.getState().lastOpenedId
    if (!id) return
    useGrants.getState().rememberOpened(null)
    list.current?.querySelector<HTMLButtonElement>(`[data-grant-id="${id}"] button`)?.focus()
  }, [])

  // Arrow keys move between rows, rendering the target first when it is off screen.
  useLayoutEffect(() => {
    const index = pendingFocus.current
    if (index === null) return
    const button = list.current?.querySelector<HTMLButtonElement>(`[data-index="${index}"] button`)
    if (button) {
      pendingFocus.current = null
      button.focus()
    }
  })

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(grants.length - 1, index))
    pendingFocus.current = target
    virtualizer.scrollToIndex(target, { align: 'auto' })
    const button = list.current?.querySelector<HTMLButtonElement>(`[data-index="${target}"] button`)
    if (button) {
      pendingFocus.current = null
      button.focus()
    }
  }

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (!row) return
    const index = Number(row.dataset['index'])
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: grants.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    focusRow(target)
  }

  return (
    <div ref={scrollBox} className="grant-list-scroll" data-testid="grant-list">
      <div ref={list} role="list" aria-label="Grants" className="grant-list" style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown}>
        {virtualizer.getVirtualItems().map((item) => {
          const grant = grants[item.index]
          if (!grant) return null
          return (
            <GrantRow
              key={item.key}
              grant={grant}
              now={now}
              index={item.index}
              setSize={grants.length}
              start={item.start}
              isNew={newIds.has(grant.id.toLowerCase())}
              typeFilter={typeFilter}
              bountyIds={bountyIds}
            />
          )
        })}
      </div>
    </div>
  )
}

/**
 * A comma read out after a part of the row's name, invisible since the layout already
 * separates the parts. It sits inside the part (Chrome puts a space after each block of a
 * name, so a comma outside would read "title , sponsor"), and the space after each part is
 * real text (a name is trimmed element by element).
 */
const COMMA = <span className="grant-sep">,</span>

const KIND_LABELS = { grant: 'Grant', bounty: 'Bounty' } as const

function GrantRow({
  grant,
  now,
  index,
  setSize,
  start,
  isNew,
  typeFilter,
  bountyIds,
}: {
  grant: GrantSummary
  now: number
  index: number
  setSize: number
  start: number
  isNew: boolean
  typeFilter: TypeFilter
  bountyIds: ReadonlySet<string> | null
}) {
  const mine = useMyGrants((s) => s.byGrant.get(grant.id))
  const deadline = deadlineText(grant.deadline, now, grant.status)
  const soon = deadline.tone === 'soon'
  const closed = deadline.tone === 'closed'
  const kind = grantKind(grant.id, typeFilter, bountyIds)
  const sponsor = grant.sponsor.trim()
  const track = grant.track.trim()
  // The button's name comes from its text, title first, so it reads like the row looks.
  return (
    <div
      role="listitem"
      aria-setsize={setSize}
      aria-posinset={index + 1}
      data-testid="grant-row"
      data-index={index}
      data-grant-id={grant.id}
      data-new={isNew || undefined}
      className={`grant-row${soon ? ' grant-row-soon' : ''}${closed ? ' grant-row-closed' : ''}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <button type="button" className="grant-row-button" onClick={() => openGrant(grant.id)}>
        <span className={`avatar avatar-${avatarTint(sponsor)}`} aria-hidden="true">
          {sponsorInitials(sponsor || grant.title)}
        </span>
        <span className="grant-row-main">
          <span className="grant-title">
            {/* Found by a saved search after its baseline, not opened yet (main/core/saved-searches). */}
            {isNew && (
              <>
                <span className="badge badge-info grant-new" data-testid="grant-new">
                  New
                </span>{' '}
              </>
            )}
            <strong>{grant.title}</strong>
            {mine && (
              <>
                {' '}
                <MyGrantBadge status={mine} />
              </>
            )}
            {COMMA}
          </span>{' '}
          {(sponsor || kind || track) && (
            <>
              <span className="grant-meta">
                {[
                  sponsor && (
                    <span key="sponsor" className="grant-sponsor">
                      {sponsor}
                    </span>
                  ),
                  kind && (
                    <span key="kind" className={`chip chip-${kind}`}>
                      {KIND_LABELS[kind]}
                    </span>
                  ),
                  track && (
                    <span key="track" className="chip chip-track">
                      {track}
                    </span>
                  ),
                ]
                  .filter(Boolean)
                  // The spaces are text of their own: a name is trimmed element by element.
                  .flatMap((part, i) =>
                    i === 0
                      ? [part]
                      : [
                          ' ',
                          <span key={`sep${i}`} className="grant-sep">
                            ·
                          </span>,
                          ' ',
                          part,
                        ],
                  )}
                {COMMA}
              </span>{' '}
            </>
          )}
        </span>{' '}
        <span className="grant-row-side">
          <span className="grant-reward">
            {grant.reward}
            {COMMA}
          </span>{' '}
          <span className="grant-deadline-line">
            <span className={closed ? 'deadline-closed' : soon ? 'deadline-soon' : undefined} title={deadline.exact}>
              {deadline.text}
              {soon && COMMA}
            </span>{' '}
            {soon && <span className="badge badge-warning">closing soon</span>}
          </span>
        </span>
      </button>
    </div>
  )
}
