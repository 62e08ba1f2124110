/**
 * The save queue of an open draft, driven through its injected save function (a recording
 * stand-in answering when the test says so): the core itself is proven end to end.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppError, Draft, IpcResult } from '../../../../src/shared/ipc'
import { AUTOSAVE_DELAY_MS, DraftSession, type SaveRequest } from '../../../../src/renderer/src/features/editor/draftSession'

const V1 = 'a'.repeat(64)

function draft(overrides: Partial<Draft> = {}): Draft {
  return {
    id: 'indexer-grant',
    fileName: 'indexer-grant.md',
    path: '/drafts/indexer-grant.md',
    version: V1,
    grant: {
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Indexer grant',
      reward: '5,000 USDC',
      deadline: '2030-01-01T00:00:00.000Z',
      applyEndpoint: 'POST /api/build/00000000-0000-4000-8000-000000000001/apply',
      applicationSchema: null,
      type: 'grant',
    },
    pitch: 'start',
    customFields: {},
    status: 'draft',
    applicationId: null,
    projectKind: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    reviews: [],
    ...overrides,
  }
}

/** Saves that wait until the test answers them, in order. */
function pendingSaves() {
  const requests: SaveRequest[] = []
  const answers: ((result: IpcResult<Draft>) => void)[] = []
  let inFlight = 0
  let maxInFlight = 0
  let saved = 0
  const save = (request: SaveRequest) => {
    requests.push(request)
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    return new Promise<IpcResult<Draft>>((resolve) => {
      answers.push((result) => {
        inFlight -= 1
        resolve(result)
      })
    })
  }
  /** Answers the oldest waiting save: by default a success holding what it sent, at a new version. */
  const answer = async (result?: IpcResult<Draft>) => {
    const next = answers.shift()
    if (!next) throw new Error('no save is waiting')
    saved += 1
    const sent = requests[saved - 1]!
    next(result ?? { ok: true, value: draft({ pitch: sent.pitch, customFields: sent.customFields, version: String(saved + 1).repeat(64) }) })
    await vi.advanceTimersByTimeAsync(0)
  }
  return { save, answer, requests, get maxInFlight() { return maxInFlight } }
}

const failure = (error: AppError): IpcResult<Draft> => ({ ok: false, error })

describe('DraftSession', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('autosaves once typing stops, from the version it was opened at', async () => {
    const saves = pendingSaves()
    const session = new DraftSession(draft(), saves.save, () => {})
    session.setPitch('start, then more')
    expect(session.saveState).toBe('unsaved')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1)
    expect(saves.requests).toEqual([])
    session.setPitch('start, then more text')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(saves.requests).toEqual([{ id: 'indexer-grant', pitch: 'start, then more text', customFields: {}, baseVersion: V1 }])
    expect(session.saveState).toBe('saving')
    await saves.answer()
    expect(session.saveState).toBe('saved')
    expect(session.version).toBe('2'.repeat(64))
  })

  it('never sends two saves at once, and saves what was typed during a save next', async () => {
    const saves = pendingSaves()
    const session = new DraftSession(draft(), saves.save, () => {})
    session.setPitch('one')
    const done = session.saveNow()
    session.setPitch('one two')
    session.setField('website', 'https://example.org')
    const again = session.saveNow()
    expect(saves.requests.length).toBe(1)
    await saves.answer()
    // The answer to the first save does not take back what was typed meanwhile.
    expect(session.pitch).toBe('one two')
    expect(saves.requests.length).toBe(2)
    expect(saves.requests[1]).toEqual({ id: 'indexer-grant', pitch: 'one two', customFields: { website: 'https://example.org' }, baseVersion: '2'.repeat(64) })
    await saves.answer()
    expect(await done).toBe(true)
    expect(await again).toBe(true)
    expect(saves.maxInFlight).toBe(1)
    expect(session.saveState).toBe('saved')
  })

  it('stops saving on a conflict and never writes over the file', async () => {
    const saves = pendingSaves()
    const session = new DraftSession(draft(), saves.save, () => {})
    session.setPitch('mine')
    const saved = session.saveNow()
    await saves.answer(failure({ code: 'conflict', message: 'changed on disk', currentVersion: 'b'.repeat(64) }))
    expect(await saved).toBe(false)
    expect(session.conflict).toEqual({ currentVersion: 'b'.repeat(64) })
    session.setPitch('mine, more')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 4)
    expect(await session.saveNow()).toBe(false)
    expect(saves.requests.length).toBe(1)
    expect(session.pitch).toBe('mine, more')

    session.replace(draft({ pitch: 'theirs', version: 'b'.repeat(64) }))
    expect(session.conflict).toBeNull()
    expect(session.pitch).toBe('theirs')
    expect(session.saveState).toBe('saved')
  })

  it('keeps the text after a failed save and tries again on the next edit', async () => {
    const saves = pendingSaves()
    const session = new DraftSession(draft(), saves.save, () => {})
    session.setPitch('important')
    const first = session.saveNow()
    await saves.answer(failure({ code: 'storage_error', message: 'The disk is full.' }))
    expect(await first).toBe(false)
    expect(session.saveState).toBe('failed')
    expect(session.saveError?.message).toBe('The disk is full.')
    expect(session.pitch).toBe('important')

    session.setPitch('important!')
    expect(session.saveState).toBe('failed')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    expect(saves.requests[1]?.pitch).toBe('important!')
    await saves.answer()
    expect(session.saveState).toBe('saved')
    expect(session.saveError).toBeNull()
  })

  it('ignores edits to a submitted draft', async () => {
    const saves = pendingSaves()
    const session = new DraftSession(draft({ status: 'submitted' }), saves.save, () => {})
    session.setPitch('changed')
    session.setField('website', 'x')
    expect(session.pitch).toBe('start')
    expect(await session.saveNow()).toBe(true)
    expect(saves.requests).toEqual([])
  })
})
