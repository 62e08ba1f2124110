/**
 * Long tables that render only the rows in view (the Drafts and Applications tables: a team
 * folder holds thousands of drafts). The table keeps its semantics for assistive technology:
 * `aria-rowcount` on the table says how many rows there are in all, and each rendered row says
 * where it is (`aria-rowindex`, the header row being 1); the rows above and below the view are
 * stood in for by one empty row each, hidden from assistive technology, as tall as they would be.
 * The rows scroll in a box of their own (with a sticky header) whose size the virtualizer watches;
 * row heights vary (a hint under a title, a review's line), so each rendered row is measured.
 */
import { type Virtualizer, observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { type Key, type RefObject, useRef } from 'react'
import './virtual-rows.css'

/** A row's height before it is measured: a title with a one-line hint under it. */
const ROW_ESTIMATE = 64
/** Rows rendered beyond the view on each side, so that Tab and the scroll wheel find rows ready. */
const OVERSCAN = 12

/**
 * jsdom (the component tests) and a table in a hidden panel report a 0×0 box, which would render
 * no rows at all: measure as a window-sized box until a real size arrives.
 */
export const FALLBACK_RECT = { width: 1024, height: 700 }
export const observeRectWithFallback: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.width === 0 && rect.height === 0 ? FALLBACK_RECT : rect))

export interface VirtualRows {
  /** The scrolling box around the table. */
  scrollBox: RefObject<HTMLDivElement | null>
  virtualizer: Virtualizer<HTMLDivElement, HTMLTableRowElement>
  /** Heights of the rows not rendered above and below the view. */
  before: number
  after: number
}

export function useVirtualRows(count: number, keyOf: (index: number) => Key): VirtualRows {
  const scrollBox = useRef<HTMLDivElement>(null)
  // The virtualizer's functions change with its state: nothing of it is memoized (as in GrantBrowser).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRectWithFallback,
    getItemKey: keyOf,
    // A row of no height (jsdom, a hidden panel) keeps its estimate: taken as 0, every row would
    // seem to fit in the view, all would be rendered, measured as 0 again, and so on.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_ESTIMATE,
  })
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0
  return { scrollBox, virtualizer, before, after }
}

/** Stands in for the rows not rendered: empty, as tall as they are, and hidden from assistive technology. */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null
  return (
    <tr aria-hidden="true" className="virtual-spacer" style={{ height }}>
      <td colSpan={columns} />
    </tr>
  )
}
