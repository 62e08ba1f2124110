/**
 * The checklist as a to-do list (see checklistItems.ts): how many sections are written, then
 * section by section in the pitch's order what is left to do. A section not written yet is one
 * item that quotes the template's hint; a cause with several parts is one line that opens to
 * them. Each item is a button that takes the applicant to the lines, or the field, it is about.
 * The verdict itself is in the bar above the editor (ChecklistBar), always in view.
 */
import { memo, type ReactNode, useMemo } from 'react'
import type { SchemaField } from '../../../../shared/api'
import { severityTag, type Finding, type LintResult } from '../../../../shared/checklist'
import { findingMarkId } from '../../lib/pitchMarks'
import { type ChecklistBlock, type ChecklistItem, checklistView } from './checklistItems'
import './editor.css'

export interface ChecklistPanelProps {
  result: LintResult | null
  /** The grant's form, to name and find the fields that findings are about. */
  schema?: readonly SchemaField[] | null
  onSelectLine: (line: number, endLine: number) => void
  /** Focus an application field (its schema name). */
  onSelectField?: (name: string) => void
  /** Actions under the heading ("Check links"). */
  children?: ReactNode
}

export const ChecklistPanel = memo(function ChecklistPanel({ result, schema, onSelectLine, onSelectField, children }: ChecklistPanelProps) {
  const view = useMemo(() => (result ? checklistView(result, schema) : null), [result, schema])
  const labels = useMemo(() => new Map((schema ?? []).map((field) => [field.name, field.label.trim() || field.name])), [schema])
  const select = (target: Target) => {
    if (target.field !== undefined && onSelectField) onSelectField(target.field)
    else onSelectLine(target.line, target.endLine)
  }
  return (
    <section className="checklist-panel" aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">Checklist</h2>
      {children}
      {!view ? (
        <p className="loading">Checking the pitch…</p>
      ) : (
        <>
          {view.progress && <Progress written={view.progress.written} total={view.progress.total} />}
          {view.blocks.map((block) => (
            <Block key={block.key} block={block} labels={labels} onSelect={select} />
          ))}
          {view.blocks.length === 0 && <p className="checklist-done">Every check passes.</p>}
        </>
      )}
    </section>
  )
})

/** "6 of 11 sections written", with a bar. */
export function sectionsWritten(written: number, total: number): string {
  return `${written} of ${total} ${total === 1 ? 'section' : 'sections'} written`
}

function Progress({ written, total }: { written: number; total: number }) {
  const text = sectionsWritten(written, total)
  return (
    <div className="checklist-progress" data-testid="checklist-progress">
      <span>{text}</span>
      <progress value={written} max={total} aria-label={text} />
    </div>
  )
}

interface Target {
  line: number
  endLine: number
  field?: string | undefined
}

type Select = (target: Target) => void

const BLOCK_TITLE = { pitch: 'The pitch as a whole', fields: 'Application fields' } as const

function Block({ block, labels, onSelect }: { block: ChecklistBlock; labels: ReadonlyMap<string, string>; onSelect: Select }) {
  const title = block.kind === 'section' ? block.title : BLOCK_TITLE[block.kind]
  const done = block.kind === 'section' && block.written === true && block.items.length === 0
  return (
    <div className={`checklist-block checklist-block-${block.kind}${done ? ' checklist-block-done' : ''}`} data-testid="checklist-block">
      <h3>
        {done && (
          <span className="checklist-check" aria-hidden="true">
            ✓{' '}
          </span>
        )}
        {title}
        {done && <span className="visually-hidden"> — done</span>}
        {block.kind === 'section' && !block.written && block.items.length === 0 && <span className="checklist-block-note"> — not written yet</span>}
      </h3>
      {block.items.length > 0 && (
        <ul>
          {block.items.map((item) => (
            <li key={item.key}>
              <Item item={item} labels={labels} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function Item({ item, labels, onSelect }: { item: ChecklistItem; labels: ReadonlyMap<string, string>; onSelect: Select }) {
  switch (item.kind) {
    case 'finding':
      return <FindingButton finding={item.finding} field={item.field} labels={labels} onSelect={onSelect} />
    case 'write':
      return (
        <button
          type="button"
          className={`finding finding-${item.severity} finding-write`}
          data-testid="checklist-write"
          onClick={() => onSelect({ line: item.line, endLine: item.endLine })}
        >
          {/* The severity's own word (its parts are mostly "Must fix"): a fourth tag, "To write", read as a fourth severity. */}
          <span className="finding-tag">{severityTag(item.severity)}</span> <span className="finding-message">Write this section</span>{' '}
          <span className="finding-line">line {item.line}</span>
          <span className="finding-hint">
            {item.prompt ?? 'The template’s hint under the heading says what reviewers look for.'}
            {item.parts.length > 1 ? ` (${item.parts.length} checks wait for this section.)` : ''}
          </span>
        </button>
      )
    case 'group':
      return (
        <details className={`finding-group finding-${item.severity}`} data-testid="checklist-group">
          <summary>
            <span className="finding-tag">{severityTag(item.severity)}</span> <span className="finding-message">{item.title}</span>{' '}
            <span className="finding-line">{item.parts.length} parts</span>
          </summary>
          <ul>
            {item.parts.map((finding, index) => (
              <li key={`${finding.ruleId}:${finding.line}:${index}`}>
                {/* Each part its own field: "2 optional fields are empty" took every part to the first one. */}
                <FindingButton finding={finding} field={item.partFields[index]} labels={labels} onSelect={onSelect} />
              </li>
            ))}
          </ul>
        </details>
      )
  }
}

function FindingButton({
  finding,
  field,
  labels,
  onSelect,
}: {
  finding: Finding
  field: string | undefined
  labels: ReadonlyMap<string, string>
  onSelect: Select
}) {
  const where = field !== undefined ? `field ${labels.get(field) ?? field}` : `line ${finding.line}`
  return (
    <button
      type="button"
      className={`finding finding-${finding.severity}`}
      data-finding={findingMarkId(finding)}
      onClick={() => onSelect({ line: finding.line, endLine: finding.endLine, field })}
    >
      <span className="finding-tag">{severityTag(finding.severity)}</span> <span className="finding-message">{finding.message}</span>{' '}
      <span className="finding-line">{where}</span>
      <span className="finding-hint">{finding.hint}</span>
    </button>
  )
}
