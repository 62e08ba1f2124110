/**
 * A word diff in two columns: the text before, with what was removed struck through, beside the
 * text after, with what was added underlined; each change preceded by a word a screen reader
 * says, since the styling alone is not read out. Two columns of prose need the window's width,
 * so it is shown in a full-width dialog (History's versions, a suggestion), never in the side
 * column. Plain text only, never HTML.
 */
import type { DiffPart } from '../../../shared/review'
import './side-by-side-diff.css'

/** One part of a diff as the page shows and a screen reader says it. */
export function DiffPartText({ part }: { part: DiffPart }) {
  if (part.kind === 'same') return <span>{part.text}</span>
  const [word, Tag] = part.kind === 'removed' ? (['removed', 'del'] as const) : (['added', 'ins'] as const)
  return (
    <span>
      <span className="visually-hidden">[{word}: </span>
      <Tag>{part.text}</Tag>
      <span className="visually-hidden">]</span>
    </span>
  )
}

export interface SideBySideDiffProps {
  parts: readonly DiffPart[]
  /** The columns' names, read out and shown above them. */
  labels?: { before: string; after: string }
  testId?: string
}

export function SideBySideDiff({ parts, labels = { before: 'Before (A)', after: 'After (B)' }, testId }: SideBySideDiffProps) {
  const column = (label: string, skip: DiffPart['kind']) => (
    <div className="side-by-side-column word-diff" role="group" aria-label={label}>
      <p className="side-by-side-label" aria-hidden="true">
        {label}
      </p>
      {parts
        .filter((part) => part.kind !== skip)
        .map((part, index) => (
          <DiffPartText key={index} part={part} />
        ))}
    </div>
  )
  return (
    <div className="side-by-side-diff" data-testid={testId}>
      {column(labels.before, 'added')}
      {column(labels.after, 'removed')}
    </div>
  )
}
