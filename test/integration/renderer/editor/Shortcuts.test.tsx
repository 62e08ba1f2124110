// @vitest-environment jsdom
/**
 * A keyboard shortcut belongs to the control that has focus (issue 32, item 7, as a new user
 * tried it): Ctrl+Enter in a thread's Reply box sends the reply, on an author's page and on a
 * reviewer's, and does not reach the page's Submit application; Ctrl+Shift+S in the pitch is
 * Sync, as on every other screen, not a save.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DraftEditor } from '../../../../src/renderer/src/features/editor/DraftEditor'
import { SyncStatus } from '../../../../src/renderer/src/features/sync'
import { showSideTabNow } from '../../../../src/renderer/src/state/editor'
import { useSync } from '../../../../src/renderer/src/state/sync'
import type { SyncState } from '../../../../src/shared/ipc'
import { type Harness, quoteAt, startHarness } from '../review/harness'

const PITCH = '# Fast tools\n\nWe build fast tools for grant writers.\n\n## Budget\n\nWe ask for 10,000 USDC.'

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
  useSync.setState({ state: null })
})

async function replyWithCtrlEnter(options: { createdBy?: string }) {
  harness = await startHarness({ pitch: PITCH, ...options })
  const ben = await harness.teammate('Ben')
  const start = PITCH.indexOf('fast tools for')
  await ben.call('reviews.addThread', {
    draftId: harness.draft.id,
    anchor: { target: 'pitch', quote: quoteAt(PITCH, start, start + 14) },
    body: 'Who are they?',
  })
  render(<DraftEditor id={harness.draft.id} />)
  await screen.findByRole('textbox', { name: 'Pitch (Markdown)' })
  showSideTabNow('review')
  const card = await screen.findByRole('article', { name: /pitch line 3/i })
  const user = userEvent.setup()
  await user.click(within(card).getByRole('button', { name: 'Reply' }))
  const box = within(card).getByRole('textbox', { name: 'Your reply' })
  expect(document.activeElement).toBe(box)
  await user.keyboard('Grant writers at small labs.{Control>}{Enter}{/Control}')
  await waitFor(() => expect(harness!.calls.some((call) => call.channel === 'reviews.reply')).toBe(true))
  expect(harness.calls.find((call) => call.channel === 'reviews.reply')!.input).toMatchObject({ body: 'Grant writers at small labs.' })
  await waitFor(() => expect(within(card).queryByRole('textbox', { name: 'Your reply' })).toBeNull())
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(harness.calls.some((call) => call.channel.startsWith('applications.'))).toBe(false)
}

describe('shortcuts on the draft screen', () => {
  it('Ctrl+Enter in a Reply box sends the reply on the author’s page, and does not open Submit application', async () => {
    await replyWithCtrlEnter({})
  })

  it('Ctrl+Enter in a Reply box sends the reply on a reviewer’s page', async () => {
    await replyWithCtrlEnter({ createdBy: 'Cleo' })
  })

  it('Ctrl+Shift+S in the pitch syncs, as on every other screen, and is not a save', async () => {
    harness = await startHarness({ pitch: PITCH })
    const run = vi.fn(async () => null)
    const state = { repository: { branch: 'main' }, summary: 'main · up to date', running: false, lastSyncAt: null, lastProblem: null } as unknown as SyncState
    useSync.setState({ state, run })
    render(
      <>
        <DraftEditor id={harness.draft.id} />
        <SyncStatus />
      </>,
    )
    const textarea = await screen.findByRole('textbox', { name: 'Pitch (Markdown)' })
    const user = userEvent.setup()
    await user.click(textarea)
    await user.keyboard('{Control>}{Shift>}S{/Shift}{/Control}')
    expect(run).toHaveBeenCalledTimes(1)
    expect(harness.calls.some((call) => call.channel === 'drafts.merge' && (call.input as { explicit?: boolean }).explicit)).toBe(false)
  })
})
