/**
 * The preload (src/preload/index.ts), loaded against the fake `electron` module (the binary
 * cannot run here): what the page gets as `window.grantDesk`, and what reaches ipcRenderer.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { type GrantDeskApi, EVENT_CHANNEL, IPC_CHANNELS } from '../../../src/shared/ipc'
import type * as FakeElectron from '../../support/fake-electron'

let api: GrantDeskApi
let fake: typeof FakeElectron.fake
let ipcRenderer: typeof FakeElectron.ipcRenderer

// The preload runs once per page load: a fresh module registry per test, and the fake from
// that same registry (the one the preload's `import 'electron'` gets).
beforeEach(async () => {
  vi.resetModules()
  ;({ fake, ipcRenderer } = await import('../../support/fake-electron'))
  fake.reset()
  await import('../../../src/preload/index')
  api = fake.mainWorld['grantDesk'] as GrantDeskApi
})

describe('window.grantDesk', () => {
  it('is the only thing exposed to the page', () => {
    expect(Object.keys(fake.mainWorld)).toEqual(['grantDesk'])
  })

  it('has one method per channel, grouped by namespace, plus on — and nothing else', () => {
    const expected: Record<string, string[]> = {}
    for (const channel of IPC_CHANNELS) {
      const [namespace, method] = channel.split('.') as [string, string]
      ;(expected[namespace] ??= []).push(method)
    }
    const actual = api as unknown as Record<string, unknown>
    expect(Object.keys(actual).sort()).toEqual([...Object.keys(expected), 'on'].sort())
    expect(typeof actual['on']).toBe('function')
    for (const [namespace, methods] of Object.entries(expected)) {
      const group = actual[namespace] as Record<string, unknown>
      expect(Object.keys(group).sort(), namespace).toEqual([...methods].sort())
      for (const method of methods) expect(typeof group[method], `${namespace}.${method}`).toBe('function')
    }
    // Nothing of Electron leaks through a property either.
    expect(JSON.stringify(Object.keys(actual))).not.toMatch(/ipc|invoke|send|electron/i)
  })

  it('calls ipcRenderer.invoke with (channel, input) and returns its answer', async () => {
    ipcRenderer.answer = (channel, input) => ({ ok: true, value: { channel, input } })
    await expect(api.drafts.get({ id: 'my-draft' })).resolves.toEqual({ ok: true, value: { channel: 'drafts.get', input: { id: 'my-draft' } } })
    await api.drafts.list()
    await api.settings.update({ reviewerName: 'Ada' })
    expect(ipcRenderer.invocations).toEqual([
      { channel: 'drafts.get', args: [{ id: 'my-draft' }] },
      { channel: 'drafts.list', args: [undefined] },
      { channel: 'settings.update', args: [{ reviewerName: 'Ada' }] },
    ])
  })
})

describe('grantDesk.on', () => {
  it('registers a single ipcRenderer listener however many subscribers there are', () => {
    expect(ipcRenderer.eventNames()).toEqual([EVENT_CHANNEL])
    expect(ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(1)
    api.on('connectivity', () => {})
    api.on('drafts.changed', () => {})
    expect(ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(1)
  })

  it('passes listeners only the payload of their event — never the IpcRendererEvent', () => {
    const received: unknown[][] = []
    api.on('drafts.changed', (...args: unknown[]) => received.push(args))
    ipcRenderer.deliver(EVENT_CHANNEL, { event: 'connectivity', payload: { online: false } })
    ipcRenderer.deliver(EVENT_CHANNEL, { event: 'drafts.changed', payload: { ids: ['a'] } })
    expect(received).toEqual([[{ ids: ['a'] }]])
    expect(JSON.stringify(received)).not.toContain('the-ipc-renderer-event')
  })

  it('stops calling a listener once it unsubscribes, without disturbing the others', () => {
    const first = vi.fn()
    const second = vi.fn()
    const stop = api.on('session.expired', first)
    api.on('session.expired', second)
    stop()
    ipcRenderer.deliver(EVENT_CHANNEL, { event: 'session.expired', payload: { email: null, message: 'Log in again.' } })
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledWith({ email: null, message: 'Log in again.' })
  })

  it('ignores malformed messages and survives a throwing listener', () => {
    const listener = vi.fn()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    api.on('connectivity', () => {
      throw new Error('page bug')
    })
    api.on('connectivity', listener)
    for (const message of [null, 'connectivity', 42, { payload: {} }]) ipcRenderer.deliver(EVENT_CHANNEL, message)
    expect(listener).not.toHaveBeenCalled()
    ipcRenderer.deliver(EVENT_CHANNEL, { event: 'connectivity', payload: { online: true } })
    expect(listener).toHaveBeenCalledWith({ online: true })
    expect(error).toHaveBeenCalledTimes(1)
    error.mockRestore()
  })

  it('refuses unknown event names', () => {
    expect(() => api.on('nope' as 'connectivity', () => {})).toThrow(/Unknown Grant Desk event/)
  })
})
