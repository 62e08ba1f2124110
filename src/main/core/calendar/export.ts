/**
 * "Add to calendar" and the reminders' channels: the deadlines of a grant, of a draft, or of
 * every open draft with a deadline ahead (the draft's own copy of its grant's deadline), as an
 * .ics file with the reminder offsets of the settings.
 */
import { AppFailure } from '../errors'
import type { GrantsService } from '../grants'
import type { ChannelParsedInput, Handlers } from '../handlers'
import type { DraftStore } from '../drafts'
import type { ReminderService } from '../reminders'
import type { SettingsService } from '../settings'
import { buildCalendar, calendarFileName, type CalendarDeadline } from './ics'

export interface CalendarDeps {
  grants: Pick<GrantsService, 'get'>
  drafts: Pick<DraftStore, 'get' | 'list'>
  reminders: Pick<ReminderService, 'list' | 'acknowledge'>
  settings: Pick<SettingsService, 'values'>
  now: () => Date
}

/** Deadlines of drafts, for "Add to calendar": the draft's own copy of its grant's deadline. */
async function calendarOf(
  { grants, drafts, now }: CalendarDeps,
  input: ChannelParsedInput<'calendar.export'>,
): Promise<{ deadlines: CalendarDeadline[]; label: string }> {
  if ('grantId' in input) {
    const { grant } = await grants.get(input.grantId)
    return { deadlines: [{ grantId: grant.id, title: grant.title, reward: grant.reward, deadline: grant.deadline }], label: `deadline ${grant.title}` }
  }
  if ('draftId' in input) {
    const { grant } = await drafts.get(input.draftId)
    return { deadlines: [{ grantId: grant.id, title: grant.title, reward: grant.reward, deadline: grant.deadline }], label: `deadline ${grant.title}` }
  }
  const listed = await drafts.list()
  const deadlines: CalendarDeadline[] = []
  for (const item of listed.items) {
    if (item.state !== 'ok' || item.status !== 'draft' || Date.parse(item.grantDeadline) <= now().getTime()) continue
    const { grant } = await drafts.get(item.id)
    deadlines.push({ grantId: grant.id, title: grant.title, reward: grant.reward, deadline: grant.deadline })
  }
  if (deadlines.length === 0) {
    throw new AppFailure(
      'invalid_input',
      'None of your drafts is open with a deadline still ahead, so there is nothing to add to a calendar. Start a draft from a grant’s page first.',
    )
  }
  return { deadlines, label: 'grant-desk-deadlines' }
}

export function calendarHandlers(deps: CalendarDeps) {
  return {
    'reminders.list': () => deps.reminders.list(),
    'reminders.acknowledge': ({ keys }) => deps.reminders.acknowledge(keys),
    'calendar.export': async (input) => {
      const { deadlines, label } = await calendarOf(deps, input)
      const { reminders: reminderSettings } = await deps.settings.values()
      return { ics: buildCalendar(deadlines, reminderSettings.offsetsMinutes, deps.now()), fileName: calendarFileName(label), events: deadlines.length }
    },
  } satisfies Partial<Handlers>
}
