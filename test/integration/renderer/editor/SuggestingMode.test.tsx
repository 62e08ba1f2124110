// @vitest-environment jsdom
/**
 * Suggesting or Editing is known from the pitch's first keystroke, on a real core: opening the
 * draft (`drafts.get`) says who wrote it and who is at this desk, so nothing typed waits for the
 * review to be read. Here the review and the settings are held back (their answers come only
 * when the test lets them; the core behind them is the real one) while the person types:
 * - the author's keystrokes are edits at once (in the editor's store, saved as any typing), never
 *   held and put in again later, which split undo's word steps and lost an edit;
 * - a teammate who did not write the draft suggests from the first keystroke: the file's pitch
 *   does not change and nothing is saved, and Submit is not theirs.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { type IpcChannel, buildGrantDeskApi } from '../../../../src/shared/ipc'
import { DraftEditor } from '../../../../src/renderer/src/features/editor/DraftEditor'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { useReview, useSuggesting } from '../../../../src/renderer/src/state/review'
import { type Harness, startHarness } from '../review/harness'

const PITCH = '# Fast tools\n\nWe build fast tools for grant writers.\n\n## Budget\n\nWe ask for 10,000 USDC.'

let harness: Harness | null = null
afterEach(async () => {
  useSuggesting.getState().reset()
  await harness?.dispose()
  harness = null
})

/**
 * The page's bridge to the harness's core, with the answers of `held` channels kept back until
 * `release()`: the review and the name arrive after the person has started typing.
 */
function holdBack(h: Harness, held: readonly IpcChannel[]): { release: () => void; asked: () => IpcChannel[] } {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const asked: IpcChannel[] = []
  const api = buildGrantDeskApi(
    async (channel, input) => {
      h.calls.push({ channel, input })
      const answer = h.app.core.dispatch(channel, input)
      if (!held.includes(channel)) return answer
      asked.push(channel)
      await gate
      return answer
    },
    (listener) => h.app.core.subscribe(listener),
  )
  Object.defineProperty(window, 'grantDesk', { value: api, configurable: true, writable: true })
  return { release, asked: () => asked }
}

async function typeAtOnce(): Promise<HTMLTextAreaElement> {
  const textarea = (await screen.findByRole('textbox', { name: 'Pitch (Markdown)' })) as HTMLTextAreaElement
  const user = userEvent.setup()
  await user.click(textarea)
  await user.keyboard('{Control>}{End}{/Control} Typed at once.')
  return textarea
}

describe('the pitch’s mode, from the first keystroke', () => {
  it('makes an author’s first keystrokes edits while the review is still being read', async () => {
    harness = await startHarness({ pitch: PITCH })
    const held = holdBack(harness, ['reviews.get'])
    render(<DraftEditor id={harness.draft.id} />)
    const textarea = await typeAtOnce()
    // The review has not answered: the mode came from the draft as opened.
    expect(held.asked()).toContain('reviews.get')
    expect(useReview.getState().data).toBeNull()

    const typed = `${PITCH} Typed at once.`
    expect(textarea.value).toBe(typed)
    expect(useEditor.getState().pitch).toBe(typed)
    expect(useSuggesting.getState().typed).toBeNull()
    expect(screen.getByTestId('save-state').textContent).toBe('Unsaved changes')
    expect(screen.queryByTestId('edit-mode-switch')).toBeNull()
    expect((screen.getByRole('button', { name: 'Submit…' }) as HTMLButtonElement).disabled).toBe(false)

    held.release()
    await waitFor(() => expect(useReview.getState().data).not.toBeNull())
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Saved'), { timeout: 3_000 })
    expect((await harness.app.call('drafts.get', { id: harness.draft.id })).pitch).toBe(typed)
    // Never put in again: what was typed is what is shown, once.
    expect(textarea.value).toBe(typed)
  })

  it('makes a teammate’s first keystrokes suggestions, not saves, before the review or the name is read', async () => {
    // Another grant than the first test's: a read of that draft still on its way cannot answer for this one.
    harness = await startHarness({ pitch: PITCH, me: 'Ben', createdBy: 'Ada', withForm: true })
    // Neither the review nor Settings answer until released: only the draft as opened says who is who.
    act(() => useReview.setState({ reviewerName: null }))
    const held = holdBack(harness, ['reviews.get', 'settings.get'])
    render(<DraftEditor id={harness.draft.id} />)
    const textarea = await typeAtOnce()
    expect(useReview.getState().data).toBeNull()
    expect(useReview.getState().reviewerName).toBeNull()

    const typed = `${PITCH} Typed at once.`
    expect(textarea.value).toBe(typed)
    // Not an edit: the editor's pitch is the file's, and no save was asked for.
    expect(useEditor.getState().pitch).toBe(PITCH)
    expect(useSuggesting.getState().typed).toBe(typed)
    expect(harness.calls.filter((call) => call.channel === 'drafts.merge' || call.channel === 'drafts.save')).toEqual([])
    expect((within(screen.getByTestId('edit-mode-switch')).getByLabelText('Suggesting') as HTMLInputElement).checked).toBe(true)
    expect(screen.getByTestId('submit-not-for-you').getAttribute('aria-disabled')).toBe('true')

    held.release()
    await waitFor(() => expect(useReview.getState().data).not.toBeNull())
    // Sent at the pause as a suggestion; the file never changed.
    await waitFor(() => expect(useReview.getState().data!.threads.some((thread) => thread.suggestion?.text.includes('Typed at once.'))).toBe(true), {
      timeout: 4_000,
    })
    expect((await harness.app.call('drafts.get', { id: harness.draft.id })).pitch).toBe(PITCH)
  })
})
