/**
 * A modal dialog: labelled by its title, focus moved inside on open and given back on close,
 * Tab kept inside, Escape closes (unless `onClose` is omitted: a choice must be made).
 *
 * Drawn in a portal at the end of <body>, whatever opened it: a dialog rendered where its
 * opener lives inherits that place's stacking context (the editor's sticky side column), and
 * History's Restore dialog ended up under the sticky checklist bar, out of reach of the mouse.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'

export interface DialogProps {
  title: string
  children: ReactNode
  onClose?: () => void
  /** Wider dialogs for previews (the submit confirmation). */
  wide?: boolean
  /** `full`: nearly the window's width, for what needs it (a side-by-side diff); wins over `wide`. */
  size?: 'full'
  /** `alertdialog` for choices that cannot be dismissed without deciding. */
  role?: 'dialog' | 'alertdialog'
  testId?: string
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function Dialog({ title, children, onClose, wide, size, role = 'dialog', testId }: DialogProps) {
  const titleId = useId()
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const first = box.current?.querySelector<HTMLElement>('[data-autofocus]') ?? box.current?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? box.current)?.focus()
    return () => {
      // The opener may be gone (Submit… is replaced once a draft is submitted): then the
      // screen's start, not the page body, gets focus back.
      if (opener?.isConnected) opener.focus()
      else document.getElementById('main')?.focus({ preventScroll: true })
    }
  }, [])

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !box.current) return
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    if (items.length === 0) return
    const first = items[0]!
    const last = items[items.length - 1]!
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={box}
        className={size === 'full' ? 'dialog dialog-full' : wide ? 'dialog dialog-wide' : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  )
}
