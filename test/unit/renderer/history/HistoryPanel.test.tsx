/**
 * The History panel as the applicant uses it: the list with its badges and size changes, the
 * reason when history is unavailable, a comparison that shows the words removed and added
 * (inline and side by side, and the fields), and restores that save first and then send the
 * editor's version. The app's stores run on a fake bridge (fakeBridge.ts).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useEditor } from '../../../../src/renderer/src/features/editor/editorSlice'
import { HistoryPanel, sizeChangeText, versionBadges } from '../../../../src/renderer/src/features/history/HistoryPanel'
import { useHistory } from '../../../../src/renderer/src/features/history/historySlice'
import type { Draft } from '../../../../src/shared/ipc'
import { DRAFT_ID, V1, V2, type Call, draft, installBridge, texts, version } from './fakeBridge'

const FIRST = '# Pitch\n\nFirst version of the tool.\n\n## Budget\n\nTen.\n'
const SECOND = '# Pitch\n\nSecond version of the tool.\n\n## Budget\n\nTwenty.\n'
const v1 = version(V1, { source: 'explicit', summary: 'first version', sizeChange: null, time: '2026-01-01T10:00:00.000Z' })
const v2 = version(V2, { source: 'external', sent: true, summary: 'changed Pitch', sizeChange: -40, savedBy: null, time: '2026-01-01T11:00:00.000Z' })

async function openEditor(current: Draft): Promise<void> {
  await act(() => useEditor.getState().open(current.id))
}

describe('History panel', () => {
  let calls: Call[]
  let onDisk: Draft

  beforeEach(() => {
    onDisk = draft(SECOND, 'b')
    calls = installBridge({
      'drafts.get': () => onDisk,
      'drafts.save': (input: { pitch: string; customFields: Record<string, string> }) => (onDisk = { ...onDisk, pitch: input.pitch, customFields: input.customFields, version: 'c'.repeat(64) }),
      'history.list': () => ({ available: true, reason: null, versions: [v2, v1] }),
      'history.get': (input: { versionId: string }) =>
        input.versionId === V1 ? texts(FIRST, { project_name: 'Tracekit' }, v1) : texts(SECOND, { project_name: 'Tracekit 2' }, v2),
      'history.restore': () => (onDisk = { ...draft(FIRST, 'd') }),
    })
  })
  afterEach(() => {
    useHistory.getState().close()
    useEditor.getState().leave()
  })

  it('words size changes and badges', () => {
    expect(sizeChangeText(120)).toBe('+120 chars')
    expect(sizeChangeText(-40)).toBe('−40 chars')
    expect(sizeChangeText(null)).toBe('first version')
    expect(versionBadges(v1)).toEqual(['saved'])
    expect(versionBadges(v2)).toEqual(['from the shared folder', 'sent'])
    expect(versionBadges(version(V1, { source: 'restore' }))).toEqual(['restored'])
  })

  it('lists the versions newest first with who, size change, summary and badges', async () => {
    await openEditor(onDisk)
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    expect(items).toHaveLength(2)
    expect(items[0]!.textContent).toContain('unknown')
    expect(items[0]!.textContent).toContain('−40 chars')
    expect(items[0]!.textContent).toContain('changed Pitch')
    expect(items[0]!.textContent).toContain('from the shared folder')
    expect(items[0]!.textContent).toContain('sent')
    expect(items[1]!.textContent).toContain('Ada')
    expect(items[1]!.textContent).toContain('saved')
    expect(calls.filter((c) => c.channel === 'history.list')[0]!.input).toEqual({ draftId: DRAFT_ID })
  })

  it('says why history is unavailable', async () => {
    installBridge({
      'drafts.get': () => onDisk,
      'history.list': () => ({ available: false, reason: 'the data folder is read-only.', versions: [] }),
    })
    await openEditor(onDisk)
    render(<HistoryPanel />)
    expect((await screen.findByTestId('history-unavailable')).textContent).toContain('History is unavailable: the data folder is read-only.')
    expect(screen.getByTestId('history-unavailable').textContent).toContain('Saving the draft still works.')
  })

  it('compares a version with the current text, inline and side by side, fields included', async () => {
    await openEditor(onDisk)
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Compare/ }))
    const inline = await screen.findByTestId('history-diff-inline')
    expect([...inline.querySelectorAll('del')].map((e) => e.textContent)).toEqual(['First', 'Ten'])
    expect([...inline.querySelectorAll('ins')].map((e) => e.textContent)).toEqual(['Second', 'Twenty'])
    expect(inline.textContent).toContain('[removed: First]')
    expect(screen.getByText(/fields are the same/)).toBeTruthy()

    fireEvent.click(screen.getByLabelText('Side by side'))
    const side = screen.getByTestId('history-diff-side')
    expect(within(side).getByRole('group', { name: 'Before (A)' }).querySelectorAll('ins')).toHaveLength(0)
    expect(within(side).getByRole('group', { name: 'Before (A)' }).textContent).toContain('[removed: First] version of the tool.')
    expect(within(side).getByRole('group', { name: 'After (B)' }).textContent).toContain('[added: Second] version of the tool.')

    // Two versions: B is the later one, whose field changed.
    fireEvent.change(screen.getByLabelText('Version B'), { target: { value: V2 } })
    const fields = await screen.findByRole('list', { name: 'Changes to the fields' })
    expect(fields.textContent).toContain('project_name: removed: Tracekit → added: Tracekit 2')
  })

  it('restores a version after confirming: saves first, sends the editor version, shows the result', async () => {
    await openEditor(onDisk)
    render(<HistoryPanel />)
    act(() => useEditor.getState().setPitch('Unsaved words'))
    const items = await screen.findAllByTestId('history-version')
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Restore/ }))
    const dialog = screen.getByRole('alertdialog', { name: 'Restore this version?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }))
    await waitFor(() => expect(useEditor.getState().pitch).toBe(FIRST))
    const order = calls.map((c) => c.channel).filter((c) => c === 'drafts.save' || c === 'history.restore')
    expect(order).toEqual(['drafts.save', 'history.restore'])
    const saved = calls.find((c) => c.channel === 'drafts.save')!.input as { explicit?: boolean }
    expect(saved.explicit).toBeUndefined()
    expect(calls.find((c) => c.channel === 'history.restore')!.input).toEqual({ draftId: DRAFT_ID, versionId: V1, baseVersion: 'c'.repeat(64) })
    expect(await screen.findByText(/^Restored the version from/, { selector: '.notice' })).toBeTruthy()
  })

  it('restores one section of a version', async () => {
    await openEditor(onDisk)
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Compare/ }))
    const select = await screen.findByLabelText('Section of version A')
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'Pitch', 'Budget'])
    fireEvent.change(select, { target: { value: 'Budget' } })
    fireEvent.click(screen.getByRole('button', { name: 'Restore this section' }))
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Restore this section?' })).getByRole('button', { name: 'Restore' }))
    await waitFor(() => expect(calls.some((c) => c.channel === 'history.restore')).toBe(true))
    expect(calls.find((c) => c.channel === 'history.restore')!.input).toEqual({ draftId: DRAFT_ID, versionId: V1, baseVersion: 'b'.repeat(64), section: 'Budget' })
  })

  it('shows a refused restore as an error and keeps the text', async () => {
    installBridge({
      'drafts.get': () => onDisk,
      'history.list': () => ({ available: true, reason: null, versions: [v2, v1] }),
      'history.restore': () => ({ ok: false, error: { code: 'conflict', message: 'The draft changed since you opened it.' } }),
    })
    await openEditor(onDisk)
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Restore/ }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }))
    expect(await screen.findByText(/The draft changed since you opened it\./)).toBeTruthy()
    expect(useEditor.getState().pitch).toBe(SECOND)
  })

  it('offers no restore for a submitted draft', async () => {
    onDisk = draft(SECOND, 'b', 'submitted')
    await openEditor(onDisk)
    render(<HistoryPanel />)
    const items = await screen.findAllByTestId('history-version')
    expect(items[0]!.textContent).toContain('sent')
    expect(screen.queryByRole('button', { name: /^Restore/ })).toBeNull()
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Compare/ }))
    await screen.findByTestId('history-diff-inline')
    expect(screen.queryByLabelText('Section of version A')).toBeNull()
  })
})
