/** The core's one-at-a-time runner (src/main/core/locks.ts): order, failures, idle. */
import { describe, expect, it } from 'vitest'
import { KeyedMutex } from '../../../../src/main/core/locks'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('KeyedMutex', () => {
  it('runs the tasks of one key one at a time, in order, and those of other keys alongside', async () => {
    const locks = new KeyedMutex()
    const events: string[] = []
    const task = (name: string) => async () => {
      events.push(`${name} start`)
      await tick()
      events.push(`${name} end`)
      return name
    }
    const results = await Promise.all([locks.runExclusive('a', task('a1')), locks.runExclusive('a', task('a2')), locks.runExclusive('b', task('b1'))])
    expect(results).toEqual(['a1', 'a2', 'b1'])
    expect(events.indexOf('a1 end')).toBeLessThan(events.indexOf('a2 start'))
    expect(events.indexOf('b1 start')).toBeLessThan(events.indexOf('a1 end'))
  })

  it('gives a failure to its own caller and still runs the next task', async () => {
    const locks = new KeyedMutex()
    const failed = locks.runExclusive('a', () => Promise.reject(new Error('disk full')))
    const next = locks.runExclusive('a', () => Promise.resolve('saved'))
    await expect(failed).rejects.toThrow('disk full')
    await expect(next).resolves.toBe('saved')
  })

  it('settles idle() only once every task (and one queued by a task) is done', async () => {
    const locks = new KeyedMutex()
    let done = 0
    void locks.runExclusive('a', async () => {
      await tick()
      void locks.runExclusive('a', async () => {
        await tick()
        done += 1
      })
      done += 1
    })
    await locks.idle()
    expect(done).toBe(2)
  })
})
