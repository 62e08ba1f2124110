// @vitest-environment jsdom
/**
 * Commenting on text, in the whole draft editor against a real core: the Comment button (marked
 * disabled until something in the pitch is selected), the toolbar's Comment in place of the
 * library's HTML comment, Ctrl+Alt+M, a field's Comment, and the composer with its suggested
 * replacement. A card in the margin then takes the applicant back to the passage.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { DraftEditor } from '../../../../src/renderer/src/features/editor/DraftEditor'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { type Harness, startHarness } from './harness'

const PITCH = '# Tools\n\nWe build fast tools for grant writers.\n\n## Budget\n\nWe ask for 10,000 USDC.'

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

async function openEditor(h: Harness) {
  render(<DraftEditor id={h.draft.id} />)
  return (await screen.findByRole('textbox', { name: 'Pitch (Markdown)' })) as HTMLTextAreaElement
}

/** Selects `exact` in the textarea as a person would, and lets the page hear of it. */
function select(textarea: HTMLTextAreaElement, exact: string) {
  const start = textarea.value.indexOf(exact)
  act(() => {
    textarea.focus()
    textarea.setSelectionRange(start, start + exact.length)
    document.dispatchEvent(new Event('selectionchange'))
  })
}

async function seriousViolations(root: Element): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)
}

describe('Comment command', () => {
  it('comments on the selected passage with a suggested replacement, and the margin leads back to it', async () => {
    harness = await startHarness({ pitch: PITCH })
    const user = userEvent.setup()
    const textarea = await openEditor(harness)
    const button = screen.getByTestId('comment-button')
    expect(button.textContent).toBe('Comment')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+Alt+M Meta+Alt+M')
    // The library's "Insert comment" (an HTML comment, sent with the pitch) is gone; the review's is in its place.
    expect(screen.queryByRole('button', { name: /Insert comment/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Comment (Ctrl+Alt+M)' })).toBeTruthy()

    select(textarea, 'fast tools')
    // Read once after the burst of selection events (not in each, which would force a layout per keystroke).
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull())
    await user.click(button)

    const composer = screen.getByRole('dialog', { name: 'Comment on the pitch, line 3' })
    expect(composer.querySelector('blockquote')!.textContent).toBe('fast tools')
    expect(await seriousViolations(document.body)).toEqual([])
    await user.type(within(composer).getByRole('textbox', { name: 'Comment' }), 'Faster than what?')
    await user.click(within(composer).getByRole('checkbox', { name: 'Suggest a replacement' }))
    const replacement = within(composer).getByRole('textbox', { name: 'Replacement text' }) as HTMLTextAreaElement
    expect(replacement.value).toBe('fast tools')
    await user.clear(replacement)
    await user.type(replacement, 'quick, simple tools')
    await user.click(within(composer).getByRole('button', { name: 'Add comment' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const [added] = harness.calls.filter((call) => call.channel === 'reviews.addThread').map((call) => call.input)
    expect(added).toEqual({
      draftId: harness.draft.id,
      anchor: { target: 'pitch', quote: { exact: 'fast tools', prefix: '# Tools\n\nWe build ', suffix: ' for grant writers.\n\n## Budget\n\n', line: 3 } },
      body: 'Faster than what?',
      suggestion: 'quick, simple tools',
    })
    const margin = screen.getByTestId('review-margin')
    const card = within(margin).getByRole('button', { name: /Faster than what\?/ })
    expect(card.textContent).toBe('Ada · pitch line 3SuggestionFaster than what?')
    expect(await seriousViolations(document.body)).toEqual([])

    // Back to the passage from its card.
    act(() => textarea.setSelectionRange(0, 0))
    await user.click(card)
    expect(document.activeElement).toBe(textarea)
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('fast tools')
  })

  it('opens the composer with Ctrl+Alt+M and from the toolbar, and says what to select when nothing is', async () => {
    harness = await startHarness({ pitch: PITCH })
    const user = userEvent.setup()
    const textarea = await openEditor(harness)

    act(() => textarea.setSelectionRange(0, 0))
    fireEvent.keyDown(textarea, { key: 'm', code: 'KeyM', ctrlKey: true, altKey: true })
    const hint = screen.getByText(/^Select text in the pitch first/)
    expect(hint.getAttribute('role')).toBe('alert')
    expect(hint.textContent).toBe('Select text in the pitch first, then choose Comment (Ctrl+Alt+M).')
    expect(screen.queryByRole('dialog')).toBeNull()

    select(textarea, '10,000 USDC')
    // The hint goes once there is a selection (read after the selection events settle).
    await waitFor(() => expect(screen.queryByText(/Select text in the pitch first/)).toBeNull())
    fireEvent.keyDown(textarea, { key: 'µ', code: 'KeyM', metaKey: true, altKey: true })
    const byKey = screen.getByRole('dialog', { name: 'Comment on the pitch, line 7' })
    expect(byKey.querySelector('blockquote')!.textContent).toBe('10,000 USDC')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()

    select(textarea, '\nWe build fast ')
    await user.click(screen.getByRole('button', { name: 'Comment (Ctrl+Alt+M)' }))
    // White space at the ends of a selection is not part of the quote.
    expect(screen.getByRole('dialog', { name: 'Comment on the pitch, line 3' }).querySelector('blockquote')!.textContent).toBe('We build fast')
  })

  it('comments on a field: on its selected words, or on the whole field', async () => {
    harness = await startHarness({ pitch: PITCH, withForm: true, customFields: { project_name: 'Grant Desk', details: 'Runs offline everywhere.' } })
    const user = userEvent.setup()
    await openEditor(harness)
    // The form is a tab beside the pitch.
    await user.click(screen.getByRole('tab', { name: 'Fields' }))

    await user.click(screen.getByRole('button', { name: 'Comment on Project name' }))
    const whole = screen.getByRole('dialog', { name: 'Comment on field Project name (the whole field)' })
    expect(whole.querySelector('blockquote')).toBeNull()
    expect(within(whole).queryByRole('checkbox', { name: 'Suggest a replacement' })).toBeNull()
    await user.type(within(whole).getByRole('textbox', { name: 'Comment' }), 'Is this the final name?')
    await user.click(within(whole).getByRole('button', { name: 'Add comment' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Comment on Project name (1 open)' }).textContent).toBe('Comment (1)')

    const details = screen.getByRole('textbox', { name: 'Details' }) as HTMLTextAreaElement
    act(() => {
      details.focus()
      details.setSelectionRange(5, 12)
    })
    await user.click(screen.getByRole('button', { name: 'Comment on Details' }))
    const part = screen.getByRole('dialog', { name: 'Comment on field Details' })
    expect(part.querySelector('blockquote')!.textContent).toBe('offline')
    await user.type(within(part).getByRole('textbox', { name: 'Comment' }), 'And online?')
    await user.click(within(part).getByRole('button', { name: 'Add comment' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const panel = screen.getByTestId('review-panel')
    const places = [...panel.querySelectorAll('.thread-place')].map((node) => node.textContent)
    expect(places).toEqual(['On field: Project name', 'On field: Details'])
    expect(useEditor.getState().customFields).toEqual({ project_name: 'Grant Desk', details: 'Runs offline everywhere.' })
  })
})
