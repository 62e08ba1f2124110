/**
 * One banner for every screen while the grant service cannot be reached. Grant Desk asks again
 * on its own (recheck.ts) and the banner goes when the service answers; "Check now" is for the
 * applicant who knows it is back and will not wait for the next try.
 */
import { ago } from '../../../../shared/text'
import { useConnectivity } from '../../state/connectivity/connectivity'
import { recheckNow } from '../../state/connectivity/recheck'

export function OfflineBanner() {
  const online = useConnectivity((s) => s.online)
  const since = useConnectivity((s) => s.since)
  if (online !== false) return null
  // "Since 5 minutes ago" as of this render: the banner renders again whenever connectivity changes.
  // eslint-disable-next-line react-hooks/purity
  const sinceText = since ? ` (since ${ago(new Date(since).toISOString(), Date.now())})` : ''
  return (
    <div className="banner banner-offline" role="status" data-testid="offline-banner">
      <strong>Offline</strong> — the grant service cannot be reached{sinceText}. Drafts keep saving on this computer; lists show the last copy. Grant Desk keeps
      checking and this notice goes once the service answers. Submit again when you are back online — nothing is sent automatically.{' '}
      <button type="button" onClick={() => recheckNow()}>
        Check now
      </button>
    </div>
  )
}
