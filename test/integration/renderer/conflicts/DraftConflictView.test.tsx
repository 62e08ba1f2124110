// @vitest-environment jsdom
/**
 * Two people on one drafts folder editing one draft at once, through the app's own editor
 * (DraftEditor and its stores) on a real core, and a teammate's real core writing the same
 * folder: edits of different paragraphs merge without a question and the status line says so;
 * edits of the same paragraph open the conflict view, finished place by place into one saved
 * file without conflict markers.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { DraftEditor } from '../../../../src/renderer/src/features/editor/DraftEditor'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { type Harness, startHarness } from '../review/harness'

const PITCH = '# Fast tools\n\nWe build fast tools for grant writers.\n\n## Budget\n\nWe ask for 10,000 USDC.\n'

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

async function openEditor(withForm = false): Promise<HTMLTextAreaElement> {
  harness = await startHarness({ pitch: PITCH, withForm, ...(withForm ? { customFields: { project_name: 'Fast tools' } } : {}) })
  render(<DraftEditor id={harness.draft.id} />)
  return (await screen.findByRole('textbox', { name: 'Pitch (Markdown)' })) as HTMLTextAreaElement
}

/** A teammate's save of the same draft from the version both started at. */
async function teammateSaves(change: (pitch: string) => string, fields?: Record<string, string>): Promise<void> {
  const ben = await harness!.teammate('Ben')
  const draft = harness!.draft
  await ben.call('drafts.save', { id: draft.id, pitch: change(draft.pitch), customFields: fields ?? draft.customFields, baseVersion: draft.version })
}

async function onDisk() {
  return harness!.app.call('drafts.get', { id: harness!.draft.id })
}

describe('two people editing one draft at once', () => {
  it('merges edits of different paragraphs with no dialog, and the status line says so with a link to the changes', async () => {
    const textarea = await openEditor()
    await teammateSaves((pitch) => pitch.replace('10,000 USDC', '12,000 USDC'))
    const user = userEvent.setup()
    await user.click(textarea)
    textarea.setSelectionRange(0, 0)
    act(() => useEditor.getState().setPitch(PITCH.replace('fast tools for grant writers', 'fast tools for grant writers and reviewers')))
    await act(async () => {
      expect(await useEditor.getState().saveNow({ explicit: true })).toBe(true)
    })

    const merged = '# Fast tools\n\nWe build fast tools for grant writers and reviewers.\n\n## Budget\n\nWe ask for 12,000 USDC.\n'
    expect((await onDisk()).pitch).toBe(merged)
    await waitFor(() => expect(textarea.value).toBe(merged))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByTestId('save-state').textContent).toBe('Saved')
    const note = screen.getByTestId('merge-note')
    expect(note.textContent).toContain('Merged with changes saved elsewhere')
    await user.click(within(note).getByRole('button', { name: 'See what changed' }))
    expect(await screen.findByRole('tab', { name: /History/, selected: true })).toBeTruthy()
  })

  it('opens the conflict view for edits of one paragraph and one field, and saves the places as chosen', async () => {
    await openEditor(true)
    await teammateSaves((pitch) => pitch.replace('10,000 USDC', '12,000 USDC'), { project_name: 'Faster tools' })
    act(() => {
      useEditor.getState().setPitch(PITCH.replace('10,000 USDC', '9,000 USDC').replace('grant writers', 'grant writers everywhere'))
      useEditor.getState().setField('project_name', 'Fast tools 2')
    })
    await act(async () => {
      expect(await useEditor.getState().saveNow()).toBe(false)
    })

    const view = await screen.findByRole('alertdialog', { name: /Finish merging/ })
    // Nothing was written over the teammate's save meanwhile.
    expect((await onDisk()).pitch).toBe(PITCH.replace('10,000 USDC', '12,000 USDC'))
    const place = within(view).getByRole('group', { name: 'Pitch, place 1 of 1' })
    expect(within(place).getByTestId('conflict-mine').textContent).toContain('We ask for 9,000 USDC.')
    expect(within(place).getByTestId('conflict-theirs').textContent).toContain('We ask for 12,000 USDC.')
    const user = userEvent.setup()
    await user.click(within(place).getByRole('radio', { name: 'Edit' }))
    const own = within(place).getByRole('textbox', { name: 'Your text for this place' })
    await user.clear(own)
    await user.type(own, 'We ask for 11,000 USDC.\n')
    const field = within(view).getByRole('group', { name: 'Field “Project name”' })
    await user.click(within(field).getByRole('radio', { name: 'Take theirs' }))
    await user.click(within(view).getByRole('button', { name: 'Save the merged draft' }))

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Saved'))
    const saved = await onDisk()
    // The paragraph only I changed merged by itself; the budget is my own new words; the field theirs.
    expect(saved.pitch).toBe('# Fast tools\n\nWe build fast tools for grant writers everywhere.\n\n## Budget\n\nWe ask for 11,000 USDC.\n')
    expect(saved.customFields.project_name).toBe('Faster tools')
    expect(saved.pitch).not.toMatch(/^(<{7}|={7}|>{7})/m)
    expect(useEditor.getState().pitch).toBe(saved.pitch)
  })
})
