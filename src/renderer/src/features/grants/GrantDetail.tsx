/**
 * One grant: what it pays, when it closes, what it asks for, and the way into a draft. One
 * draft per grant is the normal case ("Start draft", then "Open draft"); a second one is made
 * only when asked for, after saying that it is a separate file.
 */
import { CalendarButton } from '../reminders'
import { useCallback, useEffect, useId, useState } from 'react'
import type { SchemaField } from '../../../../shared/api'
import type { AppError, DraftSummary, GrantsGetOutput } from '../../../../shared/ipc'
import { Deadline } from '../../components/Deadline'
import { Dialog } from '../../components/Dialog'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { SafeMarkdown } from '../../components/SafeMarkdown'
import { call, onEvent } from '../../lib/bridge'
import { avatarTint, deadlineText, sponsorInitials } from '../../../../shared/api'
import { ago } from '../../../../shared/text'
import { useConnectivity } from '../../state/connectivity'

import { go, useNavigation } from '../../state/app'
import { useGrants } from '../../state/grants/grants'
import { latestRequest } from '../../state/store'
import { MyGrantBadge } from './MyGrantBadge'
import { type MyGrantStatus, followMyGrants, useMyGrants } from '../../state/grants/myGrants'
import { grantKind, learnGrantKinds, useGrantKinds } from '../../state/grants/grantKinds'
import { useNow } from '../../lib/useNow'
import './grants.css'
import { BusyMark } from '../../components/Spinner'

export type GrantDraft = Extract<DraftSummary, { state: 'ok' }>

/** This grant's readable drafts, the most recently edited first. */
export function draftsForGrant(items: readonly DraftSummary[], grantId: string): GrantDraft[] {
  return items
    .filter((draft): draft is GrantDraft => draft.state === 'ok' && draft.grantId === grantId)
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))
}

function backToGrants(): void {
  const navigation = useNavigation.getState()
  // Back keeps the list's scroll position and filters; from anywhere else, open the list afresh.
  if (navigation.history.at(-1)?.name === 'grants') navigation.back()
  else navigation.go({ name: 'grants' })
}

type Loaded<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'failed'; error: AppError }

export function GrantDetail({ id }: { id: string }) {
  const now = useNow()
  const [grant, setGrant] = useState<Loaded<GrantsGetOutput>>({ state: 'loading' })
  const [drafts, setDrafts] = useState<Loaded<GrantDraft[]>>({ state: 'loading' })
  const [creating, setCreating] = useState(false)
  const [createError, setCreateError] = useState<AppError | null>(null)
  // The latest request of each kind wins; none counts once the screen has closed.
  const [requests] = useState(() => ({ grant: latestRequest(), drafts: latestRequest(), create: latestRequest() }))

  useEffect(
    () => () => {
      requests.grant.drop()
      requests.drafts.drop()
      requests.create.drop()
    },
    [requests],
  )

  const loadGrant = useCallback(async () => {
    const isLatest = requests.grant.begin()
    setGrant((current) => (current.state === 'ok' && current.value.grant.id === id ? current : { state: 'loading' }))
    const answer = await call('grants.get', { id })
    if (!isLatest()) return
    setGrant(answer.ok ? { state: 'ok', value: answer.value } : { state: 'failed', error: answer.error })
  }, [id, requests])

  const loadDrafts = useCallback(async () => {
    const isLatest = requests.drafts.begin()
    const answer = await call('drafts.list')
    if (!isLatest()) return
    setDrafts(answer.ok ? { state: 'ok', value: draftsForGrant(answer.value.items, id) } : { state: 'failed', error: answer.error })
  }, [id, requests])

  useEffect(() => {
    // Fetching when the grant opens: loadGrant shows "loading" first, by design.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void loadGrant()
    void loadDrafts()
  }, [loadGrant, loadDrafts])

  // A draft made or deleted outside the app (or in another window) changes which button fits.
  useEffect(() => onEvent('drafts.changed', () => void loadDrafts()), [loadDrafts])
  useEffect(() => followMyGrants(), [])
  const myStatus = useMyGrants((s) => s.byGrant.get(id))

  const startDraft = async () => {
    const isLatest = requests.create.begin()
    setCreating(true)
    setCreateError(null)
    const answer = await call('drafts.create', { grantId: id })
    if (!isLatest()) return
    setCreating(false)
    if (answer.ok) go({ name: 'draft', id: answer.value.id })
    else setCreateError(answer.error)
  }

  if (grant.state !== 'ok') {
    return (
      <section className="grant-detail">
        <BackButton />
        <h1>Grant details</h1>
        {grant.state === 'loading' ? <Loading label="Loading grant…" /> : <ErrorNotice error={grant.error} onRetry={() => void loadGrant()} />}
      </section>
    )
  }

  return (
    <GrantDetailView
      data={grant.value}
      now={now}
      drafts={drafts.state === 'ok' ? drafts.value : null}
      draftsError={drafts.state === 'failed' ? drafts.error : null}
      creating={creating}
      createError={createError}
      onRetry={() => void loadGrant()}
      onRetryDrafts={() => void loadDrafts()}
      onStartDraft={() => void startDraft()}
      onOpenDraft={(draftId) => go({ name: 'draft', id: draftId })}
      myStatus={myStatus}
    />
  )
}

function BackButton() {
  return (
    <button type="button" className="grant-back" onClick={backToGrants}>
      Back to grants
    </button>
  )
}

export interface GrantDetailViewProps {
  data: GrantsGetOutput
  now: number
  /** This grant's drafts, newest first; null while they are being listed or when that failed. */
  drafts: GrantDraft[] | null
  draftsError: AppError | null
  /** Applied (when) or Draft, from this computer's records. */
  myStatus?: MyGrantStatus | undefined
  creating: boolean
  createError: AppError | null
  onRetry: () => void
  onRetryDrafts: () => void
  onStartDraft: () => void
  onOpenDraft: (id: string) => void
}

export function GrantDetailView({
  data,
  now,
  drafts,
  draftsError,
  creating,
  createError,
  onRetry,
  onRetryDrafts,
  onStartDraft,
  onOpenDraft,
  myStatus,
}: GrantDetailViewProps) {
  const { grant } = data
  // The detail may leave out sponsor and track; the list's copy of the grant has them.
  const summary = useGrants((s) => s.result?.items.find((item) => item.id === grant.id))
  const sponsor = grant.sponsor ?? summary?.sponsor
  const track = grant.track ?? summary?.track
  const bountyIds = useGrantKinds((s) => s.bountyIds)
  useEffect(() => {
    void learnGrantKinds()
  }, [])
  const deadline = deadlineText(grant.deadline, now, grant.status)
  const kind = grantKind(grant.id, 'all', bountyIds)
  return (
    <section className="grant-detail">
      <BackButton />
      <div className="grant-detail-head">
        <span className={`avatar avatar-large avatar-${avatarTint(sponsor ?? '')}`} aria-hidden="true">
          {sponsorInitials(sponsor ?? grant.title)}
        </span>
        <div className="grant-detail-title">
          <h1>{grant.title}</h1>
          {(sponsor || kind || track) && (
            <p className="grant-detail-chips">
              {sponsor && <span className="grant-detail-sponsor">{sponsor}</span>}
              {kind && <span className={`chip chip-${kind}`}>{kind === 'bounty' ? 'Bounty' : 'Grant'}</span>}
              {track && <span className="chip chip-track">{track}</span>}
            </p>
          )}
        </div>
      </div>

      {data.fromCache && <OfflineCopyNotice data={data} now={now} onRetry={onRetry} />}

      <dl className="grant-detail-facts">
        <dt>Reward</dt>
        <dd data-testid="grant-reward">{grant.reward}</dd>
        <dt>Deadline</dt>
        <dd data-testid="grant-deadline">
          <Deadline deadline={grant.deadline} now={now} {...(grant.status ? { status: grant.status } : {})} exact="after" />
          {deadline.tone === 'soon' && (
            <>
              {' '}
              <span className="badge badge-warning">closing soon</span>
            </>
          )}
        </dd>
        {myStatus && (
          <>
            <dt>Your status</dt>
            <dd>
              <MyGrantBadge status={myStatus} />
            </dd>
          </>
        )}
        {sponsor && (
          <>
            <dt>Sponsor</dt>
            <dd>{sponsor}</dd>
          </>
        )}
        {track && (
          <>
            <dt>Track</dt>
            <dd>{track}</dd>
          </>
        )}
      </dl>
      <CalendarButton target={{ grantId: grant.id }} />

      {deadline.tone === 'closed' && (
        <div className="notice notice-warn" data-testid="grant-closed">
          <p>This grant is closed — you can still draft, but it cannot be submitted.</p>
        </div>
      )}

      <DraftActions
        drafts={drafts}
        draftsError={draftsError}
        creating={creating}
        createError={createError}
        now={now}
        onRetryDrafts={onRetryDrafts}
        onStartDraft={onStartDraft}
        onOpenDraft={onOpenDraft}
      />

      <h2>Description</h2>
      <SafeMarkdown source={grant.description} testId="grant-description" headingOffset={2} />

      <h2>Application fields</h2>
      <ApplicationFields schema={grant.application_schema} />

      <h2>Template</h2>
      <details>
        <summary>Show the template your draft starts from</summary>
        <pre className="grant-template" data-testid="grant-template">
          {grant.template_md}
        </pre>
      </details>
    </section>
  )
}

/** The saved copy of a grant shown offline; a quiet line when the app's offline banner already says so. */
function OfflineCopyNotice({ data, now, onRetry }: { data: GrantsGetOutput; now: number; onRetry: () => void }) {
  const bannerShown = useConnectivity((s) => s.online === false)
  if (bannerShown) {
    return (
      <p className="hint" role="status" data-testid="grant-offline">
        Showing the copy saved {ago(data.fetchedAt, now)}.
      </p>
    )
  }
  return (
    <div className="notice notice-warn" role="status" data-testid="grant-offline">
      <p>
        Offline — showing the copy saved {ago(data.fetchedAt, now)}.{data.cacheReason ? ` ${data.cacheReason.message}` : ''}
      </p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}

function DraftActions({
  drafts,
  draftsError,
  creating,
  createError,
  now,
  onRetryDrafts,
  onStartDraft,
  onOpenDraft,
}: Pick<GrantDetailViewProps, 'drafts' | 'draftsError' | 'creating' | 'createError' | 'now' | 'onRetryDrafts' | 'onStartDraft' | 'onOpenDraft'>) {
  const [confirming, setConfirming] = useState(false)
  const hintId = useId()

  if (!drafts && !draftsError) return <Loading label="Checking your drafts for this grant…" />

  const newest = drafts?.[0]
  return (
    <div className="grant-draft-area">
      {draftsError && (
        <ErrorNotice
          error={{
            ...draftsError,
            message: `Your drafts could not be listed, so Grant Desk cannot tell whether you already have one for this grant. ${draftsError.message}`,
          }}
          onRetry={onRetryDrafts}
          retryLabel="List drafts again"
        />
      )}
      <div className="grant-actions">
        {newest ? (
          <>
            <button type="button" className="primary" onClick={() => onOpenDraft(newest.id)}>
              Open draft
            </button>
            <button type="button" onClick={() => setConfirming(true)} disabled={creating}>
              Start another draft
            </button>
          </>
        ) : (
          <button type="button" className="primary" onClick={onStartDraft} disabled={creating} aria-describedby={hintId}>
            Start draft
          </button>
        )}
        {creating && (
          <span className="hint spinner-status" role="status">
            <BusyMark busy />
            Creating your draft…
          </span>
        )}
        {!newest && (
          <span className="hint" id={hintId}>
            The draft is saved on this computer and starts from the template below.
          </span>
        )}
      </div>
      {drafts && drafts.length > 1 && (
        <>
          <p className="hint">You have {drafts.length} drafts for this grant; “Open draft” opens the one edited last.</p>
          <ul className="grant-drafts" aria-label="Your drafts for this grant">
            {drafts.map((draft) => (
              <li key={draft.id}>
                <code>{draft.fileName}</code>
                <span className="hint">edited {ago(draft.updatedAt, now)}</span>
                {draft.status === 'submitted' && <span className="badge badge-ok">submitted</span>}
                <button type="button" aria-label={`Open ${draft.fileName}`} onClick={() => onOpenDraft(draft.id)}>
                  Open
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {createError && <ErrorNotice error={createError} />}
      {confirming && (
        <Dialog title="Start a second draft?" onClose={() => setConfirming(false)} testId="second-draft-dialog">
          <p>
            A second draft is a separate file: your existing draft{drafts && drafts.length > 1 ? 's stay' : ' stays'} as{' '}
            {drafts && drafts.length > 1 ? 'they are' : 'it is'}. The service takes one application per grant from you, so only one of them can be submitted.
          </p>
          <div className="dialog-actions">
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="primary"
              data-autofocus
              onClick={() => {
                setConfirming(false)
                onStartDraft()
              }}
            >
              Start second draft
            </button>
          </div>
        </Dialog>
      )}
    </div>
  )
}

const FIELD_TYPES: Record<string, string> = {
  url: 'web address',
  textarea: 'long text',
  text: 'short text',
  number: 'number',
  email: 'email address',
  select: 'choice',
}

function fieldType(field: SchemaField): string {
  const name = FIELD_TYPES[field.type] ?? field.type
  return field.options && field.options.length > 0 ? `${name}: ${field.options.join(', ')}` : name
}

function ApplicationFields({ schema }: { schema: SchemaField[] | null }) {
  if (schema === null) return <p data-testid="grant-fields">Free-form application: only the pitch is sent.</p>
  if (schema.length === 0) return <p data-testid="grant-fields">No extra fields: only the pitch is sent.</p>
  return (
    <ul className="grant-fields" data-testid="grant-fields">
      {schema.map((field) => (
        <li key={field.name}>
          <strong>{field.label.trim() || field.name}</strong> — {fieldType(field)}, {field.required ? 'required' : 'optional'}
        </li>
      ))}
    </ul>
  )
}
