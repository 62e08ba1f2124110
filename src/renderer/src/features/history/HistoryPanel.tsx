/**
 * The History panel beside the pitch: the draft's earlier versions, newest first, each with
 * when and by whom it was saved, how much it grew or shrank, what it changed and where it came
 * from; a comparison of any version with the text on screen or of two versions (word by word,
 * inline or side by side, and the form's fields); and restoring a version or one section of
 * it. Nothing here writes the draft except a confirmed restore, which the core records as a
 * new version, so a restore can itself be undone from this list.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import type { AppError, HistoryGetOutput, HistoryVersion } from '../../../../shared/ipc'
import { type DiffPart, diffVersions, pitchSections } from '../../../../shared/history'
import { changedFields } from '../../lib/fieldChanges'
import { Dialog } from '../../components/Dialog'
import { DiffPartText, SideBySideDiff } from '../../components/SideBySideDiff'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useEditor } from '../../state/editor'
import { useHistory } from '../../state/history/history'
import { count } from '../../../../shared/text'
import { dateTime } from '../../../../shared/text'
import './history.css'

const CURRENT = 'current'

export function sizeChangeText(change: number | null): string {
  if (change === null) return 'first version'
  if (change === 0) return 'same size'
  return `${change > 0 ? '+' : '−'}${count(Math.abs(change))} chars`
}

/** The badges of a version: where it came from, and whether it was sent. */
export function versionBadges(version: HistoryVersion): string[] {
  const badges: string[] = []
  if (version.source === 'external') badges.push('from the shared folder')
  if (version.source === 'restore') badges.push('restored')
  if (version.source === 'explicit') badges.push('saved')
  if (version.sent || version.source === 'submitted') badges.push('sent')
  return badges
}

function versionLabel(version: HistoryVersion): string {
  return `${dateTime(version.time)} — ${version.summary}`
}

export const HistoryPanel = memo(function HistoryPanel({ onClose }: { onClose?: () => void }) {
  const draftId = useEditor((s) => s.draft?.id ?? null)
  const draftVersion = useEditor((s) => s.draft?.version ?? null)
  const readOnly = useEditor((s) => s.draft?.status === 'submitted')
  const list = useHistory((s) => s.list)
  const loading = useHistory((s) => s.loading)
  const loadError = useHistory((s) => s.loadError)
  const [from, setFrom] = useState<string | null>(null)
  const [to, setTo] = useState<string>(CURRENT)
  const [pending, setPending] = useState<{ version: HistoryVersion; section?: string } | null>(null)
  const [restoreError, setRestoreError] = useState<AppError | null>(null)
  const [restored, setRestored] = useState<string | null>(null)
  // Each Compare button pressed: the comparison, below the list, is brought into view once shown.
  const [compareAsked, setCompareAsked] = useState(0)
  // Each restore answered: what happened (done, or why not) is brought into view and focused,
  // since the Restore… the applicant pressed may be far down the list, the notices at its top.
  const [restoreAnswered, setRestoreAnswered] = useState(0)
  const outcome = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (restoreAnswered === 0) return
    reveal(outcome.current)
  }, [restoreAnswered])

  useEffect(() => {
    if (!draftId) return
    useHistory.getState().open(draftId)
    return () => useHistory.getState().close()
  }, [draftId])

  // Each save (and a reload or a restore) makes the draft's version change: the list follows.
  useEffect(() => {
    if (draftVersion && useHistory.getState().draftId) void useHistory.getState().refresh()
  }, [draftVersion])

  const versions = list?.versions ?? []
  const compare = (versionId: string) => {
    setFrom(versionId)
    setTo(CURRENT)
    setCompareAsked((n) => n + 1)
  }

  const confirmRestore = async () => {
    if (!pending) return
    const { version, section } = pending
    setPending(null)
    setRestoreError(null)
    setRestored(null)
    const failure = await useHistory.getState().restore(version.id, section)
    setRestoreError(failure)
    if (!failure)
      setRestored(section ? `Restored the section “${section}” from ${dateTime(version.time)}.` : `Restored the version from ${dateTime(version.time)}.`)
    setRestoreAnswered((n) => n + 1)
  }

  return (
    <section className="history-panel" data-testid="history-panel" aria-labelledby="history-heading">
      <div className="history-head">
        <h2 id="history-heading">History</h2>
        {onClose && (
          <button type="button" onClick={onClose}>
            Close history
          </button>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {restored ?? ''}
      </p>
      <div ref={outcome} tabIndex={-1} className="history-outcome" data-testid="history-restore-outcome">
        {restored && <p className="notice notice-ok">{restored}</p>}
        {restoreError && <ErrorNotice error={restoreError} />}
      </div>
      {loadError && <ErrorNotice error={loadError} onRetry={() => void useHistory.getState().refresh()} />}
      {!list && loading && <p className="loading">Reading the history…</p>}
      {list && !list.available && (
        <div className="notice notice-warn" data-testid="history-unavailable">
          <p>History is unavailable: {list.reason ?? 'earlier versions cannot be kept now.'}</p>
          <p>Saving the draft still works.</p>
        </div>
      )}
      {list && list.available && list.reason && (
        <div className="notice notice-warn">
          <p>{list.reason}</p>
        </div>
      )}
      {list && list.available && versions.length === 0 && <p className="hint">No earlier versions yet.</p>}
      {versions.length > 0 && (
        <ol className="history-list" aria-label="Versions, newest first">
          {versions.map((version) => (
            <li key={version.id} data-testid="history-version">
              <p className="history-line">
                <time dateTime={version.time}>{dateTime(version.time)}</time> · {version.savedBy ? `${version.savedBy} · ` : ''}
                <span>{sizeChangeText(version.sizeChange)}</span>
                {versionBadges(version).map((badge) => (
                  <span key={badge} className="history-badge">
                    {badge}
                  </span>
                ))}
              </p>
              <p className="history-summary">{version.summary}</p>
              <div className="history-actions">
                <button type="button" onClick={() => compare(version.id)} aria-label={`Compare the version of ${dateTime(version.time)} with the current text`}>
                  Compare
                </button>
                {!readOnly && (
                  <button type="button" onClick={() => setPending({ version })} aria-label={`Restore the version of ${dateTime(version.time)}`}>
                    Restore…
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {versions.length > 0 && (
        <Compare
          versions={versions}
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
          readOnly={readOnly}
          revealAsked={compareAsked}
          onRestoreSection={(version, section) => setPending({ version, section })}
        />
      )}
      {pending && (
        <Dialog title={pending.section ? 'Restore this section?' : 'Restore this version?'} onClose={() => setPending(null)} role="alertdialog">
          <p>
            {pending.section
              ? `The section “${pending.section}” of the pitch becomes as it was on ${dateTime(pending.version.time)}; the rest stays as it is now.`
              : `The pitch and the fields become as they were on ${dateTime(pending.version.time)}.`}{' '}
            Your current text is kept in the history, so this can be undone.
          </p>
          <div className="dialog-actions">
            <button type="button" className="primary" onClick={() => void confirmRestore()} data-autofocus>
              Restore
            </button>
            <button type="button" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
    </section>
  )
})

interface CompareProps {
  versions: HistoryVersion[]
  from: string | null
  to: string
  onFrom: (id: string | null) => void
  onTo: (id: string) => void
  readOnly: boolean
  /** Counts the Compare buttons pressed: each brings the comparison into view, and focus to it, once it is shown. */
  revealAsked: number
  onRestoreSection: (version: HistoryVersion, section: string) => void
}

/** Brings `element` into view and moves focus to it (a screen reader reads it out). */
function reveal(element: HTMLElement | null): void {
  if (!element) return
  element.scrollIntoView?.({ block: 'nearest' })
  element.focus({ preventScroll: true })
}

type Loaded = HistoryGetOutput | AppError | null

function useVersionText(versionId: string | null): Loaded {
  const [loaded, setLoaded] = useState<{ id: string; value: HistoryGetOutput | AppError } | null>(null)
  useEffect(() => {
    if (!versionId || versionId === CURRENT) return
    let live = true
    void useHistory
      .getState()
      .load(versionId)
      .then((value) => {
        if (live) setLoaded({ id: versionId, value })
      })
    return () => {
      live = false
    }
  }, [versionId])
  return loaded && loaded.id === versionId ? loaded.value : null
}

const isError = (value: Loaded): value is AppError => value !== null && 'code' in value

function Compare({ versions, from, to, onFrom, onTo, readOnly, revealAsked, onRestoreSection }: CompareProps) {
  const pitch = useEditor((s) => s.pitch)
  const customFields = useEditor((s) => s.customFields)
  const [mode, setMode] = useState<'inline' | 'side'>('inline')
  const [section, setSection] = useState('')
  const a = useVersionText(from)
  const b = useVersionText(to === CURRENT ? null : to)
  const current = useMemo(() => ({ pitch, fields: customFields }), [pitch, customFields])
  const before = a && !isError(a) ? a : null
  const after = to === CURRENT ? current : b && !isError(b) ? b : null
  const parts = useMemo(() => (before && after ? diffVersions(before.pitch, after.pitch) : null), [before, after])
  const sections = useMemo(() => (before ? pitchSections(before.pitch).filter((s) => s.depth > 0) : []), [before])
  const fromVersion = versions.find((v) => v.id === from) ?? null
  const diff = useRef<HTMLDivElement>(null)
  const revealed = useRef(0)
  useEffect(() => {
    if (revealAsked <= revealed.current || !parts) return
    revealed.current = revealAsked
    reveal(diff.current)
  }, [revealAsked, parts])

  return (
    <section className="history-compare" aria-labelledby="history-compare-heading">
      <h3 id="history-compare-heading">Compare</h3>
      <div className="history-pickers">
        <label>
          Version A
          <select value={from ?? ''} onChange={(event) => onFrom(event.target.value || null)}>
            <option value="">Choose a version…</option>
            <VersionOptions versions={versions} />
          </select>
        </label>
        <label>
          Version B
          <select value={to} onChange={(event) => onTo(event.target.value)}>
            <option value={CURRENT}>The current text</option>
            <VersionOptions versions={versions} />
          </select>
        </label>
      </div>
      <fieldset className="history-mode">
        <legend>Show the changes</legend>
        <label>
          <input type="radio" name="history-mode" checked={mode === 'inline'} onChange={() => setMode('inline')} /> Inline
        </label>
        <label>
          <input type="radio" name="history-mode" checked={mode === 'side'} onChange={() => setMode('side')} aria-describedby="history-side-hint" /> Side by
          side
        </label>
        <span id="history-side-hint" className="hint">
          (opens wide)
        </span>
      </fieldset>
      {isError(a) && <ErrorNotice error={a} />}
      {isError(b) && <ErrorNotice error={b} />}
      {!from && <p className="hint">Choose a version to compare with the current text, or two versions.</p>}
      {from && !parts && !isError(a) && !isError(b) && <p className="loading">Reading the versions…</p>}
      {parts && before && after && (
        <div data-testid="history-diff" ref={diff} tabIndex={-1} role="region" aria-label="Changes between the versions" className="history-diff-box">
          {parts.length === 0 || parts.every((p) => p.kind === 'same') ? <p className="hint">The pitch is the same in both.</p> : null}
          <InlineDiff parts={parts} />
          <FieldChanges before={before.fields} after={after.fields} />
          {/* Two columns of prose need the window's width, not the side column's third of it. */}
          {mode === 'side' && (
            <Dialog title={`Version A and ${to === CURRENT ? 'the current text' : 'version B'}, side by side`} onClose={() => setMode('inline')} size="full">
              <SideBySideDiff parts={parts} testId="history-diff-side" />
              <div className="dialog-actions">
                <button type="button" onClick={() => setMode('inline')}>
                  Close
                </button>
              </div>
            </Dialog>
          )}
        </div>
      )}
      {before && fromVersion && !readOnly && sections.length > 0 && (
        <div className="history-section-restore">
          <label>
            Section of version A
            <select value={section} onChange={(event) => setSection(event.target.value)}>
              <option value="">Choose a section…</option>
              {sections.map((s) => (
                <option key={`${s.line}-${s.title}`} value={s.title}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={!section} onClick={() => onRestoreSection(fromVersion, section)}>
            Restore this section
          </button>
        </div>
      )}
    </section>
  )
}

function InlineDiff({ parts }: { parts: DiffPart[] }) {
  return (
    <div className="history-diff word-diff" aria-label="Changes to the pitch" role="group" data-testid="history-diff-inline">
      {parts.map((part, index) => (
        <DiffPartText key={index} part={part} />
      ))}
    </div>
  )
}

function VersionOptions({ versions }: { versions: readonly HistoryVersion[] }) {
  return versions.map((v) => (
    <option key={v.id} value={v.id}>
      {versionLabel(v)}
    </option>
  ))
}

function FieldChanges({ before, after }: { before: Record<string, string>; after: Record<string, string> }) {
  const schema = useEditor((state) => state.draft?.grant.applicationSchema ?? null)
  const changes = useMemo(() => changedFields(before, after, schema), [before, after, schema])
  if (changes.length === 0) return <p className="hint">The fields are the same in both.</p>
  return (
    <ul className="field-changes" aria-label="Changes to the fields">
      {changes.map((change) => (
        <li key={change.name}>
          {change.label}: <span className="visually-hidden">removed: </span>
          <del>{change.before || '(empty)'}</del> → <span className="visually-hidden">added: </span>
          <ins>{change.after || '(empty)'}</ins>
        </li>
      ))}
    </ul>
  )
}
