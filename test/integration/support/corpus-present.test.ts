/**
 * A corpus test never passes by not running in CI: `corpusPresent` says a test was skipped on a
 * machine without `../shared/real-proposals`, and throws where CI is set, since CI lays that
 * folder beside the clone.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CORPUS_DIR, corpusPresent } from '../../support/corpus'

afterEach(() => vi.restoreAllMocks())

describe('corpusPresent', () => {
  const missing = join(CORPUS_DIR, 'not-here')

  it('answers false and says the test was skipped, outside CI', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(corpusPresent('probe.test', {}, missing)).toBe(false)
    expect(warn).toHaveBeenCalledWith(`probe.test: skipped, the corpus of real proposals is not at ${missing}`)
  })

  it('throws in CI, naming the test and the folder', () => {
    expect(() => corpusPresent('probe.test', { CI: 'true' }, missing)).toThrow(`probe.test: the corpus of real proposals is not at ${missing}`)
  })
})
