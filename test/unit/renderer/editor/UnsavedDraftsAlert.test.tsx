// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { UnsavedDraftsAlert } from '../../../../src/renderer/src/features/editor/UnsavedDraftsAlert'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { useNavigation } from '../../../../src/renderer/src/state/app'

const LEFT = [
  { id: 'free-form-grant', title: 'Free-form grant', message: 'This draft is no longer in /drafts — it may have been moved or deleted outside Grant Desk.' },
  { id: 'open-grant-2', title: 'Open grant', message: 'The file was changed outside Grant Desk. Open the draft to choose which version to keep.' },
]

describe('UnsavedDraftsAlert', () => {
  afterEach(() => {
    act(() => useEditor.setState({ unsavedElsewhere: [] }))
    useNavigation.setState({ route: { name: 'grants' }, history: [] })
  })

  it('shows nothing while every left draft is saved', () => {
    const { container } = render(<UnsavedDraftsAlert />)
    expect(container.innerHTML).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('names each left draft whose changes were not saved, and opens it', async () => {
    const user = userEvent.setup()
    const { container } = render(<UnsavedDraftsAlert />)
    act(() => useEditor.setState({ unsavedElsewhere: LEFT }))

    const alert = screen.getByRole('alert')
    expect(alert.className).toBe('notice notice-error unsaved-drafts-alert')
    const items = [...alert.querySelectorAll('li')]
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      `Your changes to “Free-form grant” were not saved: ${LEFT[0]!.message}`,
      `Your changes to “Open grant” were not saved: ${LEFT[1]!.message}`,
    ])
    const buttons = screen.getAllByRole('button', { name: 'Open draft' })
    expect(buttons).toHaveLength(2)
    // Each button is described by the sentence about its own draft.
    expect(document.getElementById(buttons[1]!.getAttribute('aria-describedby') ?? '')?.textContent).toContain('“Open grant”')

    await user.click(buttons[1]!)
    expect(useNavigation.getState().route).toEqual({ name: 'draft', id: 'open-grant-2' })

    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  })
})
