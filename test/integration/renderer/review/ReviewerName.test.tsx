// @vitest-environment jsdom
/**
 * Records are signed with the reviewer name from Settings. Without one, the first comment asks
 * for it once ("Your name, as your teammates will see it on comments"), saves it to Settings
 * through the real core, and then the comment is saved; nothing asks again afterwards.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ReviewDialogs } from '../../../../src/renderer/src/features/review/ReviewDialogs'
import { ReviewPanel } from '../../../../src/renderer/src/features/review/ReviewPanel'
import { useSettings } from '../../../../src/renderer/src/state/settings'
import { type Harness, startHarness } from './harness'

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

describe('Reviewer name', () => {
  it('is asked for once, before the first comment, and the comment then goes through', async () => {
    harness = await startHarness({ pitch: '# Pitch\n\nText.', me: '' })
    const user = userEvent.setup()
    render(
      <>
        <ReviewPanel />
        <ReviewDialogs />
      </>,
    )

    // Asked before the composer opens: nobody writes a comment only to be stopped at Send.
    await user.click(screen.getByRole('button', { name: 'Comment on the whole draft' }))
    const asked = await screen.findByRole('dialog', { name: 'Your name' })
    expect(within(asked).getByRole('textbox', { name: 'Your name, as your teammates will see it on comments' })).toBe(document.activeElement)
    expect(screen.queryByRole('dialog', { name: 'Comment on the whole draft' })).toBeNull()
    // Declining to give a name opens nothing and saves nothing.
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Comment on the whole draft' }))
    const again = await screen.findByRole('dialog', { name: 'Your name' })
    await user.click(within(again).getByRole('button', { name: 'Save and continue' }))
    expect(within(again).getByRole('alert').textContent).toContain('Write your name first.')
    await user.type(within(again).getByRole('textbox', { name: 'Your name, as your teammates will see it on comments' }), 'Ada Lovelace')
    await user.click(within(again).getByRole('button', { name: 'Save and continue' }))

    // Then the composer, and the comment goes through signed with the new name.
    const composer = await screen.findByRole('dialog', { name: 'Comment on the whole draft' })
    expect(screen.queryByRole('dialog', { name: 'Your name' })).toBeNull()
    await user.type(within(composer).getByRole('textbox', { name: 'Comment' }), 'Looks good overall.')
    await user.click(within(composer).getByRole('button', { name: 'Add comment' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const card = screen.getByRole('article')
    expect(card.querySelector('.thread-place')!.textContent).toBe('On the whole draft')
    expect(card.querySelector('.comment-author')!.textContent).toBe('Ada Lovelace')
    expect(card.querySelector('.comment-body')!.textContent).toBe('Looks good overall.')
    expect((await harness.app.call('settings.get')).reviewerName).toBe('Ada Lovelace')
    expect(useSettings.getState().view?.reviewerName).toBe('Ada Lovelace')

    // Once only: the next action is not asked again.
    await user.click(within(card).getByRole('button', { name: 'Reply' }))
    await user.type(within(card).getByRole('textbox', { name: 'Your reply' }), 'And one more thing.')
    await user.click(within(card).getByRole('button', { name: 'Send reply' }))
    await waitFor(() => expect(within(card).getByRole('list', { name: 'Replies' }).textContent).toContain('And one more thing.'))
    expect(screen.queryByRole('dialog', { name: 'Your name' })).toBeNull()
    expect(harness.calls.filter((call) => call.channel === 'settings.update').map((call) => call.input)).toEqual([{ reviewerName: 'Ada Lovelace' }])
    expect(harness.calls.filter((call) => call.channel === 'reviews.addThread').map((call) => call.input)).toEqual([
      { draftId: harness.draft.id, anchor: { target: 'draft' }, body: 'Looks good overall.' },
    ])
    // My own comments can be edited and deleted; the buttons say whose.
    expect(within(card).getAllByRole('button', { name: 'Edit your comment' })).toHaveLength(1)
    expect(within(card).getAllByRole('button', { name: 'Edit your reply' })).toHaveLength(1)
  })
})
