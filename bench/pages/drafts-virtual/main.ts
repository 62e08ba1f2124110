/// <reference lib="dom" />
/**
 * The Drafts screen bench's baseline page (bench/drafts-screen.bench.ts): what a competent
 * engineer would build for a table of 5,000 drafts with a well-kept virtual list. Two screens
 * behind a navigation, as in the app: a click on Drafts fetches the drafts (`/data/drafts.json`,
 * the same titles, file names and dates as the app's folder), sorts them newest first and draws
 * the table's rows in view with `@tanstack/react-virtual` (the estimate, overscan and measuring
 * the app's tables use), with a spacer row above and below.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { createElement as h, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'

interface Draft {
  id: string
  title: string
  file: string
  deadline: string
  updated: string
}

function DraftsTable({ drafts }: { drafts: Draft[] }) {
  const scroll = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: drafts.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => 64,
    overscan: 12,
    getItemKey: (index) => drafts[index]!.id,
  })
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0
  const spacer = (height: number) => (height > 0 ? h('tr', { className: 'spacer', style: { height } }, h('td', { colSpan: 6 })) : null)
  const header = ['Grant', 'Deadline', 'Status', 'Last edited', 'Review', 'Actions'].map((name) => h('th', { key: name, scope: 'col' }, name))
  return h(
    'div',
    { ref: scroll, className: 'scroll' },
    h(
      'table',
      { 'data-testid': 'drafts-table' },
      h('thead', null, h('tr', null, ...header)),
      h(
        'tbody',
        null,
        spacer(before),
        ...items.map(({ index }) => {
          const draft = drafts[index]!
          return h(
            'tr',
            { key: draft.id, 'data-draft-id': draft.id, 'data-index': index, ref: virtualizer.measureElement },
            h('td', null, draft.title, h('p', { className: 'hint' }, draft.file)),
            h('td', null, new Date(draft.deadline).toLocaleDateString('en-GB')),
            h('td', null, 'Draft'),
            h('td', null, h('time', { dateTime: draft.updated }, new Date(draft.updated).toLocaleString('en-GB'))),
            h('td', null, 'No comments'),
            h('td', null, h('button', { type: 'button' }, 'Open'), ' ', h('button', { type: 'button' }, 'Delete')),
          )
        }),
        spacer(after),
      ),
    ),
  )
}

function DraftsScreen() {
  const [drafts, setDrafts] = useState<Draft[] | null>(null)
  useEffect(() => {
    let live = true
    void fetch('/data/drafts.json')
      .then((response) => response.json() as Promise<Draft[]>)
      .then((list) => {
        if (live) setDrafts(list.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0)))
      })
    return () => {
      live = false
    }
  }, [])
  return h('main', null, h('h1', null, 'Drafts'), drafts ? h(DraftsTable, { drafts }) : h('p', null, 'Loading…'))
}

function App() {
  const [screen, setScreen] = useState<'grants' | 'drafts'>('grants')
  const button = (name: 'grants' | 'drafts', label: string) => h('button', { type: 'button', onClick: () => setScreen(name) }, label)
  return h(
    'div',
    null,
    h('nav', { 'aria-label': 'Screens' }, button('grants', 'Grants'), ' ', button('drafts', 'Drafts')),
    screen === 'grants' ? h('main', null, h('h1', null, 'Grants and bounties')) : h(DraftsScreen),
  )
}

createRoot(document.getElementById('root')!).render(h(App))
