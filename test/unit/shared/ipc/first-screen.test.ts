/**
 * The saved grant list the app asks for at start (src/shared/ipc/first-screen.ts): the browser
 * host's bridge asks for it as the page loads and hands its answer to the app's own ask only
 * when the two ask the same.
 */
import { describe, expect, it } from 'vitest'
import { GrantsListInput, SAVED_LIST_AT_START, asksSavedListAtStart } from '../../../../src/shared/ipc'

describe('SAVED_LIST_AT_START', () => {
  it('is an input the contract takes, for the list the app opens on', () => {
    // Every type: the app's first load names none (state/grants's GRANTS_AT_START and load).
    expect(GrantsListInput.parse(SAVED_LIST_AT_START)).toEqual({ status: 'open', saved: true })
  })
})

describe('asksSavedListAtStart', () => {
  it('holds for the same keys and values, in any order', () => {
    expect(asksSavedListAtStart({ status: 'open', saved: true })).toBe(true)
    expect(asksSavedListAtStart({ saved: true, status: 'open' })).toBe(true)
  })

  it('does not hold for another filter, the live list, an extra key or no object', () => {
    expect(asksSavedListAtStart({ status: 'closed', saved: true })).toBe(false)
    expect(asksSavedListAtStart({ status: 'open' })).toBe(false)
    expect(asksSavedListAtStart({ status: 'open', saved: true, type: 'grant' })).toBe(false)
    expect(asksSavedListAtStart({ status: 'open', saved: 'true' })).toBe(false)
    expect(asksSavedListAtStart(undefined)).toBe(false)
    expect(asksSavedListAtStart(null)).toBe(false)
    expect(asksSavedListAtStart('grants.list')).toBe(false)
  })
})
