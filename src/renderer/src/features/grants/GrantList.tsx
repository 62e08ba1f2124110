/**
 * The grants list: a virtualized list of rows (only those in view are in the page), so 10,000
 * grants scroll smoothly; arrow keys move between rows, Enter opens one. Each row says the
 * grant's title, sponsor, kind, track, amount and deadline in words, with a new-since-last-look
 * dot from saved searches and a badge for the applicant's own grants.
 */
import { useVirtualizer, observeElementRect, type Virtualizer } from '@tanstack/react-virtual'
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react'
import type { GrantSummary } from '../../../../shared/api'
import { avatarTint, deadlineText, sponsorInitials } from '../../../../shared/api'
import { go } from '../../state/app'
import { useMyGrants } from '../../state/grants/myGrants'
import { type TypeFilter, useGrants } from '../../state/grants/grants'
import { grantKind, useGrantKinds } from '../../state/grants/grantKinds'
import { useSavedSearches } from '../../state/saved-searches'
import { MyGrantBadge } from './MyGrantBadge'

const ROW_HEIGHT = 72
const OVERSCAN = 8

/**
 * jsdom (and a list inside a hidden panel) reports a 0×0 scroll box, which would render no
 * rows at all; measure as a window-sized box until a real size arrives.
 */
const FALLBACK_RECT = { width: 800, height: 600 }

const observeRectWithFallback: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.width === 0 && rect.height === 0 ? FALLBACK_RECT : rect))

function openGrant(id: string): void {
  useGrants.getState().rememberOpened(id)
  go({ name: 'grant', id })
}

export function GrantList({ grants, now, resetKey }: { grants: GrantSummary[]; now: number; resetKey: string }) {
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
