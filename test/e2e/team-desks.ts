/**
 * A team on one shared drafts folder, as the two-host e2e specs meet it: one Grant Desk per
 * teammate (a browser host each, on its own core), all writing to one folder as laptops on a
 * synced folder do, and a draft the first teammate wrote. The specs differ in what the team then
 * does, not in how it is set up.
 */
import { type Page, expect, test } from '@playwright/test'
import { type HostStack, assertBuilt, startHostStack } from '../support/browser-host'
import { IDS, tempDir } from '../support/service'
import { assertChromium, openScreen, screensFixture } from './support'

/** A short pitch with a problem and a budget: the passages the team specs comment on and edit. */
export const TRACEKIT_PITCH = [
  '# Tracekit',
  '',
  '## Problem',
  '',
  'Wallet developers cannot see why a transaction failed.',
  '',
  '## Budget',
  '',
  'We ask for 40,000 USD over six months.',
  '',
].join('\n')

export interface TeamDraft {
  folder: string
  /** One host per teammate (two or more), in the order they were named; the first wrote the draft (with `allWrote`, all did). */
  desks: [HostStack, HostStack, ...HostStack[]]
  draft: { id: string; path: string }
}

/**
 * Starts one host per teammate (`names`: their reviewer names; undefined for one who has not set
 * a name yet) before the spec's first test, has the first create the draft of the open grant
 * with `pitch`, and disposes of them all after the last test. Returns the getter the tests read
 * the team through.
 */
export function useTeamDraft(options: {
  prefix: string
  names: [string | undefined, string | undefined, ...(string | undefined)[]]
  pitch?: string
  /**
   * Every teammate wrote the draft, not only the first: the first creates it and each other one
   * saves `pitch` in turn (a field changed at each, so every save is a change), so all are its
   * authors and all edit it.
   * Without it the others did not write it, and open it in Suggesting mode.
   */
  allWrote?: boolean
}): () => TeamDraft {
  let team: TeamDraft | undefined
  let desks: HostStack[] = []
  test.beforeAll(async ({}, testInfo) => {
    assertChromium(testInfo)
    assertBuilt()
    const folder = tempDir(options.prefix)
    for (const name of options.names) {
      desks.push(await startHostStack({ fixture: screensFixture(), draftsFolder: folder, ...(name === undefined ? {} : { reviewerName: name }) }))
    }
    const writer = desks[0]!
    const created = await writer.core.dispatch('drafts.create', { grantId: IDS.open })
    if (!created.ok) throw new Error(created.error.message)
    const draft = created.value as { id: string; version: string; path: string }
    const savers = options.allWrote ? desks.slice(1) : [writer]
    let version = draft.version
    for (const [i, saver] of savers.entries()) {
      // Each save changes something (the template's pitch, then the field), so each saver is recorded as an author.
      const last = i === savers.length - 1
      const saved = await saver.core.dispatch('drafts.save', {
        id: draft.id,
        pitch: options.pitch ?? TRACEKIT_PITCH,
        customFields: { project_name: last ? 'Tracekit' : `Tracekit ${i + 1}` },
        baseVersion: version,
      })
      if (!saved.ok) throw new Error(saved.error.message)
      version = (saved.value as { version: string }).version
    }
    if (options.allWrote) {
      // Each author record is written by its own app just after its save: all are on disk before a page opens the draft.
      const named = options.names.filter((name): name is string => name !== undefined).sort()
      await expect
        .poll(async () => {
          const opened = await writer.core.dispatch('drafts.get', { id: draft.id })
          return opened.ok ? [...((opened.value as { authorship?: { authors: string[] } }).authorship?.authors ?? [])].sort() : null
        })
        .toEqual(named)
    }
    team = { folder, desks: desks as TeamDraft['desks'], draft: { id: draft.id, path: draft.path } }
  })
  test.afterAll(async () => {
    await Promise.all(desks.map((desk) => desk.dispose()))
    desks = []
  })
  return () => {
    if (!team) throw new Error('The team of this spec file has not started.')
    return team
  }
}

/** Opens the team's draft from the Drafts screen of `desk`, once its pitch (`shows`) is in the editor. */
export async function openSharedDraft(page: Page, desk: HostStack, shows: RegExp = /Wallet developers/): Promise<void> {
  await page.goto(desk.pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await openScreen(page, 'Drafts')
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue(shows)
}

/** Selects a passage of the pitch in the editor, as a person dragging over it would. */
export async function selectInPitch(page: Page, text: string): Promise<void> {
  await page.getByLabel('Pitch (Markdown)').evaluate((element, passage) => {
    // A structural type: the e2e specs compile with Node's types, not the DOM's.
    const box = element as unknown as { value: string; focus(): void; setSelectionRange(start: number, end: number): void }
    const start = box.value.indexOf(passage)
    if (start < 0) throw new Error(`“${passage}” is not in the pitch`)
    box.focus()
    box.setSelectionRange(start, start + passage.length)
    const page = globalThis as unknown as { document: { dispatchEvent(event: Event): boolean } }
    page.document.dispatchEvent(new Event('selectionchange'))
  }, text)
}
