/**
 * The pitch's Markdown editor (@uiw/react-md-editor without code highlighting, which keeps
 * typing fast on long pitches), its preview sanitized like every other rendered Markdown.
 *
 * A keystroke renders nothing. The library's own textarea is controlled: each keystroke
 * re-rendered the whole editor (its toolbar included) and had React copy the pitch into the
 * textarea's default value, and its live preview parsed the whole pitch again. Here the
 * textarea (the library's `components.textarea`) keeps its text itself and only reports it
 * (`onChange`); the preview (`components.preview`) follows at each pause in typing. `value` is
 * written into the textarea whenever it is not the text the textarea holds: a reload, a
 * restored version, an applied suggestion. The parent may leave out the renders that would
 * only give back what was just typed (DraftEditor does); every render must pass the latest text.
 *
 * Accessibility fixes applied to what the library renders:
 * - its toolbar icons are `<svg role="img">` without a name (axe: svg-img-alt, serious); the
 *   buttons around them already have names, so the icons are hidden from assistive technology;
 * - its preview pane scrolls but cannot be focused (axe: scrollable-region-focusable), so it
 *   is made a focusable, named region whenever it is on screen;
 * - its Tab key indents, which traps keyboard users in the box (WCAG 2.1.2): Tab and Shift+Tab
 *   move focus as everywhere else (`defaultTabEnable`).
 *
 * A paste of HTML (Google Docs, Word, a web page) comes in as Markdown, one undo step
 * (richPaste.ts); Ctrl+Shift+V pastes the plain text.
 *
 * Its toolbar's "insert comment" (an HTML comment, sent to the sponsor with the pitch) is
 * replaced by the team review's Comment. Its mode buttons say Write, Split and Preview.
 */
import MDEditor, {
  EditorContext,
  type ICommand,
  type MDEditorProps,
  getCommands,
  getExtraCommands,
  handleKeyDown,
  shortcuts,
} from '@uiw/react-md-editor/nohighlight'
import {
  type ChangeEvent,
  type ReactElement,
  type Ref,
  type TextareaHTMLAttributes,
  cloneElement,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { safePreviewOptions } from '../../components/SafeMarkdown'
import { PITCH_EDITOR_ID } from '../../lib/selectLines'
import { useColorMode } from '../../state/settings'
import type { MarkSet, PitchMark } from '../../lib/pitchMarks'
import { MARK_KEYS, MarkPopover, MarksLayer } from './marks/MarksLayer'
import './marks/marks.css'
import { type PitchBox, PitchBoxContext, usePitchBox } from './pitchBox'
import { attachRichPaste } from './richPaste'
import './editor.css'

/** The box's height is its container's (`.pitch-editor`: the window's, resizable by its corner). */
const PITCH_EDITOR_HEIGHT = '100%'
/** Typing reaches the preview once it pauses this long. */
const PREVIEW_PAUSE_MS = 250
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

/**
 * The modes, in words an applicant uses (the library says "Edit code / Live code / Preview
 * code"): the buttons show their names instead of icons.
 */
const MODE_LABELS: Record<string, { label: string; title: string; key: string }> = {
  edit: { label: 'Write', title: 'Write: the Markdown only', key: '7' },
  live: { label: 'Split', title: 'Split: the Markdown and the preview side by side', key: '8' },
  preview: { label: 'Preview', title: 'Preview: the pitch as reviewers will read it', key: '9' },
  fullscreen: { label: 'Full screen', title: 'Full screen: the editor fills the window', key: '0' },
}

function withPlainLabel(command: ICommand): ICommand {
  const mode = command.name ? MODE_LABELS[command.name] : undefined
  if (!mode) return withDecorativeIcon(command)
  const shortcut = `Ctrl+${mode.key}`
  return {
    ...command,
    icon: <span className="mode-label">{mode.label}</span>,
    buttonProps: { ...command.buttonProps, 'aria-label': `${mode.label} (${shortcut})`, title: `${mode.title} (${shortcut})` },
  }
}

const EXTRA_COMMANDS = getExtraCommands().map(withPlainLabel)

export interface PitchEditorProps {
  value: string
  onChange: (value: string) => void
  readOnly?: boolean
  /** The review's Comment command on the selected text (the toolbar's Comment button). */
  onComment?: () => void
  /** The open threads' passages and the checklist's findings, drawn in the text (Write and Split). */
  marks?: MarkSet | null
  /** Opens a mark's thread or finding beside the pitch; `focus`: move focus there. */
  onOpenMark?: (mark: PitchMark, focus: boolean) => void
}

/*
 * The box (pitchBox.ts) is mutable on purpose, and the React Compiler's immutability rule is off
 * for this file only: a keystroke updates it without a render, and nothing reads it while rendering.
 */
/* eslint-disable react-hooks/immutability */

/**
 * A keystroke's events that only React's listeners would handle above the textarea: its
 * `onBeforeInput` (`keypress`, `textInput`) and its `onSelect` (`selectionchange`, which
 * Chromium fires at the textarea itself and React reads the textarea's selection for, on the
 * document, after every key), used nowhere here. The Comment button's selection watch listens
 * on the document's capture phase, before the textarea, and still hears `selectionchange`.
 */
const REACT_ONLY_EVENTS = ['keypress', 'textInput', 'selectionchange'] as const

/** What the library passes to `components.textarea`: its own textarea's props, and its handle. */
type LibraryTextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  ref?: Ref<HTMLTextAreaElement>
  dispatch?: unknown
  shortcuts?: unknown
  useContext?: unknown
}

/**
 * The pitch's textarea, not controlled by React: the browser keeps the text as it is typed.
 * Keys do what they do in the library's own textarea: lists continue on Enter, and the
 * toolbar's shortcuts (Ctrl+B…) work.
 */
function PitchTextarea({
  ref,
  value: _libraryText,
  defaultValue: _default,
  dispatch: _dispatch,
  shortcuts: _shortcuts,
  useContext: _handle,
  onChange,
  placeholder,
  ...attributes
}: LibraryTextareaProps) {
  const box = usePitchBox()
  usePlaceholderWhileEmpty(box, placeholder)
  const editor = useContext(EditorContext)
  const latestEditor = useRef(editor)
  const latestOnChange = useRef(onChange)
  useLayoutEffect(() => {
    latestEditor.current = editor
    latestOnChange.current = onChange
  })

  const attach = useCallback(
    (node: HTMLTextAreaElement | null) => {
      box.textarea = node
      if (node && node.value !== box.text) node.value = box.text
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    },
    [box, ref],
  )

  useEffect(() => {
    const textarea = box.textarea
    if (!textarea) return
    const onKeyDown = (event: KeyboardEvent) => {
      const state = latestEditor.current
      // The library's key handling acts on Enter (a list goes on), Tab, Ctrl+D and Alt+↑/↓ only,
      // but first splits the text before the caret into lines, on every key: a letter on a long
      // pitch paid for thousands of lines it never looked at (bench/editor-typing.bench.ts).
      if (event.keyCode === 13 || event.key === 'Tab' || event.ctrlKey || event.altKey) handleKeyDown(event, state.tabSize, state.defaultTabEnable)
      // Every toolbar shortcut has Ctrl, ⌘ or Alt: a letter being typed needs no look-up.
      if (!(event.ctrlKey || event.metaKey || event.altKey)) return
      const commands = [...(state.commands ?? []), ...(state.extraCommands ?? [])]
      const modes = { fullscreen: state.fullscreen ?? false, preview: state.preview ?? 'edit', highlightEnable: state.highlightEnable ?? false }
      shortcuts(event, commands, state.commandOrchestrator, state.dispatch, modes)
    }
    textarea.addEventListener('keydown', onKeyDown)
    return () => textarea.removeEventListener('keydown', onKeyDown)
  }, [box])

  useEffect(() => (box.textarea ? attachRichPaste(box.textarea) : undefined), [box])

  // The text reaches the library's onChange from the textarea itself, not through React's
  // events: React's root listener handled every keystroke's `input` (and `keypress`,
  // `textInput`) again on its way up, tracking the whole pitch's value to tell whether it
  // changed, for handlers nobody here has (bench/editor-typing.bench.ts). Those events stop at
  // the textarea; keydown and keyup still bubble (the window's shortcuts, Escape).
  useEffect(() => {
    const textarea = box.textarea
    if (!textarea) return
    const onText = (event: Event) => {
      event.stopPropagation()
      // A `change` after typing (or an `input` that changed nothing) brings no new text.
      if (textarea.value === box.text) return
      latestOnChange.current?.(event as unknown as ChangeEvent<HTMLTextAreaElement>)
    }
    const stop = (event: Event) => event.stopPropagation()
    textarea.addEventListener('input', onText)
    textarea.addEventListener('change', onText)
    for (const name of REACT_ONLY_EVENTS) textarea.addEventListener(name, stop)
    return () => {
      textarea.removeEventListener('input', onText)
      textarea.removeEventListener('change', onText)
      for (const name of REACT_ONLY_EVENTS) textarea.removeEventListener(name, stop)
    }
  }, [box])

  return (
    <>
      <MarksLayer />
      <textarea {...attributes} ref={attach} />
      <MarkPopover />
    </>
  )
}

/**
 * The textarea's placeholder, set only while the pitch is empty (the only time it shows). In
 * Chromium a textarea with a placeholder checks, on every keystroke, whether to show it, and
 * recalculates style for it: a tenth of a millisecond per key on a long pitch, for a hint
 * nobody sees once there is text (bench/editor-typing.bench.ts).
 */
function usePlaceholderWhileEmpty(box: PitchBox, placeholder: string | undefined): void {
  useEffect(() => {
    let shown: boolean | null = null
    const show = () => {
      const textarea = box.textarea
      const wanted = placeholder !== undefined && box.text === ''
      if (!textarea || wanted === shown) return
      shown = wanted
      if (wanted) textarea.setAttribute('placeholder', placeholder ?? '')
      else textarea.removeAttribute('placeholder')
    }
    show()
    box.listeners.add(show)
    return () => {
      box.listeners.delete(show)
    }
  }, [box, placeholder])
}

/** The pitch rendered (the toolbar's Live and Preview, a submitted draft): typing shows at each pause, anything else at once. */
function PitchPreview() {
  const box = usePitchBox()
  const [shown, setShown] = useState(box.text)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const show = () => {
      timer = null
      setShown(box.text)
    }
    const changed = (typed: boolean) => {
      if (timer !== null) clearTimeout(timer)
      if (typed) timer = setTimeout(show, PREVIEW_PAUSE_MS)
      else show()
    }
    box.listeners.add(changed)
    show()
    return () => {
      box.listeners.delete(changed)
      if (timer !== null) clearTimeout(timer)
    }
  }, [box])
  return <MDEditor.Markdown {...PREVIEW_OPTIONS} source={shown} />
}

const EDITOR_COMPONENTS: NonNullable<MDEditorProps['components']> = {
  textarea: (props) => <PitchTextarea {...(props as LibraryTextareaProps)} />,
  preview: () => <PitchPreview />,
}

export function PitchEditor({ value, onChange, readOnly = false, onComment, marks = null, onOpenMark }: PitchEditorProps) {
  const root = useRef<HTMLDivElement>(null)
  const colorMode = useColorMode()
  const [box] = useState<PitchBox>(() => ({ text: value, textarea: null, listeners: new Set(), marks, markListeners: new Set(), openMark: () => {} }))

  useLayoutEffect(() => {
    box.openMark = onOpenMark ?? (() => {})
  })
  useLayoutEffect(() => {
    if (box.marks === marks) return
    box.marks = marks
    for (const listener of box.markListeners) listener()
  }, [box, marks])

  // After every render (hence no memo: a parent that leaves out the renders of what was typed
  // may give back a text it gave before, a restored version), a value that is not the text
  // the textarea holds is written into it.
  useLayoutEffect(() => {
    if (value === box.text) return
    box.text = value
    if (box.textarea && box.textarea.value !== value) box.textarea.value = value
    for (const listener of box.listeners) listener(false)
  })

  const onChangeRef = useRef(onChange)
  useLayoutEffect(() => {
    onChangeRef.current = onChange
  })
  const typed = useCallback(
    (next: string | undefined) => {
      box.text = next ?? ''
      onChangeRef.current(box.text)
      for (const listener of box.listeners) listener(true)
    },
    [box],
  )

  // The toolbar is built once; its Comment calls whatever handler is current.
  const onCommentRef = useRef(onComment)
  useLayoutEffect(() => {
    onCommentRef.current = onComment
  })
  const hasComment = onComment !== undefined
  // The ref is read when Comment is clicked, never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const commands = useMemo(() => toolbarCommands(hasComment ? () => onCommentRef.current?.() : undefined), [hasComment])

  useEffect(() => {
    const node = root.current
    if (!node) return
    const label = readOnly ? 'Pitch as submitted' : 'Pitch preview'
    const namePreview = () => {
      const pane = node.querySelector<HTMLElement>('.w-md-editor-preview')
      if (!pane || pane.getAttribute('aria-label') === label) return
      pane.setAttribute('tabindex', '0')
      pane.setAttribute('role', 'region')
      pane.setAttribute('aria-label', label)
    }
    namePreview()
    // The toolbar switches between edit, live and preview inside the library: watch for the pane.
    const observer = new MutationObserver(namePreview)
    observer.observe(node, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [readOnly])

  const textareaProps = useMemo(
    () => ({
      id: PITCH_EDITOR_ID,
      'aria-label': 'Pitch (Markdown)',
      // F8 / Shift+F8: the next and previous mark (a comment's passage, a finding).
      'aria-keyshortcuts': MARK_KEYS,
      placeholder: 'Write your pitch in Markdown: the problem, your solution, milestones with dates and budget, and your team.',
      readOnly,
    }),
    [readOnly],
  )

  // The text is not the library's (see above): the library re-renders only when the mode or the toolbar changes.
  const editor = useMemo(
    () => (
      <MDEditor
        onChange={typed}
        preview={readOnly ? 'preview' : 'edit'}
        hideToolbar={readOnly}
        commands={commands}
        extraCommands={EXTRA_COMMANDS}
        height={PITCH_EDITOR_HEIGHT}
        visibleDragbar={false}
        defaultTabEnable
        components={EDITOR_COMPONENTS}
        textareaProps={textareaProps}
      />
    ),
    [readOnly, typed, commands, textareaProps],
  )

  return (
    <div ref={root} className={readOnly ? 'pitch-editor pitch-editor-readonly' : 'pitch-editor'} data-color-mode={colorMode}>
      <PitchBoxContext.Provider value={box}>{editor}</PitchBoxContext.Provider>
    </div>
  )
}
