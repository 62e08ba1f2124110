/**
 * Each reviewer's latest verdict, judged against the text on screen (so typing after an
 * approval turns it into "approved an earlier version" as soon as the typing pauses): "Ada
 * approved", "Ada approved an earlier version" with the changes since, "Ben requested changes:
 * …", "Changes made since Ben’s request".
 */
import { useMemo, useState } from 'react'
import type { SchemaField } from '../../../../shared/api'
import { type ReviewerVerdict, reviewerVerdicts } from '../../../../shared/review/state'
import type { ReviewedVersion } from '../../../../shared/review/records'
import type { ReviewData } from '../../../../shared/review/view'
import { changedFields } from '../../lib/fieldChanges'
import { useEditor } from '../../state/editor'
import { useTextAtPause } from '../../state/useTextAtPause'
import { When } from './CommentItem'
import { WordDiff } from './WordDiff'

export function verdictText(reviewer: ReviewerVerdict): string {
  const { author, verdict } = reviewer
  switch (reviewer.state) {
    case 'approved':
      return `${author} approved`
    case 'approved-earlier':
      return `${author} approved an earlier version`
    case 'changes-requested':
      return verdict.note.trim() ? `${author} requested changes: ${verdict.note.trim()}` : `${author} requested changes`
    case 'changes-made':
      return `Changes made since ${author}’s request`
  }
}

const TONE = { approved: 'ok', 'approved-earlier': 'warning', 'changes-requested': 'error', 'changes-made': 'info' } as const

export function ReviewerVerdicts({ data, now }: { data: ReviewData; now: number }) {
  // Judged at each pause in typing: a verdict turns as soon as the applicant stops.
  const { pitch, customFields: fields } = useTextAtPause()
  const schema = useEditor((s) => s.draft?.grant.applicationSchema ?? null)
  const reviewers = useMemo(() => reviewerVerdicts(data, { pitch, fields }), [data, pitch, fields])
  if (reviewers.length === 0) return <p className="hint">Nobody has approved this draft or asked for changes yet.</p>
  return (
    <ul className="reviewer-verdicts">
      {reviewers.map((reviewer) => (
        <li key={reviewer.author} className={`reviewer-verdict verdict-${TONE[reviewer.state]}`} data-state={reviewer.state}>
          <p className="reviewer-verdict-text">
            {verdictText(reviewer)} <When iso={reviewer.verdict.createdAt} now={now} />
          </p>
          {reviewer.state === 'changes-made' && reviewer.verdict.note.trim() && <p className="hint comment-body">They asked: {reviewer.verdict.note.trim()}</p>}
          {reviewer.state === 'approved' && reviewer.verdict.note.trim() && <p className="hint comment-body">{reviewer.verdict.note.trim()}</p>}
          {reviewer.state === 'approved-earlier' && <ChangesSince author={reviewer.author} reviewed={reviewer.verdict.reviewed} pitch={pitch} fields={fields} schema={schema} />}
        </li>
      ))}
    </ul>
  )
}

/** What changed since an approval: a word diff of the pitch and the changed fields. Worked out only once opened. */
function ChangesSince({
  author,
  reviewed,
  pitch,
  fields,
  schema,
}: {
  author: string
  reviewed: ReviewedVersion
  pitch: string
  fields: Readonly<Record<string, string>>
  schema: readonly SchemaField[] | null
}) {
  const [open, setOpen] = useState(false)
  return (
    <details className="changes-since" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Changes since {author} approved</summary>
      {open && <ChangesList reviewed={reviewed} pitch={pitch} fields={fields} schema={schema} />}
    </details>
  )
}

function ChangesList({ reviewed, pitch, fields, schema }: { reviewed: ReviewedVersion; pitch: string; fields: Readonly<Record<string, string>>; schema: readonly SchemaField[] | null }) {
  const changes = useMemo(() => changedFields(reviewed.fields, fields, schema), [reviewed.fields, fields, schema])
  return (
    <div className="changes-list">
      {reviewed.pitch === pitch ? (
        <p className="hint">The pitch is unchanged.</p>
      ) : (
        <>
          <p className="changes-heading">Pitch</p>
          <WordDiff before={reviewed.pitch} after={pitch} condensed label="Changes to the pitch" />
        </>
      )}
      {changes.length > 0 && (
        <>
          <p className="changes-heading">Fields</p>
          <ul className="field-changes">
            {changes.map((change) => (
              <li key={change.name}>
                <strong>{change.label}</strong>: <span className="visually-hidden">was </span>
                <del>{change.before || '(empty)'}</del> → <span className="visually-hidden">now </span>
                <ins>{change.after || '(empty)'}</ins>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
