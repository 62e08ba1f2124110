/**
 * The verdicts, judged against the text on screen (so typing after an approval turns it into
 * "approved an earlier version" as soon as the typing pauses) and against the team's policy:
 * "1 of 2 approvals", "Ada approved — not counted: Ada wrote this draft", "Ben requested
 * changes: …", "Changes made since Ben’s request", and verdict records that do not count, with
 * the reason (edited, dated in the future, unsigned where signatures are required).
 */
import { useMemo, useState } from 'react'
import type { SchemaField } from '../../../../shared/api'
import {
  type ReviewSummary,
  type ReviewerVerdict,
  describeApproval,
  summarize,
  nameProblem,
  showHidden,
  type ReviewedVersion,
  type ReviewData,
} from '../../../../shared/review'
import { changedFields } from '../../lib/fieldChanges'
import { useEditor, useTextAtPause } from '../../state/editor'
import { When } from './CommentItem'
import { authorsText, capitalize } from './describe'
import { WordDiff } from './WordDiff'

/** A name from a record as shown: hidden characters written out (the name is marked beside it). */
export function shownName(name: string): string {
  return showHidden(name)
}

export function verdictText(reviewer: ReviewerVerdict): string {
  const { verdict } = reviewer
  const author = shownName(reviewer.author)
  switch (reviewer.state) {
    case 'approved':
      return `${author} approved`
    case 'approved-earlier':
      return `${author} approved an earlier version`
    case 'changes-requested':
      return verdict.note.trim() ? `${author} requested changes: ${verdict.note.trim()}` : `${author} requested changes`
    case 'changes-made':
      return `Changes made since ${author}’s request`
    case 'conflict':
      return `${author}’s verdicts cannot be ordered`
  }
}

const TONE = { approved: 'ok', 'approved-earlier': 'warning', 'changes-requested': 'error', 'changes-made': 'info', conflict: 'error' } as const

/** "1 of 2 approvals · the author's own approval does not count", and the policy file in force. */
function PolicyState({ summary, data }: { summary: ReviewSummary; data: ReviewData }) {
  const policy = data.policy
  return (
    <div className="review-policy" data-testid="review-policy">
      <p className="review-policy-state" data-approval={summary.approval}>
        {summary.approvals.required > 1 || summary.approval === 'partly-approved'
          ? `${summary.approvals.counted} of ${summary.approvals.required} approvals · `
          : null}
        {capitalize(describeApproval(summary))}
      </p>
      {policy.problem !== null ? (
        <p className="notice notice-warn">{policy.problem}</p>
      ) : (
        policy.file !== null && (
          <p className="hint">
            Team policy <code>{policy.file}</code>: {policy.approvals} {policy.approvals === 1 ? 'approval' : 'approvals'} by teammates who did not write the
            draft
            {policy.approvers ? `, from ${policy.approvers.join(', ')}` : ''}
            {policy.requireSigned ? '; only signed verdicts count' : ''}.
          </p>
        )
      )}
    </div>
  )
}

export function ReviewerVerdicts({ data, now }: { data: ReviewData; now: number }) {
  // Judged at each pause in typing: a verdict turns as soon as the applicant stops.
  const { pitch, customFields: fields } = useTextAtPause()
  const schema = useEditor((s) => s.draft?.grant.applicationSchema ?? null)
  const summary = useMemo(() => summarize(data, { pitch, fields }), [data, pitch, fields])
  const invalid = summary.outcomes.filter((outcome) => outcome.status === 'invalid')
  const written = authorsText(summary.authors)
  return (
    <>
      {written ? (
        <p className="review-authors" data-testid="review-authors">
          {written}. Their own verdicts are notes: they do not count toward approval.
        </p>
      ) : (
        <p className="hint" data-testid="review-authors">
          Who wrote this draft is not recorded yet (authors are recorded by the reviewer name in Settings when they save it).
        </p>
      )}
      <PolicyState summary={summary} data={data} />
      {summary.reviewers.length === 0 ? (
        <p className="hint">Nobody has approved this draft or asked for changes yet.</p>
      ) : (
        <ul className="reviewer-verdicts">
          {summary.reviewers.map((reviewer) => (
            <li key={reviewer.key} className={`reviewer-verdict verdict-${TONE[reviewer.state]}`} data-state={reviewer.state} data-counted={reviewer.counted}>
              <p className="reviewer-verdict-text">
                {verdictText(reviewer)} <When iso={reviewer.verdict.createdAt} now={now} />
                {reviewer.verdict.check.signature === 'verified' && <span className="badge badge-ok verdict-signed">Signed</span>}
              </p>
              {nameProblem(reviewer.author) && <p className="notice notice-warn">This name {nameProblem(reviewer.author)}.</p>}
              {reviewer.notCounted && (
                <p className="verdict-not-counted" data-testid="verdict-not-counted">
                  Not counted: {shownName(reviewer.notCounted)}.
                </p>
              )}
              {reviewer.state === 'changes-made' && reviewer.verdict.note.trim() && (
                <p className="hint comment-body">They asked: {reviewer.verdict.note.trim()}</p>
              )}
              {reviewer.state === 'approved' && reviewer.verdict.note.trim() && <p className="hint comment-body">{reviewer.verdict.note.trim()}</p>}
              {reviewer.state === 'approved-earlier' && (
                <ChangesSince author={shownName(reviewer.author)} reviewed={reviewer.verdict.reviewed} pitch={pitch} fields={fields} schema={schema} />
              )}
            </li>
          ))}
        </ul>
      )}
      {invalid.length > 0 && (
        <div className="notice notice-warn" data-testid="verdicts-invalid">
          <p>{invalid.length === 1 ? 'One verdict record does not count:' : `${invalid.length} verdict records do not count:`}</p>
          <ul>
            {invalid.map(({ verdict, reason }) => (
              <li key={verdict.id}>
                <strong>{shownName(verdict.author)}</strong>
                {verdict.check.future ? ` (dated in the future, ${verdict.createdAt})` : ''}: <code>{verdict.id}.yaml</code> {reason}.
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
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

function ChangesList({
  reviewed,
  pitch,
  fields,
  schema,
}: {
  reviewed: ReviewedVersion
  pitch: string
  fields: Readonly<Record<string, string>>
  schema: readonly SchemaField[] | null
}) {
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
