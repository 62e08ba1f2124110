// @vitest-environment jsdom
/** The race rules every store follows (state/store/requests.ts), with answers arriving in any order. */
import { describe, expect, it } from 'vitest'
import { latestRequest, newestShown } from '../../../../../src/renderer/src/state/store/requests'

/** A promise this test settles by hand, to order answers as a slow network would. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

describe('latestRequest', () => {
  it('drops an earlier answer that arrives after a later one began', async () => {
    const requests = latestRequest()
    const first = requests.begin()
    expect(first()).toBe(true)
    const second = requests.begin()
    expect(first()).toBe(false)
    expect(second()).toBe(true)
    requests.drop()
    expect(second()).toBe(false)
  })

  it('applies only the latest answer, whatever order the answers come in', async () => {
    const requests = latestRequest<string>()
    const slow = deferred<string>()
    const fast = deferred<string>()
    const applied: string[] = []
    const a = requests.run(
      'open',
      () => slow.promise,
      (answer) => applied.push(answer),
    )
    const b = requests.run(
      'closed',
      () => fast.promise,
      (answer) => applied.push(answer),
    )
    fast.resolve('closed list')
    await b
    slow.resolve('open list')
    await a
    expect(applied).toEqual(['closed list'])
  })

  it('shares the latest request with a caller asking the same, and asks again once it answered', async () => {
    const requests = latestRequest<string>()
    let asked = 0
    const answer = deferred<number>()
    const applied: number[] = []
    const ask = () => {
      asked += 1
      return answer.promise
    }
    const first = requests.run('open', ask, (value) => applied.push(value))
    const second = requests.run('open', ask, (value) => applied.push(value))
    expect(second).toBe(first)
    expect(asked).toBe(1)
    answer.resolve(7)
    await first
    expect(applied).toEqual([7])
    await requests.run(
      'open',
      () => Promise.resolve(8),
      (value) => applied.push(value),
    )
    expect(asked).toBe(1)
    expect(applied).toEqual([7, 8])
  })

  it('does not share an older request that a different question superseded', async () => {
    const requests = latestRequest<string>()
    const open = deferred<string>()
    const applied: string[] = []
    void requests.run(
      'open',
      () => open.promise,
      (value) => applied.push(value),
    )
    void requests.run(
      'closed',
      () => Promise.resolve('closed'),
      (value) => applied.push(value),
    )
    // Back to "open" while the first "open" is still on its way: a new request, whose answer counts.
    const again = requests.run(
      'open',
      () => Promise.resolve('open again'),
      (value) => applied.push(value),
    )
    open.resolve('open (stale)')
    await again
    await Promise.resolve()
    expect(applied).toEqual(['open again'])
  })

  it('lets a failed request go, so the next caller asks afresh', async () => {
    const requests = latestRequest()
    await expect(
      requests.run(
        undefined,
        () => Promise.reject(new Error('lost')),
        () => {},
      ),
    ).rejects.toThrow('lost')
    const applied: string[] = []
    await requests.run(
      undefined,
      () => Promise.resolve('fresh'),
      (value) => applied.push(value),
    )
    expect(applied).toEqual(['fresh'])
  })

  it('starts a fresh request when a listener asks again while the answer is applied', async () => {
    const requests = latestRequest()
    let asked = 0
    const inner: Promise<void>[] = []
    await requests.run(
      undefined,
      () => Promise.resolve(++asked),
      () =>
        inner.push(
          requests.run(
            undefined,
            () => Promise.resolve(++asked),
            () => {},
          ),
        ),
    )
    await Promise.all(inner)
    expect(asked).toBe(2)
  })
})

describe('newestShown', () => {
  it('shows reads in the order they began, and an action after every read begun before it', () => {
    const reads = newestShown()
    const first = reads.begin()
    const second = reads.begin()
    expect(reads.show(second)).toBe(true)
    expect(reads.superseded(first)).toBe(true)
    expect(reads.show(first)).toBe(false)
    const third = reads.begin()
    // An action's answer came back: the read begun before it may predate the write.
    expect(reads.show(null)).toBe(true)
    expect(reads.show(third)).toBe(false)
    const fourth = reads.begin()
    expect(reads.superseded(fourth)).toBe(false)
    expect(reads.show(fourth)).toBe(true)
  })
})
