/** What has been sent: each application's id and status, and the draft it came from. */
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { useListOnScreen, go } from '../../state/app'
import { useNow } from '../../lib/useNow'
import { ApplicationsTable } from './ApplicationsTable'
import { useApplications } from '../../state/applications/applications'

export function ApplicationsScreen() {
  const listing = useApplications((s) => s.listing)
  const load = useApplications((s) => s.load)
  const now = useNow()
  useListOnScreen(useApplications, 'applications')

  return (
    <section className="applications-screen" aria-labelledby="applications-heading">
      <h1 id="applications-heading">Applications</h1>
      <p className="hint">Applications sent from this computer, with the id the grant service gave each. Keep the id if you contact the sponsor.</p>
      {listing.state === 'loading' && <Loading label="Loading applications…" />}
      {listing.state === 'failed' && <ErrorNotice error={listing.error} onRetry={() => void load()} />}
      {listing.state === 'ready' &&
        (listing.items.length === 0 ? (
          <p>No applications yet. Submitted drafts appear here.</p>
        ) : (
          <ApplicationsTable items={listing.items} now={now} onOpenDraft={(id) => go({ name: 'draft', id })} />
        ))}
    </section>
  )
}
