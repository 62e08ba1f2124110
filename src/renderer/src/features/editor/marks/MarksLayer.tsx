/**
 * The marks in the pitch (open threads' passages, checklist findings) and how to reach them:
 * - the layer behind the textarea draws them (marksBackdrop.ts), scrolled with it;
 * - pointing at a mark shows a popover that says what it is; clicking in it opens its thread or
 *   finding in the side panel (focus stays in the text, where the click put the caret);
 * - F8 and Shift+F8 in the text select the next and previous mark and show its popover, whose
 *   "Open" button is the next stop of Tab; Escape closes it and returns to the text.
 *
 * The textarea stays on top and receives every pointer event (typing and selecting work as
 * before): the layer is hit-tested with the pointer's position instead.
 */
import { useEffect, useId, useRef, useSyncExternalStore } from 'react'
import { type Keystroke, type PitchMark, marksAt, nextMark } from '../../../lib/pitchMarks'
import { type PitchBox, usePitchBox } from '../pitchBox'
import { MarksBackdrop } from './marksBackdrop'

/** F8 / Shift+F8: VS Code's "next problem" key, free in a browser and in Electron. */
export const MARK_KEYS = 'F8 Shift+F8'
/** How long the popover stays after the pointer leaves the mark: time to reach its button. */
const HIDE_AFTER_MS = 300
const POPOVER_WIDTH = 352

interface Shown {
  mark: PitchMark
  /** Where the mark is on screen (its first line box). */
  rect: { left: number; top: number; bottom: number }
  /** Shown by the keyboard (F8): it stays until Escape, typing, or another mark. */
  keyboard: boolean
}

/** One per editor: the layer, the popover's state, and the textarea's listeners. */
class MarksController {
  backdrop: MarksBackdrop | null = null
  shown: Shown | null = null
  private readonly watchers = new Set<() => void>()
  private hideTimer: ReturnType<typeof setTimeout> | null = null

  constructor(readonly box: PitchBox) {}

  subscribe = (watcher: () => void) => {
    this.watchers.add(watcher)
    return () => this.watchers.delete(watcher)
  }

  snapshot = () => this.shown

  attach(backdrop: MarksBackdrop): void {
    this.backdrop = backdrop
  }

  detach(backdrop: MarksBackdrop): void {
    if (this.backdrop === backdrop) this.backdrop = null
  }

  show(mark: PitchMark, keyboard: boolean, rect?: Shown['rect']): void {
    this.cancelHide()
    const place = rect ?? this.rectOf(mark)
    if (!place) return
    if (
      this.shown &&
      this.shown.mark.id === mark.id &&
      this.shown.keyboard === keyboard &&
      this.shown.rect.top === place.top &&
      this.shown.rect.left === place.left
    )
      return
    this.shown = { mark, rect: place, keyboard }
    this.tell()
  }

  hide(): void {
    this.cancelHide()
    if (!this.shown) return
    this.shown = null
    this.tell()
  }

  hideSoon(): void {
    if (!this.shown || this.shown.keyboard || this.hideTimer !== null) return
    this.hideTimer = setTimeout(() => {
      this.hideTimer = null
      this.hide()
    }, HIDE_AFTER_MS)
  }

  cancelHide(): void {
    if (this.hideTimer !== null) clearTimeout(this.hideTimer)
    this.hideTimer = null
  }

  /** The mark's first line box on screen, or null when it is not drawn. */
  rectOf(mark: PitchMark): Shown['rect'] | null {
    const rect = this.backdrop?.spanOf(mark.id)?.getClientRects()[0]
    return rect ? { left: rect.left, top: rect.top, bottom: rect.bottom } : null
  }

  /** The mark under a point of the screen, innermost first. */
  markAt(x: number, y: number): { mark: PitchMark; rect: Shown['rect'] } | null {
    if (!this.backdrop) return null
    const byId = new Map(this.backdrop.current().map((mark) => [mark.id, mark]))
    let best: { mark: PitchMark; rect: Shown['rect'] } | null = null
    for (const [element, ids] of this.backdrop.drawn()) {
      for (const rect of element.getClientRects()) {
        if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) continue
        for (const id of ids) {
          const mark = byId.get(id)
          if (mark && (!best || mark.to - mark.from < best.mark.to - best.mark.from))
            best = { mark, rect: { left: rect.left, top: rect.top, bottom: rect.bottom } }
        }
      }
    }
    return best
  }

  /** Selects the next (1) or previous (-1) mark from the caret, brings it into view, shows its popover. */
  move(textarea: HTMLTextAreaElement, direction: 1 | -1): boolean {
    const mark = nextMark(this.backdrop?.current() ?? [], textarea.selectionStart, direction)
    if (!mark) return false
    textarea.setSelectionRange(mark.from, mark.to)
    const span = this.backdrop?.spanOf(mark.id)
    if (span) {
      textarea.scrollTop = Math.max(0, span.offsetTop - textarea.clientHeight / 3)
      this.backdrop?.scrollTo(textarea.scrollTop, textarea.scrollLeft)
    }
    this.show(mark, true)
    return true
  }

  private tell(): void {
    for (const watcher of this.watchers) watcher()
  }
}

const controllers = new WeakMap<PitchBox, MarksController>()

function useController(): MarksController {
  const box = usePitchBox()
  let controller = controllers.get(box)
  if (!controller) {
    controller = new MarksController(box)
    controllers.set(box, controller)
  }
  return controller
}

/** The layer behind the textarea (rendered just before it, inside the library's text box). */
export function MarksLayer() {
  const controller = useController()
  const layer = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const { box } = controller
    const root = layer.current
    const textarea = box.textarea
    if (!root || !textarea) return
    const backdrop = new MarksBackdrop(root)
    controller.attach(backdrop)
    backdrop.draw(box.text, box.marks)
    backdrop.scrollTo(textarea.scrollTop, textarea.scrollLeft)

    // The keystroke about to change the text, and the selection it acts on: its edit is then
    // known without comparing the texts (keystrokeEdit). Used once, by the change it announces.
    let keystroke: Keystroke | null = null
    let editFrom = 0
    const onBeforeInput = (event: InputEvent) => {
      const start = Math.min(textarea.selectionStart, textarea.selectionEnd)
      keystroke = { inputType: event.inputType, data: event.data, start, end: Math.max(textarea.selectionStart, textarea.selectionEnd) }
      // Where the edit starts (less one for a backspace), should the texts need comparing after all.
      editFrom = Math.max(0, start - 1)
    }
    const onText = (typed: boolean) => {
      const key = keystroke
      keystroke = null
      if (typed) {
        backdrop.typed(box.text, key, () => ({ from: editFrom, tail: Math.max(0, textarea.value.length - textarea.selectionEnd) }))
        if (controller.shown && !controller.shown.keyboard) controller.hide()
      } else backdrop.draw(box.text, box.marks)
    }
    // New marks at a pause: a popover stays on its mark if the mark is still there.
    const onMarks = () => {
      // Marks placed in an older text while typing goes on (the checklist answers within a
      // keystroke or two): the layer keeps the marks it drew, moved along by the typing, and
      // the pause brings marks for the text as it is. Redrawing at each keystroke laid the
      // whole text out again per key, and, in Chromium, ended the browser's typing step:
      // Ctrl+Z took back one letter instead of the word (test/e2e/writing-desk.spec.ts).
      if (box.marks && box.marks.text !== box.text) return
      backdrop.draw(box.text, box.marks)
      const shown = controller.shown
      const still = shown ? backdrop.current().find((mark) => mark.id === shown.mark.id) : undefined
      if (shown && still) controller.show(still, shown.keyboard)
      else controller.hide()
    }
    box.listeners.add(onText)
    box.markListeners.add(onMarks)

    const onScroll = () => {
      backdrop.scrollTo(textarea.scrollTop, textarea.scrollLeft)
      if (controller.shown && !controller.shown.keyboard) controller.hide()
    }
    let frame = 0
    let pointer = { x: 0, y: 0 }
    const hover = () => {
      frame = 0
      const found = controller.markAt(pointer.x, pointer.y)
      if (found) controller.show(found.mark, false, found.rect)
      else controller.hideSoon()
    }
    const onPointerMove = (event: PointerEvent) => {
      pointer = { x: event.clientX, y: event.clientY }
      if (frame === 0) frame = requestAnimationFrame(hover)
    }
    const onPointerLeave = () => controller.hideSoon()
    const onClick = () => {
      controller.hide()
      if (textarea.selectionStart !== textarea.selectionEnd) return
      const [mark] = marksAt(backdrop.current(), textarea.selectionStart)
      if (!mark) return
      box.openMark(mark, false)
      controller.show(mark, false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      // A keystroke announced but never made (its input cancelled) is no clue to the next change.
      keystroke = null
      if (event.key === 'F8' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (controller.move(textarea, event.shiftKey ? -1 : 1)) event.preventDefault()
      } else if (event.key === 'Escape' && controller.shown) {
        controller.hide()
      }
    }
    // The window changed size: the text wrapped anew, and a popover shown by the keyboard moves with its mark.
    const onResize = () => {
      const shown = controller.shown
      if (shown?.keyboard) controller.show(shown.mark, true)
      else controller.hide()
    }
    window.addEventListener('resize', onResize)
    textarea.addEventListener('beforeinput', onBeforeInput)
    textarea.addEventListener('scroll', onScroll, { passive: true })
    textarea.addEventListener('pointermove', onPointerMove, { passive: true })
    textarea.addEventListener('pointerleave', onPointerLeave)
    textarea.addEventListener('click', onClick)
    textarea.addEventListener('keydown', onKeyDown)
    return () => {
      box.listeners.delete(onText)
      box.markListeners.delete(onMarks)
      window.removeEventListener('resize', onResize)
      textarea.removeEventListener('beforeinput', onBeforeInput)
      textarea.removeEventListener('scroll', onScroll)
      textarea.removeEventListener('pointermove', onPointerMove)
      textarea.removeEventListener('pointerleave', onPointerLeave)
      textarea.removeEventListener('click', onClick)
      textarea.removeEventListener('keydown', onKeyDown)
      if (frame !== 0) cancelAnimationFrame(frame)
      controller.hide()
      controller.detach(backdrop)
    }
  }, [controller])

  return <div ref={layer} className="pitch-marks" aria-hidden="true" data-testid="pitch-marks" />
}

/** What a mark is, beside it: rendered right after the textarea, so Tab from the text reaches it. */
export function MarkPopover() {
  const controller = useController()
  const shown = useSyncExternalStore(controller.subscribe, controller.snapshot)
  const headingId = useId()
  if (!shown) return null
  const { mark, rect, keyboard } = shown
  const below = rect.bottom + 6
  const top = below + 140 > window.innerHeight ? Math.max(8, rect.top - 146) : below
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - POPOVER_WIDTH - 8))
  const backToText = () => {
    controller.hide()
    controller.box.textarea?.focus()
  }
  return (
    <div
      className={`mark-popover mark-popover-${mark.kind}`}
      role="group"
      aria-labelledby={headingId}
      data-testid="mark-popover"
      data-mark={mark.id}
      style={{ top, left, width: POPOVER_WIDTH }}
      onPointerEnter={() => controller.cancelHide()}
      onPointerLeave={() => controller.hideSoon()}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        event.stopPropagation()
        backToText()
      }}
    >
      <p id={headingId} className="mark-popover-title">
        <span className={`mark-tag mark-tag-${mark.kind}`}>{mark.tag}</span> {mark.title}
      </p>
      {mark.detail && <p className="mark-popover-detail">{mark.detail}</p>}
      <div className="mark-popover-actions">
        <button
          type="button"
          onClick={() => {
            controller.hide()
            controller.box.openMark(mark, true)
          }}
        >
          {mark.kind === 'thread' ? 'Open the thread' : 'Open in the checklist'}
        </button>
        {keyboard && <span className="mark-popover-keys">F8: next · Shift+F8: previous · Esc: back to the text</span>}
      </div>
      {/* Announced when F8 moves here: the marked passage is selected in the text meanwhile. */}
      {keyboard && (
        <span className="visually-hidden" role="status">
          {mark.tag}: {mark.title}
        </span>
      )}
    </div>
  )
}
