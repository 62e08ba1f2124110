// @vitest-environment jsdom
/**
 * The conflict view as a new user met it (issue 32, item 7): it preselected "Take mine" for the
 * whole paragraph, so one click on its main button dropped a teammate's sentence that touched
 * nothing of mine; the differences were not marked; choosing Edit left focus on the radio
 * button, so typing went nowhere. Now each place starts as both changes merged word by word
 * (when they touch different words), the words that differ are marked, and Edit moves focus
 * into the text box.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConflictView } from '../../../../src/renderer/src/features/conflicts/ConflictView'
import { mergeWords, resolvedText, startResolution } from '../../../../src/renderer/src/features/conflicts/resolution'
import type { DraftConflict } from '../../../../src/shared/ipc'

const BASE = 'Ada Lovelace leads the work. We ask for 40,000 USD.\n'
const MINE = 'Ada Lovelace leads the work. We ask for 45,000 USD.\n'
const THEIRS = 'Ada Lovelace leads the work. She wrote the first program. We ask for 40,000 USD.\n'
const BOTH = 'Ada Lovelace leads the work. She wrote the first program. We ask for 45,000 USD.\n'

function conflict(base: string, ours: string, theirs: string): DraftConflict {
  return {
    source: 'sync',
    draftId: 'tracekit',
    title: 'Tracekit',
    theirAuthor: 'Ben',
    version: 'a'.repeat(64),
    pitch: {
      base: `# T\n\n${base}`,
      ours: `# T\n\n${ours}`,
      theirs: `# T\n\n${theirs}`,
      conflicted: true,
      hunks: [
        { kind: 'same', text: '# T\n\n' },
        { kind: 'conflict', base, ours, theirs },
      ],
    },
    fields: [],
    mergedFields: {},
  }
}

describe('the conflict view’s choices', () => {
  it('merges a place word by word when the sides changed different words, and not when they changed the same', () => {
    expect(mergeWords(BASE, MINE, THEIRS)).toBe(BOTH)
    expect(mergeWords(BASE, MINE, BASE.replace('40,000', '50,000'))).toBeNull()
    expect(mergeWords(null, MINE, THEIRS)).toBeNull()
    expect(resolvedText(conflict(BASE, MINE, THEIRS), startResolution(conflict(BASE, MINE, THEIRS))).pitch).toBe(`# T\n\n${BOTH}`)
  })

  it('preselects both changes, so the main button keeps the teammate’s sentence; marks what differs', async () => {
    const onFinish = vi.fn(async () => null)
    render(<ConflictView conflict={conflict(BASE, MINE, THEIRS)} onFinish={onFinish} onLater={() => {}} />)
    const place = screen.getByRole('group', { name: 'Pitch, place 1 of 1' })
    expect((within(place).getByRole('radio', { name: 'Take both' }) as HTMLInputElement).checked).toBe(true)
    expect(within(place).getByTestId('conflict-merged').textContent).toBe(BOTH)
    const marked = (testId: string) => [...within(place).getByTestId(testId).querySelectorAll('mark')].map((m) => m.textContent).join('|')
    expect(marked('conflict-mine')).toMatch(/^\s*45\s*$/)
    expect(marked('conflict-theirs')).toContain('She wrote the first program.')
    expect(marked('conflict-theirs')).toContain('40')
    expect(within(place).getByTestId('conflict-mine').textContent).toBe(MINE)
    expect(within(place).getByTestId('conflict-theirs').textContent).toBe(THEIRS)
    await userEvent.click(screen.getByRole('button', { name: 'Finish the merge' }))
    expect(onFinish).toHaveBeenCalledWith({ pitch: `# T\n\n${BOTH}`, customFields: {} })
  })

  it('starts from mine where the same words changed, and Edit moves focus into the text box with the text to change', async () => {
    const onFinish = vi.fn(async () => null)
    const theirs = BASE.replace('40,000', '50,000')
    render(<ConflictView conflict={conflict(BASE, MINE, theirs)} onFinish={onFinish} onLater={() => {}} />)
    const place = screen.getByRole('group', { name: 'Pitch, place 1 of 1' })
    expect(within(place).queryByRole('radio', { name: 'Take both' })).toBeNull()
    expect((within(place).getByRole('radio', { name: 'Take mine' }) as HTMLInputElement).checked).toBe(true)
    const user = userEvent.setup()
    await user.click(within(place).getByRole('radio', { name: 'Edit' }))
    const box = within(place).getByRole('textbox', { name: 'Your text for this place' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    await user.keyboard('{Control>}{End}{/Control} Typed.')
    await user.click(screen.getByRole('button', { name: 'Finish the merge' }))
    expect(onFinish).toHaveBeenCalledWith({ pitch: `# T\n\n${MINE} Typed.`, customFields: {} })
  })
})
