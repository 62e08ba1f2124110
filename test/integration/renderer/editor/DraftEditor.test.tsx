// @vitest-environment jsdom
/**
 * The draft editor on a real core: typing reaches the store at every keystroke, so a save made
 * right after typing (Ctrl+S, the autosave) writes every letter typed, although a keystroke
 * renders nothing; and a text from elsewhere (a restored version, a reload) replaces what was
 * typed, even when it is a text the editor showed before.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { DraftEditor } from '../../../../src/renderer/src/features/editor/DraftEditor'
import { useEditor, useEditorSide } from '../../../../src/renderer/src/state/editor'
import { type Harness, startHarness, until } from '../review/harness'

const PITCH = '# Fast tools\n\nWe build fast tools for grant writers.\n\n## Budget\n\nWe ask for 10,000 USDC.'

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

async function openEditor(): Promise<HTMLTextAreaElement> {
  harness = await startHarness({ pitch: PITCH })
  render(<DraftEditor id={harness.draft.id} />)
  const textarea = (await screen.findByRole('textbox', { name: 'Pitch (Markdown)' })) as HTMLTextAreaElement
  expect(textarea.value).toBe(PITCH)
  return textarea
}

async function pitchOnDisk(): Promise<string> {
  return (await harness!.app.call('drafts.get', { id: harness!.draft.id })).pitch
}

describe('DraftEditor', () => {
  it('saves every letter typed when Ctrl+S comes right after the last one', async () => {
    const textarea = await openEditor()
    const user = userEvent.setup()
    await user.click(textarea)
    await user.keyboard('{Control>}{End}{/Control}')
    await user.keyboard(' Typed in a hurry.{Control>}s{/Control}')

    const typed = `${PITCH} Typed in a hurry.`
    expect(textarea.value).toBe(typed)
    expect(useEditor.getState().pitch).toBe(typed)
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Saved'))
    expect(await pitchOnDisk()).toBe(typed)
    // Ctrl+S is the applicant's own save: the request says so, with all of the text.
    const saves = harness!.calls.filter((call) => call.channel === 'drafts.merge').map((call) => call.input as { pitch: string; explicit?: boolean })
    expect(saves.at(-1)).toMatchObject({ pitch: typed, explicit: true })
  })

  it('autosaves what was typed last once typing stops', async () => {
    const textarea = await openEditor()
    const user = userEvent.setup()
    await user.click(textarea)
    await user.keyboard('{Control>}{End}{/Control}')
    await user.keyboard('\n\nMore words.')
    expect(screen.getByTestId('save-state').textContent).toBe('Unsaved changes')

    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Saved'), { timeout: 3_000 })
    expect(await pitchOnDisk()).toBe(`${PITCH}\n\nMore words.`)
    expect(textarea.value).toBe(`${PITCH}\n\nMore words.`)
  })

  it('shows a text from elsewhere in place of what was typed, even one it showed before', async () => {
    const textarea = await openEditor()
    const user = userEvent.setup()
    await user.click(textarea)
    await user.keyboard('{Control>}{End}{/Control} saved')
    await until(() => useEditor.getState().saveState === 'saved')
    const saved = await harness!.app.call('drafts.get', { id: harness!.draft.id })
    expect(saved.pitch).toBe(`${PITCH} saved`)
    await user.keyboard(' unsaved')
    expect(textarea.value).toBe(`${PITCH} saved unsaved`)

    // The saved version comes back (as restoring it from the history does): the editor showed
    // exactly this text before the last words were typed, and shows it again.
    act(() => useEditor.getState().replaceWith(saved))
    expect(useEditor.getState().pitch).toBe(`${PITCH} saved`)
    expect(textarea.value).toBe(`${PITCH} saved`)

    // Typing goes on from there, and is saved.
    await user.keyboard(' again{Control>}s{/Control}')
    await until(() => useEditor.getState().saveState === 'saved')
    expect(await pitchOnDisk()).toBe(`${PITCH} saved again`)
    expect(textarea.value).toBe(`${PITCH} saved again`)
  })

  /** The checklist's TODO-placeholder finding is shown. */
  const placeholderShown = () =>
    (useEditorSide.getState().checklist?.findings ?? []).some((f) => f.ruleId === 'template-placeholder' && f.message.includes('TODO'))

  /**
   * Opens the editor, caret at the end, once the checklist is known to be fast: the first checks
   * of a draft parse it whole and warm the code up, so the speed of checks is learnt at the pauses
   * in typing that follow (three here, as the JIT takes a few runs). Returns the typist (a key
   * every 100 ms).
   */
  async function typistAfterWarmUp() {
    const textarea = await openEditor()
    await until(() => useEditorSide.getState().checklist !== null)
    expect(placeholderShown()).toBe(false)
    const user = userEvent.setup({ delay: 100 })
    await user.click(textarea)
    await user.keyboard('{Control>}{End}{/Control}')
    for (let pause = 0; pause < 3; pause++) {
      const before = useEditorSide.getState().checklist
      await user.keyboard('.')
      await until(() => useEditorSide.getState().checklist !== before)
    }
    return user
  }

  it('re-checks while typing goes on when the checklist is fast (a short pitch), without waiting for a pause', async () => {
    const user = await typistAfterWarmUp()
    // A key every 100 ms: the 250 ms pause never comes while the typing lasts.
    let typingDone = false
    const typing = user.keyboard(' TODO and then many more words typed slowly').then(() => {
      typingDone = true
    })
    await until(placeholderShown, 10_000)
    // Seen mid-typing: the checklist followed the keystrokes.
    expect(typingDone).toBe(false)
    await typing
  })

  it('checks a burst of keys typed faster than a frame once it ends, with its last key', async () => {
    await typistAfterWarmUp()
    // No delay between keys: the whole burst, up to its last letter, is what gets checked.
    await userEvent.setup({ delay: null }).keyboard(' and a TODO')
    await until(placeholderShown)
    expect(useEditor.getState().pitch.endsWith(' and a TODO')).toBe(true)
  })
})
