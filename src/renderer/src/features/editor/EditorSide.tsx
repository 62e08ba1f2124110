/**
 * What sits beside the pitch: tabs for the Checklist, the application Fields, the team's Review
 * and the draft's History. Wide windows show them in a column that keeps its place (and its own
 * scroll) while the pitch scrolls; narrow ones below the pitch, with the checklist's verdict in
 * the bar above the editor. Every panel but History stays mounted when hidden, so that a field
 * being typed in, a review announcement or an open thread keeps its state.
 */
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo } from 'react'
import { hasReview, isOpen } from '../../../../shared/review'
import { HistoryPanel } from '../history'
import { ReviewPanel } from '../review'
import { useOpenThreadsByField, useReview, startFieldComment } from '../../state/review'
import { ChecklistPanel } from './ChecklistPanel'
import { SIDE_TABS, type SideTab, showSideTabNow, useEditorSide } from '../../state/editor/editorSide'
import { useEditor } from '../../state/editor/editor'
import { useEditorLayout } from '../../state/editor/editorLayout'
import { FieldsForm } from './FieldsForm'
import { PITCH_EDITOR_ID, selectLinesInEditor } from '../../lib/selectLines'
import { useChecklist } from './useChecklist'
import { LinkCheckAction } from './LinkCheckAction'
import { useLinkCheck } from '../../state/editor/linkCheck'
import './editor.css'

const TAB_LABEL: Record<SideTab, string> = { checklist: 'Checklist', fields: 'Fields', review: 'Review', history: 'History' }

const tabId = (tab: SideTab) => `side-tab-${tab}`
const panelId = (tab: SideTab) => `side-panel-${tab}`

/** The Checklist tab, scrolled into view (below the pitch in a narrow window), its tab focused. */
export function openChecklist(): void {
  showSideTabNow('checklist')
  const tab = document.getElementById(tabId('checklist'))
  tab?.scrollIntoView?.({ block: 'start' })
  tab?.focus()
}

/** Focuses an application field by its schema name, opening the Fields tab for it. */
export function focusField(name: string): void {
  showSideTabNow('fields')
  const control = document.querySelector<HTMLElement>(`.fields-form [name="${CSS.escape(name)}"]`)
  if (!control) return
  control.scrollIntoView?.({ block: 'center' })
  control.focus()
}

export function EditorSide({ readOnly, flagRequired }: { readOnly: boolean; flagRequired: boolean }) {
  const tab = useEditorSide((s) => s.tab)
  // Collapsed to a rail of the tab names: the pitch takes the room; a tab's name opens it again.
  const collapsed = useEditorLayout((s) => s.sideCollapsed)
  const open = (name: SideTab) => {
    if (collapsed) useEditorLayout.getState().setSideCollapsed(false)
    useEditorSide.getState().showTab(name)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = SIDE_TABS.indexOf(tab)
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? SIDE_TABS[(at + 1) % SIDE_TABS.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? SIDE_TABS[(at - 1 + SIDE_TABS.length) % SIDE_TABS.length]
          : event.key === 'Home'
            ? SIDE_TABS[0]
            : event.key === 'End'
              ? SIDE_TABS[SIDE_TABS.length - 1]
              : undefined
    if (!next) return
    event.preventDefault()
    showSideTabNow(next)
    document.getElementById(tabId(next))?.focus()
  }
  return (
    <div className={collapsed ? 'editor-side editor-side-collapsed' : 'editor-side'} data-testid="editor-side">
      <div className="side-head">
        <div className="side-tabs" role="tablist" aria-label="Beside the pitch" aria-orientation={collapsed ? 'vertical' : 'horizontal'} onKeyDown={onKeyDown}>
          {SIDE_TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={tabId(name)}
              aria-selected={tab === name}
              aria-controls={panelId(name)}
              tabIndex={tab === name ? 0 : -1}
              className="side-tab"
              onClick={() => open(name)}
            >
              {TAB_LABEL[name]}
              {name === 'review' && <OpenThreadCount />}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="side-collapse"
          aria-expanded={!collapsed}
          aria-controls={SIDE_TABS.map(panelId).join(' ')}
          onClick={() => useEditorLayout.getState().setSideCollapsed(!collapsed)}
        >
          {collapsed ? 'Show' : 'Hide'}
          <span className="visually-hidden"> side panel</span>
        </button>
      </div>
      <SidePanel tab="checklist" shown={collapsed ? null : tab}>
        <ChecklistArea readOnly={readOnly} />
      </SidePanel>
      <SidePanel tab="fields" shown={collapsed ? null : tab}>
        <FieldsArea readOnly={readOnly} flagRequired={flagRequired} />
      </SidePanel>
      <SidePanel tab="review" shown={collapsed ? null : tab}>
        <ReviewPanel />
      </SidePanel>
      <SidePanel tab="history" shown={collapsed ? null : tab}>
        {/* Read from disk when opened, not with every draft. */}
        {tab === 'history' && !collapsed && <HistoryPanel />}
      </SidePanel>
    </div>
  )
}

/** Beside "Review": how many threads are open, so that a teammate's comment is seen from the Checklist tab too. */
function OpenThreadCount() {
  const open = useReview((s) => s.data?.threads.filter(isOpen).length ?? 0)
  if (open === 0) return null
  return (
    <span className="side-tab-count">
      {' '}
      {open}
      <span className="visually-hidden"> open {open === 1 ? 'thread' : 'threads'}</span>
    </span>
  )
}

/** `shown` is null while the column is collapsed: every panel is hidden, and stays mounted. */
function SidePanel({ tab, shown, children }: { tab: SideTab; shown: SideTab | null; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={tab !== shown} data-side-tab={tab} className="side-panel">
      {children}
    </div>
  )
}

/**
 * Runs the checklist and keeps the result where the bar and the Checklist tab read it: on every
 * keystroke while it is fast (an incremental lint in the worker), else at each pause in typing.
 */
export function ChecklistRunner() {
  const grant = useEditor((s) => s.draft?.grant)
  const projectKind = useEditor((s) => s.draft?.projectKind ?? null)
  const context = useMemo(() => (grant ? { grant, projectKind } : null), [grant, projectKind])
  // The team's open threads and approval are findings too (the checklist's review rules), once
  // there is a review: "nobody approved yet" is no news to someone who works alone.
  // A submitted draft's review is over: its rules ("ask the reviewer to approve again") would only nag.
  const submitted = useEditor((s) => s.draft?.status === 'submitted')
  const review = useReview((s) => (!submitted && s.data && hasReview(s.data) ? s.data : null))
  const draftId = useEditor((s) => s.draft?.id ?? null)
  useEffect(() => useLinkCheck.getState().reset(draftId), [draftId])
  const links = useLinkCheck((s) => (s.draftId === draftId ? s.result : null))
  const result = useChecklist(context, review, links)
  useEffect(() => useEditorSide.getState().showChecklist(result), [result])
  useEffect(() => () => useEditorSide.getState().reset(), [])
  return null
}

function ChecklistArea({ readOnly }: { readOnly: boolean }) {
  const result = useEditorSide((s) => s.checklist)
  const schema = useEditor((s) => s.draft?.grant.applicationSchema ?? null)
  const onSelectLine = useCallback(
    (line: number, endLine: number) => {
      if (!readOnly) selectLinesInEditor(PITCH_EDITOR_ID, line, endLine)
    },
    [readOnly],
  )
  return (
    <ChecklistPanel result={result} schema={schema} onSelectLine={onSelectLine} onSelectField={focusField}>
      <LinkCheckAction />
    </ChecklistPanel>
  )
}

function FieldsArea({ readOnly, flagRequired }: { readOnly: boolean; flagRequired: boolean }) {
  const schema = useEditor((s) => s.draft?.grant.applicationSchema ?? null)
  const values = useEditor((s) => s.customFields)
  const setField = useEditor((s) => s.setField)
  const openThreads = useOpenThreadsByField()
  return (
    <FieldsForm
      schema={schema}
      values={values}
      onChange={setField}
      readOnly={readOnly}
      showRequired={!readOnly && flagRequired}
      onComment={startFieldComment}
      openThreads={openThreads}
    />
  )
}
