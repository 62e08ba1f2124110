/** "Applied 12 Nov 2026" or "Draft" beside a grant the applicant has worked on (see state/grants/myGrants.ts). */
import { type MyGrantStatus, myGrantStatusText } from '../../state/grants/myGrants'

export function MyGrantBadge({ status }: { status: MyGrantStatus | undefined }) {
  if (!status) return null
  return (
    <span className={`badge ${status.kind === 'applied' ? 'badge-ok' : 'badge-info'}`} data-testid="my-grant-status">
      {myGrantStatusText(status)}
    </span>
  )
}
