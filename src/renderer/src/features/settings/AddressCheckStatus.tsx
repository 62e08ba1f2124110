/** The result of checking the service address, as a status line (shared by Settings and Welcome). */
import type { AddressCheck } from '../../state/settings/settings'
import { BusyMark } from '../../components/Spinner'

function addressCheckText(check: AddressCheck): string {
  switch (check.state) {
    case 'idle':
      return ''
    case 'checking':
      return 'Checking…'
    case 'ok':
      return check.message
    case 'failed':
      return check.error.message
  }
}

export function AddressCheckStatus({ check, testId = 'address-check' }: { check: AddressCheck; testId?: string }) {
  const tone =
    check.state === 'ok'
      ? 'notice notice-ok'
      : check.state === 'failed'
        ? 'notice notice-error'
        : check.state === 'checking'
          ? 'loading spinner-status'
          : undefined
  return (
    <div role="status" data-testid={testId} data-state={check.state}>
      {check.state !== 'idle' && (
        <p className={tone}>
          {check.state === 'checking' && <BusyMark busy />}
          {addressCheckText(check)}
        </p>
      )}
    </div>
  )
}
