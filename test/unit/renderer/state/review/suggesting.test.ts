// @vitest-environment jsdom
/** Who is in Suggesting mode: the one rule the editor's header, its pitch and the review panel follow. */
import { afterEach, describe, expect, it } from 'vitest'
import { editModeFor, useSuggesting } from '../../../../../src/renderer/src/state/review/suggesting'

const AUTHORS = [{ name: 'Ada' }]

afterEach(() => window.localStorage.clear())

describe('editModeFor', () => {
  it('lets an author edit and submit, under any spelling of their name', () => {
    expect(editModeFor({ me: 'ＡＤＡ ', authors: AUTHORS, chosen: undefined })).toEqual({ mode: 'editing', author: true, chooser: null })
  })

  it('puts a teammate who did not write the draft in Suggesting, without Submit, with a choice', () => {
    expect(editModeFor({ me: 'Ben', authors: AUTHORS, chosen: undefined })).toEqual({ mode: 'suggesting', author: false, chooser: 'Ben' })
    expect(editModeFor({ me: 'Ben', authors: AUTHORS, chosen: 'editing' }).mode).toBe('editing')
  })

  it('edits as before without a name, for a draft with no recorded authors, or when nothing says who wrote it', () => {
    expect(editModeFor({ me: null, authors: AUTHORS, chosen: undefined }).mode).toBe('editing')
    expect(editModeFor({ me: '', authors: AUTHORS, chosen: undefined }).mode).toBe('editing')
    expect(editModeFor({ me: 'Ben', authors: [], chosen: undefined }).mode).toBe('editing')
    // Unknown authors is Editing, never a waiting state in which typing would be held back.
    expect(editModeFor({ me: 'Ben', authors: undefined, chosen: undefined })).toEqual({ mode: 'editing', author: true, chooser: null })
  })

  it('remembers the choice per reviewer name, in localStorage, and not for another name', () => {
    useSuggesting.getState().choose('ben', 'editing')
    expect(window.localStorage.getItem('grant-desk.edit-mode.ben')).toBe('editing')
    // A fresh window reads it back (no choice in memory).
    expect(editModeFor({ me: 'Ben', authors: AUTHORS, chosen: undefined }).mode).toBe('editing')
    expect(editModeFor({ me: 'Cleo', authors: AUTHORS, chosen: undefined }).mode).toBe('suggesting')
  })
})
