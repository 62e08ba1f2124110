/**
 * A deadline as every screen shows it: "closes in 2 days" / "closed", coloured by how close it
 * is (the colour repeats what the words say), with the exact time in a tooltip or after it.
 */
import type { GrantStatus } from '../../../shared/api'
import { deadlineText } from '../../../shared/api'

export function Deadline({ deadline, now, status, exact = 'title' }: { deadline: string; now: number; status?: GrantStatus; exact?: 'title' | 'after' }) {
  const { text, tone, exact: when } = deadlineText(deadline, now, status)
  const className = tone === 'open' ? undefined : `deadline-${tone}`
  if (exact === 'title') {
    return (
      <span className={className} title={when}>
        {text}
      </span>
    )
  }
  return (
    <>
      <span className={className}>{text}</span> ({when})
    </>
  )
}
