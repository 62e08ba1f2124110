/**
 * `saved-searches.json` on disk (src/main/core/saved-searches/file.ts), with real files: what
 * cannot be used is moved aside (never deleted) with a notice, and the known ids stay bounded.
 */
import { readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../../../src/main/core/errors'
import { FILE_FORMAT, MAX_FILE_BYTES, SavedSearchFile, emptyState, pruneKnown } from '../../../../../src/main/core/saved-searches/file'
import { tempDir } from '../../../../support/service'

let dir: string
let file: string
const store = () => new SavedSearchFile(file, silentLogger, () => new Date('2026-11-25T12:00:00Z'))
const aside = () => readdirSync(dir).filter((name) => name.startsWith('saved-searches.json.damaged-'))

beforeEach(() => {
  dir = tempDir('grant-desk-saved-file-')
  file = join(dir, 'saved-searches.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('the saved searches file', () => {
  it('starts empty without a file, and reads back what it wrote', async () => {
    expect(await store().load()).toEqual({ state: emptyState(), notice: null })
    const state = { ...emptyState(), known: { a: '2026-11-25T12:00:00.000Z' } }
    expect(await store().save(state)).toBeNull()
    expect((await store().load()).state).toEqual(state)
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe(FILE_FORMAT)
  })

  it('sets aside a file of another shape, keeping its bytes', async () => {
    writeFileSync(file, JSON.stringify({ format: FILE_FORMAT, searches: [{ id: '../x', name: 'x' }], known: {}, fresh: {} }))
    const loaded = await store().load()
    expect(loaded.state).toEqual(emptyState())
    expect(loaded.notice).toMatch(/did not hold saved searches Grant Desk can read.*damaged-/)
    expect(aside()).toHaveLength(1)
    expect(readFileSync(join(dir, aside()[0]!), 'utf8')).toContain('"../x"')
  })

  it('does not read a file larger than any it writes', async () => {
    writeFileSync(file, '')
    truncateSync(file, MAX_FILE_BYTES + 1)
    const loaded = await store().load()
    expect(loaded.notice).toMatch(/larger than 32 MB/)
    expect(aside()).toHaveLength(1)
  })

  it('keeps the newest known ids past the bound', () => {
    const known = { old: '2026-01-01T00:00:00.000Z', mid: '2026-06-01T00:00:00.000Z', new: '2026-11-01T00:00:00.000Z' }
    expect(pruneKnown(known, 2)).toEqual({ mid: known.mid, new: known.new })
    expect(pruneKnown(known, 3)).toBe(known)
  })
})
