// @vitest-environment jsdom
/**
 * The Review panel and the margin beside the pitch, on threads a teammate wrote through a real
 * core: grouped Open / Outdated / Resolved, in pitch order, with their passages located in the
 * text on screen, so typing moves a thread's line and deleting its passage makes it outdated
 * (kept, with its quote) without anything being saved or read again.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { ReviewMargin } from '../../../../src/renderer/src/features/review/ReviewMargin'
import { ReviewPanel } from '../../../../src/renderer/src/features/review/ReviewPanel'
import { useReview } from '../../../../src/renderer/src/state/review'
import { type Harness, quoteAt, startHarness, until } from './harness'

const PITCH = [
  '# Fast tools', // 1
  '', // 2
  'We build fast tools for grant writers.', // 3
  '', // 4
  '## Budget', // 5
  '', // 6
  'We ask for 10,000 USDC over six months.', // 7
  '', // 8
  '## Team', // 9
  '', // 10
  'Ada and Ben, both long-time maintainers.', // 11
].join('\n')

function quote(text: string, exact: string) {
  const start = text.indexOf(exact)
  return quoteAt(text, start, start + exact.length)
}

/** Node's fs, outside the page's typings. */
const NODE_FS = 'node:fs'

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

/** The thread cards of a group (its section, found by its heading), as "heading | author | body". */
function cardsIn(group: HTMLElement): string[] {
  return within(group)
    .getAllByRole('article')
    .map((card) => {
      const heading = card.querySelector('.thread-place')!.textContent
      const author = card.querySelector('.comment-author')?.textContent ?? ''
      const body = card.querySelector('.comment-body')?.textContent ?? ''
      return `${heading} | ${author} | ${body}`
    })
}

function group(name: RegExp): HTMLElement {
  return screen.getByRole('heading', { name }).closest('section')!
}

function marginCards(): string[] {
  return within(screen.getByTestId('review-margin'))
    .getAllByRole('button')
    .map((button) => button.textContent!)
}

/** Serious and critical findings of axe (colour contrast needs a real layout engine: not in jsdom). */
async function seriousViolations(root: Element): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)
}

describe('Review panel', () => {
  it('groups threads open / outdated / resolved, in pitch order, located live in the text being typed', async () => {
    harness = await startHarness({ pitch: PITCH })
    const ben = await harness.teammate('Ben')
    const draftId = harness.draft.id
    const budget = await ben.call('reviews.addThread', {
      draftId,
      anchor: { target: 'pitch', quote: quote(PITCH, 'ask for 10,000 USDC over six months') },
      body: 'Is that enough?',
    })
    void budget
    await ben.call('reviews.addThread', {
      draftId,
      anchor: { target: 'pitch', quote: quote(PITCH, 'fast tools for grant writers') },
      body: 'Say **who** they are.\n<b>Name one.</b>',
    })
    const team = await ben.call('reviews.addThread', {
      draftId,
      anchor: { target: 'pitch', quote: quote(PITCH, 'long-time maintainers') },
      body: 'Link your profiles.',
    })
    const teamThread = team.threads.find((thread) => thread.body === 'Link your profiles.')!
    await ben.call('reviews.setResolved', { draftId, threadId: teamThread.id, resolved: true })
    await act(() => useReview.getState().refresh())

    render(
      <>
        <ReviewMargin />
        <ReviewPanel />
      </>,
    )

    expect(cardsIn(group(/^Open \(2\)$/))).toEqual(['Pitch line 3 | Ben | Say **who** they are.\n<b>Name one.</b>', 'Pitch line 7 | Ben | Is that enough?'])
    expect(screen.queryByRole('heading', { name: /^Outdated/ })).toBeNull()
    const resolved = screen.getByText('Resolved (1)').closest('details')!
    expect(resolved.open).toBe(false)
    expect(within(resolved).getByRole('article').textContent).toContain('Resolved by Ben')
    expect(within(resolved).getByRole('button', { name: 'Reopen' })).toBeTruthy()
    // The body is text: its line break is kept, nothing in it is read as Markdown or HTML.
    const panel = screen.getByTestId('review-panel')
    expect(panel.querySelector('.comment-body b, .comment-body strong')).toBeNull()
    expect(marginCards()).toEqual(['Ben · pitch line 3Say **who** they are.', 'Ben · pitch line 7Is that enough?'])

    // Two lines typed above both passages, and the budget sentence rewritten from scratch: not saved, not re-read.
    const edited = `# Fast tools\n\nA new opening line.\n\n${PITCH.slice(PITCH.indexOf('We build')).replace('We ask for 10,000 USDC over six months.', 'We will say later.')}`
    act(() => useEditor.getState().setPitch(edited))

    await waitFor(() => expect(screen.getByRole('heading', { name: /^Open \(1\)$/ })).toBeTruthy())
    expect(cardsIn(group(/^Open \(1\)$/))).toEqual(['Pitch line 5 | Ben | Say **who** they are.\n<b>Name one.</b>'])
    const outdated = group(/^Outdated \(1\)$/)
    expect(cardsIn(outdated)).toEqual(['Was pitch line 7 | Ben | Is that enough?'])
    // Kept with the quote it was written on.
    expect(outdated.querySelector('blockquote')!.textContent).toBe('ask for 10,000 USDC over six months')
    expect(within(outdated).getByText('Outdated', { selector: '.badge' })).toBeTruthy()
    expect(marginCards()).toEqual(['Ben · pitch line 5Say **who** they are.', 'Ben · was pitch line 7OutdatedIs that enough?'])
    expect(useEditor.getState().saveState).not.toBe('saved')

    // Every control has a name, and the open Resolved group too.
    await userEvent.click(screen.getByText('Resolved (1)'))
    expect(await seriousViolations(document.body)).toEqual([])
    const names = screen.getAllByRole('button').map((button) => button.textContent)
    expect(names).toContain('Comment on the whole draft')
    expect(names).toContain('Reopen')
  })

  it('lists record files that could not be read, with the reason, and says they are left alone', async () => {
    harness = await startHarness({ pitch: PITCH })
    // A teammate's file that is not a record (a bad merge, a hand edit), written as a sync tool would.
    const fs = (await import(/* @vite-ignore */ NODE_FS)) as {
      mkdirSync(path: string, options: { recursive: true }): void
      writeFileSync(path: string, text: string): void
    }
    const folder = `${harness.folder}/${harness.draft.id}.reviews`
    fs.mkdirSync(folder, { recursive: true })
    fs.writeFileSync(`${folder}/20260301T120000000Z-0badf00d.yaml`, 'kind: [not yaml\n')
    await act(() => useReview.getState().refresh())
    render(<ReviewPanel />)
    const notice = screen.getByTestId('review-unreadable')
    expect(notice.textContent).toContain('One review file could not be read. They are kept untouched; fix or delete the file by hand.')
    expect(notice.querySelector('li')!.textContent).toMatch(/^20260301T120000000Z-0badf00d\.yaml: .*not valid YAML \(line 2\)/)
  })

  it('keeps the review while the draft cannot be read again, says it may be out of date, and clears that once a read works', async () => {
    harness = await startHarness({ pitch: PITCH })
    const fs = (await import(/* @vite-ignore */ NODE_FS)) as {
      readdirSync(path: string): string[]
      readFileSync(path: string, encoding: 'utf8'): string
      writeFileSync(path: string, text: string): void
    }
    const ben = await harness.teammate('Ben')
    await ben.call('reviews.addThread', { draftId: harness.draft.id, anchor: { target: 'draft' }, body: 'Add a timeline.' })
    await act(() => useReview.getState().refresh())
    render(<ReviewPanel />)
    expect(screen.getByText('Add a timeline.')).toBeTruthy()

    // The draft's file half-written, as a sync's merge leaves it for a moment (here: for good).
    const file = `${harness.folder}/${fs.readdirSync(harness.folder).find((name) => name.endsWith('.md'))!}`
    const saved = fs.readFileSync(file, 'utf8')
    fs.writeFileSync(file, saved.slice(0, saved.indexOf('\n', 10)))
    // The re-read the change sends fails, then the store's own new try: the panel says so.
    await until(() => screen.queryByText(/The review below may be out of date: it could not be read again\./) !== null, 10_000)
    const notice = screen.getByText(/may be out of date/).closest('.notice')!
    expect(notice.getAttribute('role')).toBe('alert')
    expect(within(notice as HTMLElement).getByRole('button', { name: 'Read it again' })).toBeTruthy()
    expect(screen.getByText('Add a timeline.')).toBeTruthy()

    fs.writeFileSync(file, saved)
    await until(() => screen.queryByText(/may be out of date/) === null, 10_000)
    expect(screen.getByText('Add a timeline.')).toBeTruthy()
  })

  it('shows a teammate’s comment as it arrives, without reloading, and says so once, politely', async () => {
    harness = await startHarness({ pitch: PITCH })
    render(<ReviewPanel />)
    const live = screen.getByTestId('review-announcement')
    expect(live.getAttribute('role')).toBe('status')
    expect(live.textContent).toBe('')

    // My own comment is not announced.
    await userEvent.click(screen.getByRole('button', { name: 'Comment on the whole draft' }))
    expect(useReview.getState().composing?.anchor).toEqual({ target: 'draft' })
    await act(async () => {
      await useReview.getState().addThread({ anchor: { target: 'draft' }, body: 'My own note.' })
    })
    expect(live.textContent).toBe('')

    const ben = await harness.teammate('Ben')
    await ben.call('reviews.addThread', {
      draftId: harness.draft.id,
      anchor: { target: 'pitch', quote: quote(PITCH, 'fast tools for grant writers') },
      body: 'Which writers?',
    })
    // Through the folder watcher's drafts.changed, as a synced folder would bring it.
    await until(() => screen.queryByText('Which writers?') !== null, 10_000)
    expect(live.textContent).toBe('New comment from Ben')
    // Read again by itself: nobody asked for it.
    expect(harness.calls.filter((call) => call.channel === 'reviews.get').length).toBeGreaterThan(0)
  })
})
