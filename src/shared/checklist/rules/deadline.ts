/** The grant's deadline: passed is an error (the service refuses), within 3 days is worth knowing. */
import { parseIsoTimestamp } from '../../api'
import { CLOSING_SOON_MS, dateTime } from '../../text'
import { DOCUMENT_START } from '../topics'
import type { Rule, RuleContext, RuleFinding } from '../types'

export const deadline: Rule = {
  id: 'deadline',
  title: 'Deadline not passed',
  severity: 'error',
  description: 'The grant’s deadline has not passed (“Must fix”: the service refuses the application) and is not within 3 days (“Note”).',
  check({ grant, now }: RuleContext): RuleFinding[] {
    if (!grant.deadline) return []
    const at = parseIsoTimestamp(grant.deadline)
    if (at === null) {
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: `The grant’s deadline “${grant.deadline}” could not be read.`,
          hint: 'Check the deadline on the grant’s page.',
        },
      ]
    }
    // The service's zone, named: the checklist reads the same on every computer.
    const when = dateTime(new Date(at), { timeZone: 'UTC' })
    if (at <= now) {
      return [
        {
          ...DOCUMENT_START,
          message: `The deadline passed on ${when}; the grant no longer accepts applications.`,
          hint: 'Look for a later round of this program, or another open grant, and adapt this pitch to it.',
        },
      ]
    }
    if (at - now <= CLOSING_SOON_MS) {
      const hours = Math.max(1, Math.round((at - now) / 3_600_000))
      const left = hours < 48 ? `${hours} hour${hours === 1 ? '' : 's'}` : `${Math.round(hours / 24)} days`
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: `The deadline is in ${left} (${when}).`,
          hint: 'Fix what is marked “Must fix” first, then what is marked “Improve”; submit with time to spare for a dropped connection.',
        },
      ]
    }
    return []
  },
}
