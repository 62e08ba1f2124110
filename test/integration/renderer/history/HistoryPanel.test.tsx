// @vitest-environment jsdom
/**
 * The History panel as the applicant uses it, over a real core (../review/harness): the list of
 * the versions real saves kept, the reason when history cannot be kept (a file where the
 * history folder should be), a comparison that shows the words removed and added (inline and
 * side by side, and the fields by their form labels), and restores that save first and then
 * make a new version the editor shows.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { HistoryPanel, sizeChangeText, versionBadges } from '../../../../src/renderer/src/features/history/HistoryPanel'
import { useHistory } from '../../../../src/renderer/src/state/history'
import type { HistoryVersion } from '../../../../src/shared/ipc'
import { type Harness, blockHistoryFolder, saveVersion, startHarness } from './historyHarness'

const FIRST = '# Pitch\n\nFirst version of the tool.\n\n## Budget\n\nTen.\n'
const SECOND = '# Pitch\n\nSecond version of the tool.\n\n## Budget\n\nTwenty.\n'

let harness: Harness | null = null
afterEach(async () => {
  act(() => useHistory.getState().close())
  await harness?.dispose()
  harness = null
  // jsdom has none; a test that watches scrolling puts one in.
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
})

/** A draft created with FIRST (project "Tracekit"), then saved by the applicant as SECOND ("Tracekit 2"). */
async function twoVersions(): Promise<Harness> {
  harness = await startHarness({ pitch: FIRST, withForm: true, customFields: { project_name: 'Tracekit' } })
  await saveVersion(SECOND, { project_name: 'Tracekit 2' })
  harness.calls.length = 0
  return harness
}

function channels(h: Harness): string[] {
  return h.calls.map((c) => c.channel)
}

describe('History panel', () => {
  it('words size changes and badges', () => {
    const version = (partial: Partial<HistoryVersion>): HistoryVersion => ({
      id: '000001-aaaaaaaa',
      time: '2026-01-01T10:00:00.000Z',
      savedBy: 'Ada',
      source: 'save',
      sent: false,
      size: 10,
      sizeChange: null,
      summary: '',
      ...partial,
    })
    expect(sizeChangeText(120)).toBe('+120 chars')
    expect(sizeChangeText(-40)).toBe('−40 chars')
    expect(sizeChangeText(null)).toBe('first version')
    expect(versionBadges(version({ source: 'explicit' }))).toEqual(['saved'])
    expect(versionBadges(version({ source: 'external', sent: true }))).toEqual(['from the shared folder', 'sent'])
    expect(versionBadges(version({ source: 'restore' }))).toEqual(['restored'])
  })

  it('lists the versions the saves kept, newest first, with who and the size change', async () => {
    const h = await twoVersions()
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    const listed = await h.app.call('history.list', { draftId: h.draft.id })
    expect(listed.available).toBe(true)
    expect(items).toHaveLength(listed.versions.length)
    expect(items.length).toBeGreaterThanOrEqual(2)
    // Newest: the applicant's own save of SECOND; the pitch grew by "First" → "Second" and "Ten" → "Twenty".
    expect(listed.versions[0]!.source).toBe('explicit')
    expect(items[0]!.textContent).toContain('Ada')
    expect(items[0]!.textContent).toContain('saved')
    expect(items[0]!.textContent).toContain(sizeChangeText(SECOND.length - FIRST.length))
    expect(items[0]!.textContent).toContain('+4 chars')
    expect(items[0]!.textContent).toContain('changed Pitch, changed Budget, fields: Project name')
    expect(items.at(-1)!.textContent).toContain('first version')
    expect(h.calls.find((c) => c.channel === 'history.list')!.input).toEqual({ draftId: h.draft.id })
  })

  it('says why history is unavailable, and saving still works', async () => {
    harness = await startHarness({ pitch: FIRST })
    const path = await blockHistoryFolder(harness)
    await saveVersion(SECOND)
    render(<HistoryPanel />)
    const notice = await screen.findByTestId('history-unavailable')
    expect(notice.textContent).toContain('History is unavailable: Grant Desk cannot keep earlier versions of this draft')
    expect(notice.textContent).toContain(path)
    expect(notice.textContent).toContain('Saving the draft still works.')
    expect((await harness.app.call('drafts.get', { id: harness.draft.id })).pitch).toBe(SECOND)
    expect(screen.queryAllByTestId('history-version')).toHaveLength(0)
  })

  it('compares a version with the current text, inline and side by side, fields by label', async () => {
    const h = await twoVersions()
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    fireEvent.click(within(items.at(-1)!).getByRole('button', { name: /^Compare/ }))
    const inline = await screen.findByTestId('history-diff-inline')
    expect([...inline.querySelectorAll('del')].map((e) => e.textContent)).toEqual(['First', 'Ten'])
    expect([...inline.querySelectorAll('ins')].map((e) => e.textContent)).toEqual(['Second', 'Twenty'])
    expect(inline.textContent).toContain('[removed: First]')
    const fields = await screen.findByRole('list', { name: 'Changes to the fields' })
    expect(fields.textContent).toContain('Project name: removed: Tracekit → added: Tracekit 2')

    fireEvent.click(screen.getByLabelText('Side by side'))
    const side = screen.getByTestId('history-diff-side')
    expect(within(side).getByRole('group', { name: 'Before (A)' }).querySelectorAll('ins')).toHaveLength(0)
    expect(within(side).getByRole('group', { name: 'Before (A)' }).textContent).toContain('[removed: First] version of the tool.')
    expect(within(side).getByRole('group', { name: 'After (B)' }).textContent).toContain('[added: Second] version of the tool.')
    expect(channels(h)).toContain('history.get')
  })

  it('brings the comparison into view, and focus to it, when Compare is pressed: it is below the list', async () => {
    await twoVersions()
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    fireEvent.click(within(items.at(-1)!).getByRole('button', { name: /^Compare/ }))
    const diff = await screen.findByRole('region', { name: 'Changes between the versions' })
    await waitFor(() => expect(document.activeElement).toBe(diff))
    expect(scrolled).toContain(diff)
    expect(within(diff).getByTestId('history-diff-inline')).toBeTruthy()
  })

  it('brings what a restore did into view, and focus to it: the Restore… pressed may be far down the list', async () => {
    const h = await twoVersions()
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    fireEvent.click(within(items.at(-1)!).getByRole('button', { name: /^Restore/ }))
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Restore this version?' })).getByRole('button', { name: 'Restore' }))
    const outcome = screen.getByTestId('history-restore-outcome')
    await waitFor(() => expect(document.activeElement).toBe(outcome))
    expect(outcome.textContent).toMatch(/^Restored the version from/)
    expect(scrolled).toContain(outcome)
    void h
  })

  it('restores a version after confirming: saves first, then a new version the editor shows', async () => {
    const h = await twoVersions()
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    const before = (await h.app.call('history.list', { draftId: h.draft.id })).versions
    act(() => useEditor.getState().setPitch('Unsaved words'))
    fireEvent.click(within(items.at(-1)!).getByRole('button', { name: /^Restore/ }))
    const dialog = screen.getByRole('alertdialog', { name: 'Restore this version?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }))
    await waitFor(() => expect(useEditor.getState().pitch).toBe(FIRST))
    expect(useEditor.getState().customFields.project_name).toBe('Tracekit')
    expect(channels(h).filter((c) => c === 'drafts.merge' || c === 'history.restore')).toEqual(['drafts.merge', 'history.restore'])
    const saved = h.calls.find((c) => c.channel === 'drafts.merge')!.input as { pitch: string; explicit?: boolean }
    expect(saved.pitch).toBe('Unsaved words')
    expect(saved.explicit).toBeUndefined()
    const restore = h.calls.find((c) => c.channel === 'history.restore')!.input as { versionId: string }
    expect(restore).toMatchObject({ draftId: h.draft.id, versionId: before.at(-1)!.id })
    expect(await screen.findByText(/^Restored the version from/, { selector: '.notice' })).toBeTruthy()
    const onDisk = await h.app.call('drafts.get', { id: h.draft.id })
    expect(onDisk.pitch).toBe(FIRST)
    const after = (await h.app.call('history.list', { draftId: h.draft.id })).versions
    expect(after[0]!.source).toBe('restore')
    expect(after.length).toBeGreaterThan(before.length)
  })

  it('restores one section of a version', async () => {
    const h = await twoVersions()
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    fireEvent.click(within(items.at(-1)!).getByRole('button', { name: /^Compare/ }))
    const select = await screen.findByLabelText('Section of version A')
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'Pitch', 'Budget'])
    fireEvent.change(select, { target: { value: 'Budget' } })
    fireEvent.click(screen.getByRole('button', { name: 'Restore this section' }))
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Restore this section?' })).getByRole('button', { name: 'Restore' }))
    const mixed = '# Pitch\n\nSecond version of the tool.\n\n## Budget\n\nTen.\n'
    await waitFor(() => expect(useEditor.getState().pitch).toBe(mixed))
    expect(h.calls.find((c) => c.channel === 'history.restore')!.input).toMatchObject({ draftId: h.draft.id, section: 'Budget' })
    expect((await h.app.call('drafts.get', { id: h.draft.id })).pitch).toBe(mixed)
  })
})
