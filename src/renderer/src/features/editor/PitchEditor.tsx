/**
 * The pitch's Markdown editor (@uiw/react-md-editor without code highlighting, which keeps
 * typing fast on long pitches), its preview sanitized like every other rendered Markdown.
 *
 * Accessibility fixes applied to what the library renders:
 * - its toolbar icons are `<svg role="img">` without a name (axe: svg-img-alt, serious); the
 *   buttons around them already have names, so the icons are hidden from assistive technology;
 * - its preview pane scrolls but cannot be focused (axe: scrollable-region-focusable), so it
 *   is made a focusable, named region whenever it is on screen;
 * - its Tab key indents, which traps keyboard users in the box (WCAG 2.1.2): Tab and Shift+Tab
 *   move focus as everywhere else (`defaultTabEnable`).
 *
 * Its toolbar's "insert comment" (an HTML comment, sent to the sponsor with the pitch) is
 * replaced by the team review's Comment.
 */
import MDEditor, { type ICommand, getCommands, getExtraCommands } from '@uiw/react-md-editor/nohighlight'
import { type ReactElement, cloneElement, isValidElement, memo, useEffect, useMemo, useRef } from 'react'
import { safePreviewOptions } from '../../components/SafeMarkdown'
import './editor.css'

export const PITCH_EDITOR_ID = 'pitch-editor'
const PITCH_EDITOR_HEIGHT = 520
// The preview sits under the editor's h2 "Pitch": the pitch's "# Title" reads as an h3 there.
const PREVIEW_OPTIONS = safePreviewOptions(2)

function withDecorativeIcon(command: ICommand): ICommand {
  const icon = isValidElement(command.icon)
    ? cloneElement(command.icon as ReactElement<Record<string, unknown>>, { role: undefined, 'aria-hidden': 'true', focusable: 'false' })
    : command.icon
  const children = Array.isArray(command.children) ? command.children.map(withDecorativeIcon) : command.children
  return { ...command, ...(icon ? { icon } : {}), ...(children ? { children } : {}) } as ICommand
}

/** The team review's Comment, in the place of the library's "insert an HTML comment". */
const REVIEW_COMMENT_NAME = 'review-comment'

function reviewComment(run: () => void): ICommand {
  return withDecorativeIcon({
    name: REVIEW_COMMENT_NAME,
    keyCommand: REVIEW_COMMENT_NAME,
    buttonProps: { 'aria-label': 'Comment (Ctrl+Alt+M)', title: 'Comment on the selected text (Ctrl+Alt+M)', 'aria-keyshortcuts': 'Control+Alt+M Meta+Alt+M' },
    icon: (
      <svg width="12" height="12" viewBox="0 0 20 20">
        <path fill="currentColor" d="M2 3h16v10H8l-4 4v-4H2z" />
      </svg>
    ),
    execute: () => run(),
  })
}

/**
 * The library's `comment` command wraps the selection in `<!-- -->`: text hidden in the preview
 * but sent to the sponsor with the pitch. It is replaced by the review's Comment (a thread
 * beside the draft, never in it), or left out when there is none to offer.
 */
function toolbarCommands(onComment: (() => void) | undefined): ICommand[] {
  return getCommands().flatMap((command) => (command.name === 'comment' ? (onComment ? [reviewComment(onComment)] : []) : [withDecorativeIcon(command)]))
}

const EXTRA_COMMANDS = getExtraCommands().map(withDecorativeIcon)

export interface PitchEditorProps {
  value: string
  onChange(value: string): void
  readOnly?: boolean
  /** The review's Comment command on the selected text (the toolbar's Comment button). */
  onComment?: () => void
}

export const PitchEditor = memo(function PitchEditor({ value, onChange, readOnly = false, onComment }: PitchEditorProps) {
  const box = useRef<HTMLDivElement>(null)
  // The toolbar is built once; its Comment calls whatever handler is current.
  const onCommentRef = useRef(onComment)
  onCommentRef.current = onComment
  const hasComment = onComment !== undefined
  const commands = useMemo(() => toolbarCommands(hasComment ? () => onCommentRef.current?.() : undefined), [hasComment])

  useEffect(() => {
    const root = box.current
    if (!root) return
    const label = readOnly ? 'Pitch as submitted' : 'Pitch preview'
    const namePreview = () => {
      const pane = root.querySelector<HTMLElement>('.w-md-editor-preview')
      if (!pane || pane.getAttribute('aria-label') === label) return
      pane.setAttribute('tabindex', '0')
      pane.setAttribute('role', 'region')
      pane.setAttribute('aria-label', label)
    }
    namePreview()
    // The toolbar switches between edit, live and preview inside the library: watch for the pane.
    const observer = new MutationObserver(namePreview)
    observer.observe(root, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [readOnly])

  return (
    <div ref={box} className={readOnly ? 'pitch-editor pitch-editor-readonly' : 'pitch-editor'} data-color-mode="light">
      <MDEditor
        value={value}
        onChange={(next) => onChange(next ?? '')}
        preview={readOnly ? 'preview' : 'edit'}
        hideToolbar={readOnly}
        commands={commands}
        extraCommands={EXTRA_COMMANDS}
        previewOptions={PREVIEW_OPTIONS}
        height={PITCH_EDITOR_HEIGHT}
        visibleDragbar={false}
        defaultTabEnable
        textareaProps={{
          id: PITCH_EDITOR_ID,
          'aria-label': 'Pitch (Markdown)',
          placeholder: 'Write your pitch in Markdown: the problem, your solution, milestones with dates and budget, and your team.',
          readOnly,
        }}
      />
    </div>
  )
})
