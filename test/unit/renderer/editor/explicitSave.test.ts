/**
 * Ctrl+S marks its save `explicit` (the core keeps it as its own version in the history);
 * autosaves and other saves do not. A DraftSession on a recording save function.
 */
import { describe, expect, it } from 'vitest'
import { DraftSession, type SaveRequest } from '../../../../src/renderer/src/features/editor/draftSession'
import type { Draft } from '../../../../src/shared/ipc'
import { draft } from '../history/fakeBridge'

function session() {
  const sent: SaveRequest[] = []
  let version = 1
  const start = draft('Start', 'a')
  const save = async (request: SaveRequest) => {
    sent.push(request)
    const next: Draft = { ...start, pitch: request.pitch, version: String(version++).repeat(64).slice(0, 64) }
    return { ok: true as const, value: next }
  }
  return { sent, session: new DraftSession(start, save, () => {}, 3_600_000) }
}

describe('explicit saves', () => {
  it('sends explicit only for the save asked for', async () => {
    const { sent, session: s } = session()
    s.setPitch('One')
    await s.saveNow(true)
    s.setPitch('Two')
    await s.saveNow()
    expect(sent.map((r) => r.explicit)).toEqual([true, undefined])
  })

  it('nothing to save: Ctrl+S sends nothing and leaves no flag for the next autosave', async () => {
    const { sent, session: s } = session()
    await s.saveNow(true)
    s.setPitch('One')
    await s.saveNow()
    expect(sent.map((r) => r.explicit)).toEqual([undefined])
  })
})
