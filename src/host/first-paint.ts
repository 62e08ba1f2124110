/**
 * The first paint: the grants screen as the app draws it from the saved grant list, written by
 * the browser host into the page it serves, so the applicant sees the grants as soon as the page
 * arrives instead of after the app's script has loaded, run and drawn them (issue 34's start-up
 * row: 300–500 ms on a 2-core machine, most of it on the page's one thread with nothing to wait
 * for; a static page has none of it).
 *
 * It is a picture, not the app: no control in it works (it lies over the app, which it hides, and
 * takes the pointer; its controls are out of the tab order; assistive technology is told to skip
 * it), and the app takes it away as it draws its own grant list,
 * in the same frame (src/renderer/src/state/app/firstPaint.ts). So it must look like what replaces
 * it: the same markup and classes as the app's grants screen while the saved copy is shown
 * (src/renderer/src/App.tsx, features/grants), with the same words, order and rows
 * (src/shared/api: the deadline's words, the sort, the sponsor's avatar). test/e2e/first-paint.spec.ts
 * holds that, row by row and pixel by pixel.
 *
 * What may be in it: the page is served without the token (server.ts), so only what the grant
 * service gives anyone without a login: the default list (open grants and bounties), which the
 * app saved at its last live answer. Nothing of the applicant's own (their drafts, applications,
 * saved searches, login) is in it. Every text is escaped.
 */
import { join } from 'node:path'
import {
  GRANT_SORTS,
  GRANT_STATUS_FILTERS,
  GRANT_TYPE_FILTERS,
  GrantList,
  type GrantSummary,
  avatarTint,
  deadlineText,
  sortGrants,
  sponsorInitials,
} from '../shared/api'
import { APP_SCREENS, ago, plural } from '../shared/text'
import { peekEntry } from '../main/core/cache-entry'
import { listKey } from '../main/core/saved-grant-list'

/** The rows painted: a tall window's first screen (the app's virtual list draws what is visible, 72 px a row). */
export const FIRST_PAINT_ROWS = 20
/** A row's height: GrantList.tsx's ROW_HEIGHT. */
const ROW_HEIGHT = 72

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

/** The app's header while the grants screen shows: the name and the screens (src/shared/text/screens.ts, as App.tsx draws them), and room for the session's buttons, which set its height. */
const HEADER = `<header class="app-header"><span class="app-name">Grant Desk</span><nav aria-label="Screens">${APP_SCREENS.map(
  (item, i) => `<button type="button" tabindex="-1" class="nav-item"${i === 0 ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</button>`,
).join('')}</nav><div class="session-area"><button type="button" tabindex="-1" style="visibility: hidden;">Log out</button></div></header>`

/** A select as it looks at its first choice: every choice is in it, as they set its width. */
const select = (labels: readonly string[]) => `<select tabindex="-1">${labels.map((label) => `<option>${escapeHtml(label)}</option>`).join('')}</select>`

/** The grants screen's title and filters at their defaults (GrantBrowser.tsx), drawn as they look. */
const TOOLBAR =
  '<h1>Grants and bounties</h1><div class="toolbar">' +
  `<label>Status${select(GRANT_STATUS_FILTERS.map((filter) => filter.label))}</label>` +
  `<label>Type${select(GRANT_TYPE_FILTERS.map((filter) => filter.label))}</label>` +
  '<label class="grant-search">Search grants<input type="search" tabindex="-1" placeholder="Title, sponsor, track or reward"></label>' +
  `<label>Sort by${select(GRANT_SORTS.map((sort) => sort.label))}</label>` +
  '</div><p class="hint">Press / or Ctrl+F (⌘F on a Mac) to search; Escape clears it.</p>'

const SEP = '<span class="grant-sep">,</span>'

/** One row as GrantList.tsx's GrantRow draws it before the grant-or-bounty chips and the applicant's own marks are known. */
function row(grant: GrantSummary, index: number, now: number): string {
  const deadline = deadlineText(grant.deadline, now, grant.status)
  const soon = deadline.tone === 'soon'
  const closed = deadline.tone === 'closed'
  const sponsor = grant.sponsor.trim()
  const track = grant.track.trim()
  const meta = [sponsor && `<span class="grant-sponsor">${escapeHtml(sponsor)}</span>`, track && `<span class="chip chip-track">${escapeHtml(track)}</span>`]
    .filter(Boolean)
    .join(' <span class="grant-sep">·</span> ')
  const tone = closed ? ' class="deadline-closed"' : soon ? ' class="deadline-soon"' : ''
  return (
    `<div data-testid="first-paint-row" class="grant-row${soon ? ' grant-row-soon' : ''}${closed ? ' grant-row-closed' : ''}" style="height: ${ROW_HEIGHT}px; transform: translateY(${index * ROW_HEIGHT}px);">` +
    `<button type="button" tabindex="-1" class="grant-row-button"><span class="avatar avatar-${avatarTint(sponsor)}">${escapeHtml(sponsorInitials(sponsor || grant.title))}</span>` +
    `<span class="grant-row-main"><span class="grant-title"><strong>${escapeHtml(grant.title)}</strong>${SEP}</span> ` +
    (meta ? `<span class="grant-meta">${meta}${SEP}</span> ` : '') +
    `</span> <span class="grant-row-side"><span class="grant-reward">${escapeHtml(grant.reward)}${SEP}</span> ` +
    `<span class="grant-deadline-line"><span${tone} title="${escapeHtml(deadline.exact)}">${escapeHtml(deadline.text)}${soon ? SEP : ''}</span> ` +
    (soon ? '<span class="badge badge-warning">closing soon</span>' : '') +
    '</span></span></button></div>'
  )
}

/** The grants screen drawn from `items` (the saved default list, saved at `fetchedAt`), as at `now`. */
export function firstPaintHtml(items: readonly GrantSummary[], fetchedAt: string, now: number): string {
  const rows = sortGrants(items, 'deadline', now).slice(0, FIRST_PAINT_ROWS)
  return (
    // The app's frame inside the paint's own box: as the overlay's box it was held to the window's height, and its header shrank by a pixel.
    `<div id="first-paint" aria-hidden="true"><div class="app">${HEADER}<main class="app-main"><section class="grant-browser">${TOOLBAR}` +
    '<div class="grant-browser-body"><aside class="saved-searches"><h2>Saved searches</h2></aside><div class="grant-browser-list">' +
    `<p class="hint">Showing the list saved ${escapeHtml(ago(fetchedAt, now))}.</p>` +
    `<div class="grant-count-line"><p class="grant-count">${escapeHtml(plural(items.length, 'grant'))}</p><span class="hint">Refreshing the list…</span></div>` +
    `<div class="grant-list-scroll"><div class="grant-list" style="height: ${items.length * ROW_HEIGHT}px;">` +
    rows.map((grant, index) => row(grant, index, now)).join('') +
    '</div></div></div></div></section></main></div></div>'
  )
}

/**
 * The first paint from `dataDir`'s saved default list, as at `now`; '' when none is saved, or
 * the saved copy is empty, damaged or unreadable (the page then opens as it did before: the app
 * draws the list when its script has run). Never throws.
 */
export async function firstPaintOf(dataDir: string, now: number): Promise<string> {
  try {
    const saved = await peekEntry(join(dataDir, 'cache'), listKey(undefined), GrantList)
    if (!saved || saved.value.items.length === 0) return ''
    return firstPaintHtml(saved.value.items, saved.fetchedAt, now)
  } catch {
    return ''
  }
}
