// @vitest-environment jsdom
/**
 * The header's "Due soon" and Settings → Deadline reminders as the applicant sees them, over a
 * real core and sandbox (../review/harness). The tests' bounty closes a day from now, so a draft
 * of it is due its 1-day reminder at once (“closes in 23 hours”: time left is rounded down). jsdom has no Web Notifications: the page says so and
 * never asks; the reminder is still shown in the app, and acknowledged so it is shown once.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useNavigation } from '../../../../src/renderer/src/state/app'
import { DueSoonMenu } from '../../../../src/renderer/src/features/reminders/DueSoonMenu'
import { ReminderSettings } from '../../../../src/renderer/src/features/reminders/ReminderSettings'
import { useReminders } from '../../../../src/renderer/src/state/reminders'
import { useSettings } from '../../../../src/renderer/src/state/settings'
import { type Harness, startHarness } from '../review/harness'

let harness: Harness

beforeEach(async () => {
  harness = await startHarness({ pitch: '# Pitch\n' })
  useReminders.setState({ view: null, error: null, clockOffsetMs: 0, recent: [] })
})
afterEach(async () => {
  await harness.dispose()
})

describe('Due soon', () => {
  it('lists a draft closing within a day, announces its reminder once and opens the draft', async () => {
    const bounty = await harness.app.call('drafts.create', { grantId: harness.ids.bounty })
    render(<DueSoonMenu />)

    const toggle = await screen.findByRole('button', { name: 'Due soon (1)' }, { timeout: 10_000 })
    // A day less the seconds since the fixture was made: whole hours, rounded down.
    await waitFor(() => expect(screen.getByTestId('reminder-announcement').textContent).toBe('Reminder: “A bounty” closes in 23 hours.'), { timeout: 10_000 })
    await waitFor(() => expect(harness.calls.map((c) => c.channel)).toContain('reminders.acknowledge'), { timeout: 10_000 })
    expect((await harness.app.call('reminders.list')).unannounced).toEqual([])

    fireEvent.click(toggle)
    const panel = screen.getByRole('region', { name: 'Due soon' })
    expect(within(panel).getByTestId('latest-reminder').textContent).toContain('Your draft is not submitted yet.')
    expect(within(panel).getByText('This browser cannot show desktop notifications; reminders appear in this list.')).toBeTruthy()
    expect(within(panel).queryByRole('button', { name: 'Enable desktop notifications' })).toBeNull()
    expect(within(panel).getByRole('button', { name: 'Add all open drafts to calendar' })).toBeTruthy()

    fireEvent.click(within(panel).getByRole('button', { name: 'A bounty' }))
    expect(useNavigation.getState().route).toEqual({ name: 'draft', id: bounty.id })
    expect(screen.queryByRole('region', { name: 'Due soon' })).toBeNull()
  })
})

describe('Settings → Deadline reminders', () => {
  it('shows the times in words, says what is wrong with a time, and saves new times', async () => {
    render(<ReminderSettings />)
    const times = screen.getByLabelText('Times before each deadline') as HTMLInputElement
    expect(times.value).toBe('3 days, 1 day, 3 hours')

    // One Save in Settings: the reminders have none of their own; leaving the field saves it.
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull()
    fireEvent.change(times, { target: { value: '2 weeks' } })
    fireEvent.blur(times)
    expect(await screen.findByText('“weeks” in “2 weeks” is not a unit: use days, hours or minutes.', {}, { timeout: 10_000 })).toBeTruthy()
    expect(times.getAttribute('aria-invalid')).toBe('true')

    // The core's own rule, in its words.
    fireEvent.change(times, { target: { value: '1 day, 24 hours' } })
    fireEvent.blur(times)
    expect(await screen.findByText(/The reminder times .*must not name the same time twice/, {}, { timeout: 10_000 })).toBeTruthy()

    fireEvent.change(times, { target: { value: '4h, 2 days' } })
    // Enter in the field saves too.
    await act(async () => {
      fireEvent.submit(times.form!)
    })
    expect(await screen.findByText('Reminders saved: 2 days, 4 hours before each deadline.', {}, { timeout: 10_000 })).toBeTruthy()
    expect((await harness.app.call('settings.get')).reminders).toEqual({ enabled: true, offsetsMinutes: [240, 2880] })
    expect(useSettings.getState().view?.reminders.offsetsMinutes).toEqual([240, 2880])

    // The switch saves as it flips.
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Remind me before deadlines'))
    })
    expect(await screen.findByText('Reminders are off.', {}, { timeout: 10_000 })).toBeTruthy()
    expect((await harness.app.call('settings.get')).reminders.enabled).toBe(false)
  })
})
