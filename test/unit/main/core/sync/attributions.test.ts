/**
 * The History's "came from <teammate>" after a pull: kept for the version the pull brought, for
 * ten minutes, and found under the drafts folder however its path is written.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PullAttributions } from '../../../../../src/main/core/sync/attributions'

const FOLDER = join('/team', 'drafts')
const MINUTE = 60_000

describe('PullAttributions', () => {
  it('names who brought the exact version a pull brought, within ten minutes', () => {
    const attributions = new PullAttributions()
    attributions.record(FOLDER, 'd1', 'Ben', 'v2', 0)
    expect(attributions.authorOf(FOLDER, 'd1', 'v2', 10 * MINUTE)).toBe('Ben')
    // Later than that, an edit on disk is no longer the pull's.
    expect(attributions.authorOf(FOLDER, 'd1', 'v2', 10 * MINUTE + 1)).toBeNull()
  })

  it('names nobody for another version, another draft or another folder', () => {
    const attributions = new PullAttributions()
    attributions.record(FOLDER, 'd1', 'Ben', 'v2', 0)
    expect(attributions.authorOf(FOLDER, 'd1', 'v3', 0)).toBeNull()
    expect(attributions.authorOf(FOLDER, 'd2', 'v2', 0)).toBeNull()
    expect(attributions.authorOf(join('/elsewhere', 'drafts'), 'd1', 'v2', 0)).toBeNull()
  })

  it('finds the folder however its path is written, and keeps the latest pull', () => {
    const attributions = new PullAttributions()
    attributions.record(`${FOLDER}/./`, 'd1', 'Ben', 'v2', 0)
    expect(attributions.authorOf(join(FOLDER, '..', 'drafts'), 'd1', 'v2', 0)).toBe('Ben')
    attributions.record(FOLDER, 'd1', 'Cleo', 'v3', MINUTE)
    expect(attributions.authorOf(FOLDER, 'd1', 'v3', MINUTE)).toBe('Cleo')
    expect(attributions.authorOf(FOLDER, 'd1', 'v2', MINUTE)).toBeNull()
  })
})
