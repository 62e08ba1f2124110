// @vitest-environment jsdom
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PLAIN_LIST_MAX, VirtualList, type VirtualListHandle } from '../../../../src/renderer/src/components/VirtualList'

const names = (count: number) => Array.from({ length: count }, (_, n) => `item-${n + 1}`)
const keyOf = (item: string) => item
const renderItem = (item: string) => (
  <p>
    {item} <button type="button">Reply to {item}</button>
  </p>
)

describe('VirtualList', () => {
  it('renders a short list whole, as a plain list', () => {
    const { container } = render(
      <VirtualList items={names(PLAIN_LIST_MAX)} keyOf={keyOf} renderItem={renderItem} estimate={100} className="cards" boxClassName="box" />,
    )
    expect(container.querySelectorAll('ol.cards > li')).toHaveLength(PLAIN_LIST_MAX)
    expect(container.querySelector('[aria-setsize]')).toBeNull()
    expect(container.querySelector('.virtual-list-box')).toBeNull()
  })

  it('renders only the items in view of a long one, each saying where it is among all', () => {
    const { container } = render(<VirtualList items={names(667)} keyOf={keyOf} renderItem={renderItem} estimate={100} className="cards" boxClassName="box" />)
    const items = [...container.querySelectorAll('ol.cards > li')]
    // A 700-pixel view of 100-pixel items, and the overscan on each side.
    expect(items.length).toBeGreaterThan(3)
    expect(items.length).toBeLessThan(30)
    expect(items[0]!.getAttribute('aria-setsize')).toBe('667')
    expect(items[0]!.getAttribute('aria-posinset')).toBe('1')
    expect(items[0]!.textContent).toContain('item-1')
    expect(container.textContent).not.toContain('item-667')
  })

  it('offers a handle that knows every item, rendered or not, and its scrolling box', () => {
    let handle: VirtualListHandle | null = null
    const register = (h: VirtualListHandle) => {
      handle = h
      return () => {
        handle = null
      }
    }
    const { container } = render(
      <VirtualList items={names(667)} keyOf={keyOf} renderItem={renderItem} estimate={100} className="cards" boxClassName="box" register={register} />,
    )
    expect(handle).not.toBeNull()
    const list = handle as unknown as VirtualListHandle
    expect(list.has('item-667')).toBe(true)
    expect(list.has('item-668')).toBe(false)
    expect(list.element()).toBe(container.querySelector('.virtual-list-box'))

    // Scrolling to it is the browser's (jsdom lays nothing out): test/e2e/review-many-threads.spec.ts.
    expect(list.scrollTo('item-668')).toBe(false)
    expect(list.scrollTo('item-667')).toBe(true)
  })
})
