// @vitest-environment jsdom
/**
 * A teammate's suggested replacement: shown as a word diff, applied to the text on screen as
 * the applicant's own edit (here through the store: jsdom has no `execCommand`, the browser's
 * undoable path), and the decision recorded on the thread through the real core.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { PitchEditor } from '../../../../src/renderer/src/features/editor/PitchEditor'
import { ReviewPanel } from '../../../../src/renderer/src/features/review/ReviewPanel'
import { useReview } from '../../../../src/renderer/src/state/review'
import { type Harness, quoteAt, startHarness } from './harness'

const PITCH = '# Tools\n\nWe build fast tools for grant writers.\n\nMore text here.'

function quote(text: string, exact: string) {
  const start = text.indexOf(exact)
  return quoteAt(text, start, start + exact.length)
}

/** The pitch editor bound to the app's editor store, as the draft editor binds it. */
function Pitch() {
  const pitch = useEditor((s) => s.pitch)
  return <PitchEditor value={pitch} onChange={(next) => useEditor.getState().setPitch(next)} />
}

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

function diffOf(card: HTMLElement) {
  const diff = card.querySelector('.word-diff')!
  return {
    removed: [...diff.querySelectorAll('del')].map((node) => node.textContent),
    added: [...diff.querySelectorAll('ins')].map((node) => node.textContent),
    spoken: diff.textContent,
  }
}

describe('Suggestions', () => {
  it('shows the word diff, and Apply replaces the passage in the editor and records "applied"', async () => {
    harness = await startHarness({ pitch: PITCH })
    const ben = await harness.teammate('Ben')
    const data = await ben.call('reviews.addThread', {
      draftId: harness.draft.id,
      anchor: { target: 'pitch', quote: quote(PITCH, 'fast tools for grant writers') },
      body: 'Sharper?',
      suggestion: 'fast, simple tools for grant writers',
    })
    const threadId = data.threads[0]!.id
    await act(() => useReview.getState().refresh())
    render(
      <>
        <Pitch />
        <ReviewPanel />
      </>,
    )
    const card = screen.getByTestId(`thread-${threadId}`)
    expect(diffOf(card)).toEqual({
      removed: [],
      // jsdiff keeps the space after an insertion with it.
      added: [', simple '],
      spoken: 'fast[added: , simple ]tools for grant writers',
    })
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeTruthy()

    await userEvent.click(within(card).getByRole('button', { name: 'Apply' }))

    const applied = 'We build fast, simple tools for grant writers.'
    await waitFor(() => expect(useEditor.getState().pitch).toBe(`# Tools\n\n${applied}\n\nMore text here.`))
    expect((screen.getByRole('textbox', { name: 'Pitch (Markdown)' }) as HTMLTextAreaElement).value).toContain(applied)
    expect(harness.calls.filter((call) => call.channel === 'reviews.decideSuggestion').map((call) => call.input)).toEqual([
      { draftId: harness.draft.id, threadId, decision: 'applied' },
    ])
    // Applying settles the thread: it moves to Resolved, saying who applied it.
    await waitFor(() => expect(screen.getByText('Resolved (1)')).toBeTruthy())
    const settled = screen.getByTestId(`thread-${threadId}`)
    expect(settled.querySelector('.suggestion-decision')!.textContent).toBe('Applied by Ada')
    expect(settled.querySelector('.thread-history')!.textContent).toMatch(/^Suggestion applied by Ada \(/)
    expect(within(settled).queryByRole('button', { name: 'Apply' })).toBeNull()
  })

  it('opens the passage and its replacement side by side in a dialog across the window, and Close gives focus back', async () => {
    harness = await startHarness({ pitch: PITCH })
    const ben = await harness.teammate('Ben')
    const data = await ben.call('reviews.addThread', {
      draftId: harness.draft.id,
      anchor: { target: 'pitch', quote: quote(PITCH, 'fast tools for grant writers') },
      body: 'Plainer?',
      suggestion: 'quick tools for grant writers',
    })
    await act(() => useReview.getState().refresh())
    render(<ReviewPanel />)
    const card = screen.getByTestId(`thread-${data.threads[0]!.id}`)
    const opener = within(card).getByRole('button', { name: 'Side by side (opens wide)' })
    await userEvent.click(opener)

    const dialog = screen.getByRole('dialog', { name: 'Suggested change, side by side' })
    const now = within(dialog).getByRole('group', { name: 'The passage now' })
    const suggested = within(dialog).getByRole('group', { name: 'As suggested' })
    // Each column holds one side: the removed word only in the first, the added only in the second.
    expect([...now.querySelectorAll('del')].map((node) => node.textContent)).toEqual(['fast'])
    expect(now.querySelectorAll('ins')).toHaveLength(0)
    expect([...suggested.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['quick'])
    expect(suggested.querySelectorAll('del')).toHaveLength(0)
    expect(suggested.textContent).toContain('[added: quick] tools for grant writers')

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('cannot apply a suggestion whose passage is gone, says why, and can still decline it', async () => {
    harness = await startHarness({ pitch: PITCH })
    const ben = await harness.teammate('Ben')
    const data = await ben.call('reviews.addThread', {
      draftId: harness.draft.id,
      anchor: { target: 'pitch', quote: quote(PITCH, 'More text here.') },
      body: '',
      suggestion: 'Even more text here.',
    })
    const threadId = data.threads[0]!.id
    await act(() => useReview.getState().refresh())
    act(() => useEditor.getState().setPitch('# Tools\n\nSomething else entirely now.'))
    render(<ReviewPanel />)

    const card = await waitFor(() => within(screen.getByRole('heading', { name: /^Outdated \(1\)$/ }).closest('section')!).getByTestId(`thread-${threadId}`))
    expect(diffOf(card)).toEqual({ removed: ['More'], added: ['Even more'], spoken: '[removed: More][added: Even more] text here.' })
    const apply = within(card).getByRole('button', { name: 'Apply' }) as HTMLButtonElement
    expect(apply.disabled).toBe(true)
    expect(apply.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(apply.getAttribute('aria-describedby')!)!.textContent).toBe(
      'The quoted text is no longer in the draft, so there is nothing to replace.',
    )

    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(card.querySelector('.suggestion-decision')?.textContent).toBe('Declined by Ada'))
    expect(harness.calls.filter((call) => call.channel === 'reviews.decideSuggestion').map((call) => call.input)).toEqual([
      { draftId: harness.draft.id, threadId, decision: 'declined' },
    ])
    expect(useEditor.getState().pitch).toBe('# Tools\n\nSomething else entirely now.')
    // Declining leaves the thread to be resolved.
    expect(within(card).getByRole('button', { name: 'Resolve' })).toBeTruthy()
  })

  it('applies a suggestion on a field to the field’s value', async () => {
    harness = await startHarness({ pitch: PITCH, withForm: true, customFields: { project_name: 'Grant Desk', details: 'Runs offline on every desktop.' } })
    const ben = await harness.teammate('Ben')
    const value = 'Runs offline on every desktop.'
    const data = await ben.call('reviews.addThread', {
      draftId: harness.draft.id,
      anchor: { target: 'field', field: 'details', quote: quote(value, 'every desktop') },
      body: 'Be precise.',
      suggestion: 'Linux, macOS and Windows',
    })
    const threadId = data.threads[0]!.id
    await act(() => useReview.getState().refresh())
    render(<ReviewPanel />)
    const card = screen.getByTestId(`thread-${threadId}`)
    expect(card.querySelector('.thread-place')!.textContent).toBe('On field: Details')
    expect(card.querySelector('blockquote')!.textContent).toBe('every desktop')
    await userEvent.click(within(card).getByRole('button', { name: 'Apply' }))
    // Applied, so resolved: the card moves to the Resolved group.
    await waitFor(() => expect(screen.getByTestId(`thread-${threadId}`).querySelector('.suggestion-decision')?.textContent).toBe('Applied by Ada'))
    expect(useEditor.getState().customFields).toEqual({ project_name: 'Grant Desk', details: 'Runs offline on Linux, macOS and Windows.' })
  })
})
