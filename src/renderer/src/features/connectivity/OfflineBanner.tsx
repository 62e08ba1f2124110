/** One banner for every screen while the grant service cannot be reached. */
import { agoText } from '../../lib/deadline'
import { useConnectivity } from './connectivitySlice'

export function OfflineBanner() {
  const online = useConnectivity((s) => s.online)
  const since = useConnectivity((s) => s.since)
  if (online !== false) return null
  return (
    <div className="banner banner-offline" role="status" data-testid="offline-banner">
      <strong>Offline</strong> — the grant service cannot be reached{since ? ` (since ${agoText(new Date(since).toISOString(), Date.now())})` : ''}. Drafts
      keep saving on this computer; lists show the last copy. Submit again when you are back online — nothing is sent automatically.
    </div>
  )
}
