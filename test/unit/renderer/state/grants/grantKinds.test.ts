// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { grantKind } from '../../../../../src/renderer/src/state/grants/grantKinds'

describe('grantKind', () => {
  const bounties = new Set(['22222222-2222-4222-8222-222222222222'])
  it('takes the list filter when it has one, else looks the id up in the bounty list, any case', () => {
    expect(grantKind('11111111-1111-4111-8111-111111111111', 'bounty', null)).toBe('bounty')
    expect(grantKind('11111111-1111-4111-8111-111111111111', 'all', bounties)).toBe('grant')
    expect(grantKind('22222222-2222-4222-8222-222222222222'.toUpperCase(), 'all', bounties)).toBe('bounty')
  })
  it('says nothing rather than guess while the bounty list is unknown', () => {
    expect(grantKind('11111111-1111-4111-8111-111111111111', 'all', null)).toBeNull()
  })
})
