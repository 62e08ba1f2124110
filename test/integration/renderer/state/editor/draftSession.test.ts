// @vitest-environment jsdom
/**
 * The save queue of an open draft, against the real core: every save the session sends goes
 * through `core.dispatch('drafts.merge')` (a save that merges when the file changed elsewhere) of a real core (test/support/core.ts) over a real
 * drafts folder on disk, pointed at the real sandbox (HTTP, SQLite) that the drafts are
 * created from. Versions, conflicts and failures are the core's own answers, and the file on
 * disk is read back to see what was written.
 *
 * The only thing the test adds is a gate in front of the dispatch: it can hold a real save
 * before it reaches the core, so that the test types while that save is on its way, in a fixed
 * order. Fake timers replace only setTimeout/clearTimeout (the autosave debounce); file I/O and
 * HTTP run for real.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Draft, DraftsMergeOutput, IpcResult } from '../../../../../src/shared/ipc'
import { AUTOSAVE_DELAY_MS, DraftSession, type SaveDraft, type SaveRequest } from '../../../../../src/renderer/src/state/editor/draftSession'
import { startTestCore, type TestCore } from '../../../../support/core'
import { IDS, startTestService, testFixture, type TestService } from '../../../../support/service'

/**
 * The save function handed to the session: the real core's `drafts.merge` behind a gate.
 * While the gate is held, each save waits at it until the test releases it; saves are counted
 * from the moment the session sends them until their answer is back.
 */
function realSaves(app: TestCore) {
  const requests: SaveRequest[] = []
  const answers: IpcResult<DraftsMergeOutput>[] = []
  const waiting: (() => void)[] = []
  const arrivals: { count: number; done: () => void }[] = []
  let held = false
  let inFlight = 0
  let maxInFlight = 0

  const gate = (): Promise<void> => (held ? new Promise<void>((pass) => waiting.push(pass)) : Promise.resolve())

  const save: SaveDraft = (request) => {
    requests.push(request)
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    for (const arrival of arrivals.filter((a) => a.count <= requests.length)) {
      arrivals.splice(arrivals.indexOf(arrival), 1)
      arrival.done()
    }
    return (
      gate()
        // `dispatch` has checked the answer against the contract's Draft before returning it.
        .then(() => app.core.dispatch('drafts.merge', request) as Promise<IpcResult<DraftsMergeOutput>>)
        .then((answer) => {
          answers.push(answer)
          return answer
        })
        .finally(() => {
          inFlight -= 1
        })
    )
  }

  return {
    save,
    requests,
    answers,
    get maxInFlight() {
      return maxInFlight
    },
    /** From now on, saves wait at the gate. */
    hold() {
      held = true
    },
    /** Lets the oldest waiting save through to the core. */
    release() {
      const next = waiting.shift()
      if (!next) throw new Error('no save is waiting at the gate')
      next()
    },
    /** Lets every waiting and future save through. */
    open() {
      held = false
      for (const pass of waiting.splice(0)) pass()
    },
    /** Resolves once the session has sent its `count`th save. */
    sent(count: number): Promise<void> {
      if (requests.length >= count) return Promise.resolve()
      return new Promise<void>((done) => arrivals.push({ count, done }))
    },
  }
}

function onDisk(draft: Draft): string {
  return readFileSync(draft.path, 'utf8')
}

function answered(result: IpcResult<DraftsMergeOutput> | undefined): Draft {
  if (!result?.ok || result.value.outcome === 'conflict') throw new Error(`expected a successful save, got ${JSON.stringify(result)}`)
  return result.value.draft
}

describe('DraftSession', () => {
  let service: TestService
  let app: TestCore

  beforeEach(async () => {
    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url })
  })
  afterEach(async () => {
    vi.useRealTimers()
    await app.dispose()
    await service.dispose()
  })

  /**
   * Fakes only the autosave debounce (its timer, and the clock it reads to wait for what is
   * left of a pause: lib/trailingTimer.ts): file I/O and HTTP keep running for real.
   */
  const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })

  it('autosaves once typing stops, from the version it was opened at', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const original = onDisk(draft)
    fakeTimers()
    const saves = realSaves(app)
    saves.hold()
    const session = new DraftSession(draft, saves.save, () => {})

    session.setPitch('# Indexer\n\nstart, then more')
    expect(session.saveState).toBe('unsaved')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1)
    expect(saves.requests).toEqual([])
    session.setPitch('# Indexer\n\nstart, then more text')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1)
    expect(saves.requests).toEqual([])
    expect(onDisk(draft)).toBe(original)

    await vi.advanceTimersByTimeAsync(1)
    expect(saves.requests).toEqual([
      {
        id: draft.id,
        pitch: '# Indexer\n\nstart, then more text',
        customFields: {},
        baseVersion: draft.version,
        base: { pitch: draft.pitch, customFields: {} },
      },
    ])
    expect(session.saveState).toBe('saving')

    saves.open()
    // The autosave is running: saveNow answers with it rather than sending another save.
    expect(await session.saveNow()).toBe(true)
    expect(saves.requests.length).toBe(1)
    expect(session.saveState).toBe('saved')
    const saved = answered(saves.answers[0])
    expect(saved.version).not.toBe(draft.version)
    expect(session.version).toBe(saved.version)
    expect(onDisk(draft)).toContain('# Indexer\n\nstart, then more text')
    const reread = await app.call('drafts.get', { id: draft.id })
    expect(reread.version).toBe(session.version)
    expect(reread.pitch).toBe('# Indexer\n\nstart, then more text')
  })

  it('never sends two saves at once, and saves what was typed during a save next', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.open })
    fakeTimers()
    const saves = realSaves(app)
    saves.hold()
    const session = new DraftSession(draft, saves.save, () => {})

    session.setPitch('first words')
    const done = session.saveNow()
    expect(saves.requests.length).toBe(1)
    // Typed while the first save is on its way.
    session.setPitch('first words, second words')
    session.setField('repo', 'https://example.org/indexer')
    const again = session.saveNow()
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 4)
    expect(saves.requests.length).toBe(1)

    saves.release()
    await saves.sent(2)
    const first = answered(saves.answers[0])
    expect(first.pitch).toBe('first words')
    expect(first.customFields).toEqual({})
    // The answer to the first save does not take back what was typed meanwhile.
    expect(session.pitch).toBe('first words, second words')
    expect(session.customFields).toEqual({ repo: 'https://example.org/indexer' })
    expect(session.version).toBe(first.version)
    expect(saves.requests[1]).toEqual({
      id: draft.id,
      pitch: 'first words, second words',
      customFields: { repo: 'https://example.org/indexer' },
      baseVersion: first.version,
      // The text the first save wrote: what the file holds at first.version.
      base: { pitch: 'first words', customFields: {} },
    })
    // The file holds the first save only while the second waits.
    expect((await app.call('drafts.get', { id: draft.id })).version).toBe(first.version)

    saves.open()
    expect(await done).toBe(true)
    expect(await again).toBe(true)
    expect(saves.requests.length).toBe(2)
    expect(saves.maxInFlight).toBe(1)
    expect(session.saveState).toBe('saved')
    const second = answered(saves.answers[1])
    expect(session.version).toBe(second.version)
    const reread = await app.call('drafts.get', { id: draft.id })
    expect(reread.version).toBe(second.version)
    expect(reread.pitch).toBe('first words, second words')
    expect(reread.customFields).toEqual({ repo: 'https://example.org/indexer' })
    expect(onDisk(draft)).toContain('https://example.org/indexer')
  })

  it('stops saving on a conflict and never writes over the file', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    // A teammate saves the same file first, from the version this session was opened at.
    const theirs = await app.call('drafts.save', { id: draft.id, pitch: 'theirs', customFields: {}, baseVersion: draft.version })
    const theirBytes = readFileSync(draft.path)
    fakeTimers()
    const saves = realSaves(app)
    const session = new DraftSession(draft, saves.save, () => {})

    session.setPitch('mine')
    expect(await session.saveNow()).toBe(false)
    expect(saves.requests).toEqual([
      { id: draft.id, pitch: 'mine', customFields: {}, baseVersion: draft.version, base: { pitch: draft.pitch, customFields: {} } },
    ])
    const answer = saves.answers[0]
    // Both rewrote the whole pitch: the merge cannot decide, and the conflict view gets the places.
    if (answer?.ok !== true || answer.value.outcome !== 'conflict') throw new Error(`expected a conflict, got ${JSON.stringify(answer)}`)
    expect(answer.value.conflict.version).toBe(theirs.version)
    expect(answer.value.conflict.pitch.theirs).toBe('theirs')
    expect(answer.value.conflict.pitch.ours).toBe('mine')
    expect(session.conflict).toEqual({ currentVersion: theirs.version, detail: answer.value.conflict })
    expect(readFileSync(draft.path).equals(theirBytes)).toBe(true)

    session.setPitch('mine, more')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 4)
    expect(await session.saveNow()).toBe(false)
    expect(saves.requests.length).toBe(1)
    expect(session.pitch).toBe('mine, more')
    expect(readFileSync(draft.path).equals(theirBytes)).toBe(true)

    session.replace(await app.call('drafts.get', { id: draft.id }))
    expect(session.conflict).toBeNull()
    expect(session.pitch).toBe('theirs')
    expect(session.version).toBe(theirs.version)
    expect(session.saveState).toBe('saved')
    expect(saves.maxInFlight).toBe(1)
  })

  it('keeps the text after a failed save and tries again on the next edit', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const original = readFileSync(draft.path)
    fakeTimers()
    const saves = realSaves(app)
    const session = new DraftSession(draft, saves.save, () => {})

    // The file is gone (moved away by another tool): the core cannot save it.
    rmSync(draft.path)
    session.setPitch('important')
    expect(await session.saveNow()).toBe(false)
    const answer = saves.answers[0]
    if (answer?.ok !== false) throw new Error(`expected a failed save, got ${JSON.stringify(answer)}`)
    expect(answer.error.code).toBe('not_found')
    expect(session.saveState).toBe('failed')
    expect(session.saveError).toEqual(answer.error)
    expect(session.saveError?.message).toMatch(/no longer in/)
    expect(session.pitch).toBe('important')

    // The file is back as it was: the next edit saves again, from the same version.
    writeFileSync(draft.path, original)
    session.setPitch('important!')
    expect(session.saveState).toBe('failed')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(saves.requests.length).toBe(2)
    expect(saves.requests[1]).toEqual({
      id: draft.id,
      pitch: 'important!',
      customFields: {},
      baseVersion: draft.version,
      base: { pitch: draft.pitch, customFields: {} },
    })
    // Waits for the autosave already on its way (or answers at once if it has finished).
    expect(await session.saveNow()).toBe(true)
    expect(saves.requests.length).toBe(2)
    expect(session.saveState).toBe('saved')
    expect(session.saveError).toBeNull()
    expect(session.version).toBe(answered(saves.answers[1]).version)
    const reread = await app.call('drafts.get', { id: draft.id })
    expect(reread.pitch).toBe('important!')
    expect(reread.version).toBe(session.version)
  })

  it('ignores edits to a submitted draft', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.open })
    const original = readFileSync(draft.path)
    fakeTimers()
    const saves = realSaves(app)
    const session = new DraftSession({ ...draft, status: 'submitted' }, saves.save, () => {})

    session.setPitch('changed')
    session.setField('repo', 'x')
    expect(session.pitch).toBe(draft.pitch)
    expect(session.customFields).toEqual(draft.customFields)
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 4)
    expect(await session.saveNow()).toBe(true)
    expect(saves.requests).toEqual([])
    expect(readFileSync(draft.path).equals(original)).toBe(true)
  })

  it('marks only the save asked for (Ctrl+S) explicit: the core keeps it as its own version', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const saves = realSaves(app)
    const session = new DraftSession(draft, saves.save, () => {}, 3_600_000)
    session.setPitch('One')
    expect(await session.saveNow(true)).toBe(true)
    session.setPitch('Two')
    expect(await session.saveNow()).toBe(true)
    expect(saves.requests.map((request) => request.explicit)).toEqual([true, undefined])
    const history = await app.call('history.list', { draftId: draft.id })
    expect(history.versions.map((version) => version.source).slice(0, 2)).toEqual(['save', 'explicit'])
  })

  it('with nothing to save, Ctrl+S sends nothing and leaves no flag for the next autosave', async () => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const saves = realSaves(app)
    const session = new DraftSession(draft, saves.save, () => {}, 3_600_000)
    expect(await session.saveNow(true)).toBe(true)
    session.setPitch('One')
    await session.saveNow()
    expect(saves.requests.map((request) => request.explicit)).toEqual([undefined])
  })
})
