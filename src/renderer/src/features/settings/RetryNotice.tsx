/**
 * A failure with "Try again" that shows it is trying: while the retry runs, the notice gives way
 * to a progress line, so a click visibly did something even when the answer is the same error.
 */
import { useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'

export function RetryNotice({ error, onRetry, busyLabel }: { error: AppError; onRetry: () => Promise<unknown>; busyLabel: string }) {
  const [busy, setBusy] = useState(false)
  if (busy) return <Loading label={busyLabel} />
  const retry = async () => {
    setBusy(true)
    try {
      await onRetry()
    } finally {
      setBusy(false)
    }
  }
  return <ErrorNotice error={error} onRetry={() => void retry()} />
}
