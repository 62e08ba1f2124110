/**
 * Bringing a thread's card in the Review panel into view, and focus to it. The panel renders
 * only the cards in view of a long list (components/VirtualList.tsx): a card asked for by a mark
 * in the text (F8, a click) or by the margin may not be in the page yet. Each list of the panel
 * registers here; the one holding the thread scrolls to it, and the card is used once rendered.
 */
import type { VirtualListHandle } from '../../components/VirtualList'
import { revealInSide } from '../../state/editor'

const panelLists = new Set<VirtualListHandle>()

/** For the panel's lists (`register` of VirtualList): stable, so a list registers once. */
export function registerPanelList(handle: VirtualListHandle): () => void {
  panelLists.add(handle)
  return () => panelLists.delete(handle)
}

/** Frames to wait for a card scrolled to: the virtualizer renders it at the next scroll event. */
const MOST_FRAMES = 60

function cardInPage(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-testid="thread-${CSS.escape(id)}"]`)
}

/** Opens what holds `element` (the Review tab, the Resolved group) so that it can be seen and focused. */
function openAround(element: Element): void {
  revealInSide(element)
  const group = element.closest('details')
  if (group && !group.open) group.open = true
}

/**
 * The thread's card, shown: in the page at once when it is there (then `act` runs before this
 * returns, as focus must move within the key press), else after its list scrolled to it.
 */
export function withThreadCard(id: string, act: (card: HTMLElement) => void): void {
  const card = cardInPage(id)
  if (card) {
    openAround(card)
    act(card)
    return
  }
  const list = [...panelLists].find((handle) => handle.has(id))
  const box = list?.element()
  if (!list || !box) return
  openAround(box)
  if (!list.scrollTo(id)) return
  let frames = 0
  const wait = () => {
    const rendered = cardInPage(id)
    if (rendered) act(rendered)
    else if (++frames < MOST_FRAMES) requestAnimationFrame(wait)
  }
  requestAnimationFrame(wait)
}

/** Moves focus to a thread's card in the Review panel. */
export function focusThreadCard(id: string): void {
  withThreadCard(id, (card) => {
    card.scrollIntoView?.({ block: 'nearest' })
    card.focus()
  })
}
