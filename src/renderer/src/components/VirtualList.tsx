/**
 * A long list (`<ol>`) that renders only the items in view: the Review panel's threads and the
 * margin's cards (a draft reviewed for weeks holds hundreds of threads, and rendering a card for
 * each froze the window for half a second when the draft opened). A short list is rendered
 * whole, as any list: a box of its own with a scroll bar for three cards would only be in the way.
 *
 * What a long list keeps of a plain one:
 * - Semantics: each rendered item says where it is among all (`aria-posinset` of `aria-setsize`),
 *   so a screen reader says "12 of 667" though only a few dozen are in the page.
 * - Tab order: items are in the page in list order, and the items just beyond the view are
 *   rendered too (overscan), so Tab moves into the next card, which the browser scrolls into view.
 * - Focus and what is being typed: the item holding focus, or a form (a reply, an edit being
 *   written), stays rendered when it is scrolled away; unmounting it would drop focus to the page
 *   and lose the words.
 * - A way to reach any item by its key (`register`): a card asked for by a mark in the text (F8)
 *   may not be in the page yet; the list scrolls to it, and it is rendered.
 *
 * The items scroll in a box of their own, whose size the virtualizer watches; they vary in
 * height (a quote, replies, a suggestion), so each rendered item is measured, and positioned
 * absolutely in a list as tall as all of them.
 */
import { type Range, defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual'
import { type FocusEvent, type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { FALLBACK_RECT, observeRectWithFallback } from './VirtualRows'
import './virtual-list.css'

/** A list this long or shorter is rendered whole. */
export const PLAIN_LIST_MAX = 40
/** Items rendered beyond the view on each side, so that Tab and the scroll wheel find them ready. */
const OVERSCAN = 6

/** What a rendered list offers to reach one of its items that may not be in the page. */
export interface VirtualListHandle {
  /** The list's scrolling box (or, for a short list, the list itself). */
  element(): HTMLElement | null
  has(key: string): boolean
  /** Scrolls the item into the view, so that it is rendered; false when the list has no such item. */
  scrollTo(key: string): boolean
}

export interface VirtualListProps<T> {
  items: readonly T[]
  keyOf: (item: T) => string
  renderItem: (item: T) => ReactNode
  /** An item's height before it is measured. */
  estimate: number
  /** The `<ol>`'s class (its look as a plain list), and the scrolling box's. */
  className: string
  boxClassName: string
  /** Called with the list's handle when it mounts; returns what to call when it goes. */
  register?: (handle: VirtualListHandle) => () => void
  /** A long list's items are rendered whole up to this many (default PLAIN_LIST_MAX). */
  plainUpTo?: number
}

const NOTHING: never[] = []

/**
 * The items of a long list a render later: its items render after the screen's first paint, in
 * a render React may interrupt (a draft with hundreds of threads opens as the editor's task, then
 * the cards', not one long task). Until then it answers an empty list: the caller shows nothing
 * rather than "none" while `result !== items`. A short list's items are answered at once.
 */
export function useLongListDeferred<T>(items: readonly T[], plainUpTo = PLAIN_LIST_MAX): readonly T[] {
  const deferred = useDeferredValue(items, NOTHING as readonly T[])
  return items.length > plainUpTo ? deferred : items
}

export function VirtualList<T>(props: VirtualListProps<T>) {
  return props.items.length > (props.plainUpTo ?? PLAIN_LIST_MAX) ? <LongList {...props} /> : <ShortList {...props} />
}

function ShortList<T>({ items, keyOf, renderItem, className, boxClassName, register }: VirtualListProps<T>) {
  const box = useRef<HTMLDivElement>(null)
  const keys = useMemo(() => new Set(items.map(keyOf)), [items, keyOf])
  useRegister(
    register,
    box,
    (key) => keys.has(key),
    () => false,
  )
  return (
    <div ref={box} className={boxClassName}>
      <ol className={className}>
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ol>
    </div>
  )
}

function LongList<T>({ items, keyOf, renderItem, estimate, className, boxClassName, register }: VirtualListProps<T>) {
  const box = useRef<HTMLDivElement>(null)
  const indexByKey = useMemo(() => new Map(items.map((item, index) => [keyOf(item), index])), [items, keyOf])
  // Items kept rendered while out of view (focus, or a form being written in them), by key.
  const kept = useRef(new Set<string>())
  const latest = useRef(indexByKey)
  useEffect(() => {
    latest.current = indexByKey
  }, [indexByKey])
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range)
    const extra: number[] = []
    for (const key of kept.current) {
      const index = latest.current.get(key)
      if (index !== undefined && index < range.count && !indexes.includes(index)) extra.push(index)
    }
    return extra.length === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b)
  }, [])
  // The virtualizer's functions change with its state: nothing of it is memoized (as in VirtualRows).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: items.length,
    getScrollElement: () => box.current,
    estimateSize: () => estimate,
    overscan: OVERSCAN,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRectWithFallback,
    getItemKey: (index) => keyOf(items[index]!),
    rangeExtractor,
    // An item of no height (jsdom, a hidden panel) keeps its estimate (see VirtualRows).
    // The resize observer's size when it gives one: read after layout, it forces none.
    measureElement: (element, entry) => entry?.borderBoxSize?.[0]?.blockSize || element.getBoundingClientRect().height || estimate,
  })
  useRegister(
    register,
    box,
    (key) => indexByKey.has(key),
    (key) => {
      const index = indexByKey.get(key)
      if (index === undefined) return false
      virtualizer.scrollToIndex(index, { align: 'center' })
      return true
    },
  )
  const itemKey = (element: Element | null) => element?.closest<HTMLElement>('[data-key]')?.dataset['key'] ?? null
  const onFocus = (event: FocusEvent) => {
    const key = itemKey(event.target)
    if (key !== null) kept.current.add(key)
  }
  const onBlur = (event: FocusEvent) => {
    const key = itemKey(event.target)
    if (key === null || itemKey(event.relatedTarget) === key) return
    const element = event.target.closest('[data-key]')
    // A reply or an edit left open keeps its item rendered until it is sent or cancelled.
    if (!element?.querySelector('form, textarea')) kept.current.delete(key)
  }
  return (
    <div ref={box} className={`${boxClassName} virtual-list-box`}>
      <ol className={`${className} virtual-list`} style={{ height: virtualizer.getTotalSize() }} onFocus={onFocus} onBlur={onBlur}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!
          const key = keyOf(item)
          return (
            <li
              key={key}
              data-key={key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              className="virtual-list-item"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {renderItem(item)}
            </li>
          )
        })}
      </ol>
    </div>
  )
}

function useRegister(
  register: VirtualListProps<unknown>['register'],
  box: React.RefObject<HTMLElement | null>,
  has: (key: string) => boolean,
  scrollTo: (key: string) => boolean,
): void {
  // The handle reads the latest items through refs: registered once per list, not per render.
  const has_ = useRef(has)
  const scrollTo_ = useRef(scrollTo)
  useEffect(() => {
    has_.current = has
    scrollTo_.current = scrollTo
  })
  useEffect(() => {
    if (!register) return
    return register({ element: () => box.current, has: (key) => has_.current(key), scrollTo: (key) => scrollTo_.current(key) })
  }, [register, box])
}
