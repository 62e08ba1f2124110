// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { PitchEditor } from '../../../../src/renderer/src/features/editor/PitchEditor'

/** Serious and critical findings of axe (colour contrast needs a real layout engine: not in jsdom). */
async function seriousViolations(root: Element): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)
}

describe('PitchEditor', () => {
  it('names its textarea "Pitch (Markdown)" and leaves no serious axe finding', async () => {
    const { container } = render(<PitchEditor value={'# Problem\n\nText'} onChange={() => {}} />)
    const textarea = screen.getByRole('textbox', { name: 'Pitch (Markdown)' })
    expect(textarea.id).toBe('pitch-editor')
    expect((textarea as HTMLTextAreaElement).value).toBe('# Problem\n\nText')
    // Every toolbar button has a name of its own.
    const buttons = container.querySelectorAll('button')
    expect(buttons.length).toBeGreaterThan(0)
    for (const button of buttons) expect(button.getAttribute('aria-label')).toBeTruthy()
    expect(await seriousViolations(container)).toEqual([])
  })

  it('lets Tab and Shift+Tab move focus out of the pitch instead of indenting (no keyboard trap)', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(
      <>
        <PitchEditor value={'# Problem\n\nText'} onChange={onChange} />
        <button type="button">After the pitch</button>
      </>,
    )
    const textarea = screen.getByRole('textbox', { name: 'Pitch (Markdown)' }) as HTMLTextAreaElement

    await user.click(textarea)
    expect(document.activeElement).toBe(textarea)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After the pitch' }))

    await user.click(textarea)
    await user.tab({ shift: true })
    expect(document.activeElement).not.toBe(textarea)
    expect(document.activeElement?.tagName).toBe('BUTTON')

    expect(textarea.value).toBe('# Problem\n\nText')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('shows only a focusable, named preview when read-only', async () => {
    const { container } = render(<PitchEditor value={'# Problem\n\nText'} onChange={() => {}} readOnly />)
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(container.querySelectorAll('button').length).toBe(0)
    const preview = screen.getByRole('region', { name: 'Pitch as submitted' })
    expect(preview.getAttribute('tabindex')).toBe('0')
    // Below the editor's h2 "Pitch", the pitch's h1 is an h3.
    expect(preview.querySelector('h1')).toBeNull()
    expect(preview.querySelector('h3')?.textContent).toBe('Problem')
    expect(await seriousViolations(container)).toEqual([])
  })

  it('keeps the live preview to the pauses in typing, and shows a text given from outside at once', async () => {
    const user = userEvent.setup()
    let replace: (text: string) => void = () => {}
    function Bound() {
      const [text, setText] = useState('# Problem\n\nText')
      replace = setText
      return <PitchEditor value={text} onChange={setText} />
    }
    render(<Bound />)
    await user.click(screen.getByRole('button', { name: 'Split (Ctrl+8)' }))
    const preview = screen.getByRole('region', { name: 'Pitch preview' })
    const textarea = screen.getByRole('textbox', { name: 'Pitch (Markdown)' }) as HTMLTextAreaElement
    expect(preview.textContent).toContain('Text')

    await user.click(textarea)
    await user.keyboard('{Control>}{End}{/Control} typed on')
    expect(textarea.value).toBe('# Problem\n\nText typed on')
    // Not parsed again at every keystroke: the preview follows once typing pauses.
    expect(preview.textContent).not.toContain('typed on')
    await waitFor(() => expect(preview.textContent).toContain('Text typed on'))

    act(() => replace('# Other\n\nFrom elsewhere'))
    expect(textarea.value).toBe('# Other\n\nFrom elsewhere')
    expect(preview.textContent).toContain('From elsewhere')
  })
})
