// @vitest-environment jsdom
/**
 * "Fit to the template" in the editor, over a real core and the sandbox service (../review/harness):
 * the grant's template comes from `grants.get`, the panel shows the template's sections beside
 * the pitch's, Apply saves the pitch as it was (History keeps it) and puts the fitted text in the
 * editor; a failing `grants.get` says why and changes nothing.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fitToTemplate } from '../../../../src/shared/checklist/fit'
import { FitTemplateButton, FitTemplatePlan } from '../../../../src/renderer/src/features/editor/FitTemplate'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { type Harness, startHarness } from '../history/historyHarness'

const PITCH = [
  '# Trace tool',
  '',
  '## Costs',
  '',
  'Development: 5,000 USD.',
  '',
  '## Motivation',
  '',
  'Wallet developers cannot see why a transaction failed.',
  '',
].join('\n')
/** The test fixture's template (test/support/service.ts): a title and "Problem statement". */
const FITTED = [
  '# Trace tool',
  '',
  '## Problem statement',
  '',
  'Wallet developers cannot see why a transaction failed.',
  '',
  '## Costs',
  '',
  'Development: 5,000 USD.',
  '',
].join('\n')

let harness: Harness | null = null
afterEach(async () => {
  cleanup()
  await harness?.dispose()
  harness = null
})

describe('Fit to the template', () => {
  it('shows the template’s sections beside the pitch’s, and Apply keeps the old version in History and puts the fitted text in the editor', async () => {
    const h = (harness = await startHarness({ pitch: PITCH }))
    render(<FitTemplateButton />)
    fireEvent.click(screen.getByRole('button', { name: 'Fit to the template' }))
    const dialog = await screen.findByRole('dialog', { name: 'Fit the pitch to the grant’s template' })
    const rows = within(dialog).getAllByTestId('fit-row')
    expect(rows.map((row) => row.textContent)).toEqual(['Problem statement“Motivation” (renamed)'])
    expect(within(dialog).getByTestId('fit-extras').textContent).toBe('“Costs”')
    expect(h.calls.filter((c) => c.channel === 'grants.get').map((c) => c.input)).toEqual([{ id: h.draft.grant.id }])

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }))
    })
    await waitFor(() => expect(useEditor.getState().pitch).toBe(FITTED))
    expect(screen.queryByRole('dialog')).toBeNull()
    // The version before the change is in History, saved by the applicant's own (explicit) save.
    const listed = await h.app.call('history.list', { draftId: h.draft.id })
    const texts = await Promise.all(listed.versions.map((v) => h.app.call('history.get', { draftId: h.draft.id, versionId: v.id })))
    expect(texts.map((t) => t.pitch)).toContain(PITCH)
  })

  it('says why when the grant cannot be read, and changes nothing', async () => {
    harness = await startHarness({ pitch: PITCH })
    const before = useEditor.getState().pitch
    render(
      <FitTemplateButton
        call={async () => ({ ok: false, error: { code: 'offline', message: 'The grant service cannot be reached and no copy of this grant is saved.' } })}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Fit to the template' }))
    expect(await screen.findByText(/no copy of this grant is saved/)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(useEditor.getState().pitch).toBe(before)
  })

  it('lists missing sections and headings that only grouped others', () => {
    const template = '# [Name]\n\n## Problem\n<!-- hint -->\n\n## Solution\n<!-- how -->\n\n## Team\n<!-- who -->\n'
    const pitch = '# X\n\n## Project Overview\n\n### Overview\n\nPeople wait.\n\n### Project Details\n\nA Rust daemon.\n'
    render(<FitTemplatePlan plan={fitToTemplate(pitch, template).plan} />)
    expect(screen.getAllByTestId('fit-row').map((row) => row.textContent)).toEqual([
      'Problem“Project Overview” (renamed)',
      'Solution“Project Details” (renamed)',
      'TeamMissing: added with the template’s guidance',
    ])
  })

  it('says when the template names no section', () => {
    render(<FitTemplatePlan plan={fitToTemplate('# X\n\nText.\n', 'Write freely.\n').plan} />)
    expect(screen.getByText(/has no headings/)).toBeTruthy()
  })
})
