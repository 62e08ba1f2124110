// @vitest-environment jsdom
/**
 * "Check links" in the editor's checklist, on a real core and a real local server (issue 33):
 * the button asks the links of the text as typed, and the dead one becomes a checklist finding
 * at its line; a save asks nothing unless the applicant turned the setting on.
 */
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DraftEditor } from '../../../../src/renderer/src/features/editor/DraftEditor'
import { useEditorSide } from '../../../../src/renderer/src/state/editor'
import { useSettings } from '../../../../src/renderer/src/state/settings'
import { type Harness, startHarness } from '../review/harness'

/**
 * The local server (test/support/link-server.ts) is Node code outside the renderer's TypeScript
 * project: loaded at run time by a path the type checker does not follow, as the harness loads
 * the core, and typed here by what is used.
 */
interface LinkServer {
  url: string
  requests: string[]
  close(): Promise<void>
}
const LINK_SERVER = '../../../support/link-server'

let server: LinkServer
let harness: Harness | null = null
beforeAll(async () => {
  const { startLinkServer } = (await import(/* @vite-ignore */ LINK_SERVER)) as { startLinkServer(): Promise<LinkServer> }
  server = await startLinkServer()
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

const pitch = () => `# Fast tools\n\n## Team\n\n- Ada: [ada-l’s profile](${server.url}/missing), [site](${server.url}/ok)\n`

async function openEditor(): Promise<HTMLTextAreaElement> {
  harness = await startHarness({ pitch: pitch() })
  render(<DraftEditor id={harness.draft.id} />)
  return (await screen.findByRole('textbox', { name: 'Pitch (Markdown)' })) as HTMLTextAreaElement
}

const linkFindings = () => (useEditorSide.getState().checklist?.findings ?? []).filter((f) => f.ruleId === 'links-answer')

describe('Check links', () => {
  it('asks the links and shows the dead one as a finding at its line', async () => {
    await openEditor()
    const before = server.requests.length
    expect(linkFindings()).toEqual([])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check links', hidden: true }))
    await waitFor(() => expect(screen.getByTestId('link-check-status').textContent).toBe('2 links checked: 1 dead.'))
    await waitFor(() => expect(linkFindings().map((f) => [f.severity, f.line, f.message])).toHaveLength(1))
    expect(linkFindings().map((f) => [f.severity, f.line, f.message])).toEqual([
      ['warning', 5, `The link to ada-l’s profile answers 404 (${server.url}/missing).`],
    ])
    expect(server.requests.slice(before).sort()).toEqual(['HEAD /missing', 'HEAD /ok'])
  })

  it('asks nothing on a save unless the setting is on, then on each explicit save', async () => {
    const textarea = await openEditor()
    const user = userEvent.setup()
    await user.click(textarea)
    await user.keyboard('{Control>}{End}{/Control} More.{Control>}s{/Control}')
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Saved'))
    expect(harness!.calls.filter((c) => c.channel === 'links.check')).toEqual([])

    expect(await useSettings.getState().update({ checkLinksOnSave: true })).toBeNull()
    await user.keyboard(' Again.{Control>}s{/Control}')
    await waitFor(() => expect(harness!.calls.filter((c) => c.channel === 'links.check')).toHaveLength(1))
    await waitFor(() => expect(linkFindings()).toHaveLength(1))
  })
})
