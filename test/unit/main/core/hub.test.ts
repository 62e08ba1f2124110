/** The core's event hub (src/main/core/hub.ts): order, isolation of listeners, and what a publisher that awaits learns. */
import { describe, expect, it } from 'vitest'
import { CoreHub } from '../../../../src/main/core/hub'

const quiet = { warn: () => {}, error: () => {} }

describe('CoreHub', () => {
  it('calls every listener in the order subscribed, synchronously, and stops one on request', () => {
    const hub = new CoreHub(quiet)
    const seen: string[] = []
    hub.on('drafts.stale', ({ ids }) => void seen.push(`a:${ids.join()}`))
    const stop = hub.on('drafts.stale', ({ ids }) => void seen.push(`b:${ids.join()}`))
    void hub.emit('drafts.stale', { ids: ['x'] })
    expect(seen).toEqual(['a:x', 'b:x'])
    stop()
    void hub.emit('drafts.stale', { ids: ['y'] })
    expect(seen).toEqual(['a:x', 'b:x', 'a:y'])
  })

  it('runs every listener whatever another threw, and the awaiting publisher gets the failure', async () => {
    const hub = new CoreHub(quiet)
    const seen: string[] = []
    hub.on('reviews.written', () => {
      throw new Error('first failed')
    })
    hub.on('reviews.written', async () => {
      await new Promise((done) => setTimeout(done, 5))
      seen.push('second done')
    })
    const subject = { folder: '/d', id: 'a', version: 'v', file: {} as never }
    await expect(hub.emit('reviews.written', subject)).rejects.toThrow('first failed')
    expect(seen).toEqual(['second done'])
  })

  it('waits for the listeners’ work before it resolves; `tell` only logs a failure', async () => {
    const warned: string[] = []
    const hub = new CoreHub({ warn: (message) => void warned.push(message), error: () => {} })
    let done = false
    hub.on('grant.opened', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      done = true
    })
    await hub.emit('grant.opened', { id: 'g' })
    expect(done).toBe(true)
    hub.on('drafts.stale', () => Promise.reject(new Error('no')))
    hub.tell('drafts.stale', { ids: [] })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(warned).toEqual(['a listener of drafts.stale failed'])
  })
})
