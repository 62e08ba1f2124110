/**
 * A fake `window.grantDesk` for the history and export component tests: the app's own stores
 * (useEditor, useHistory) run unchanged on top of it, and every call is recorded with its
 * input, so a test can say what was asked of the core. A real core would need a history
 * folder, and these tests are about what the screen shows for given answers.
 */
import type { Draft, HistoryGetOutput, HistoryVersion, IpcResult } from '../../../../src/shared/ipc'

export const DRAFT_ID = 'free-form-grant-20260101-0900'
export const V1 = '000001-aaaaaaaa'
export const V2 = '000002-bbbbbbbb'

export function draft(pitch: string, version: string, status: Draft['status'] = 'draft'): Draft {
  return {
    id: DRAFT_ID,
    fileName: `${DRAFT_ID}.md`,
    path: `/drafts/${DRAFT_ID}.md`,
    version: version.repeat(64).slice(0, 64),
    grant: { id: 'g1', title: 'Free-form grant', reward: '1,000 USD', deadline: '2027-01-01T00:00:00.000Z', applyEndpoint: '/apply', applicationSchema: null, type: null },
    pitch,
    customFields: { project_name: 'Tracekit' },
    status,
    applicationId: status === 'submitted' ? 'app-1' : null,
    projectKind: null,
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: '2026-01-01T09:00:00.000Z',
  }
}

export function version(id: string, partial: Partial<HistoryVersion> = {}): HistoryVersion {
  return { id, time: '2026-01-01T10:00:00.000Z', savedBy: 'Ada', source: 'save', sent: false, size: 10, sizeChange: null, summary: 'first version', ...partial }
}

export interface Call {
  channel: string
  input: unknown
}

export type Handler = (input: never) => unknown

/** Installs the bridge: `handlers['history.list']` answers that channel (a value is wrapped as ok). */
export function installBridge(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = []
  const api: Record<string, unknown> = { on: () => () => {} }
  for (const [channel, handler] of Object.entries(handlers)) {
    const [namespace, method] = channel.split('.') as [string, string]
    const group = (api[namespace] ??= {}) as Record<string, unknown>
    group[method] = async (input: unknown): Promise<IpcResult<unknown>> => {
      calls.push({ channel, input })
      const answer = await handler(input as never)
      return answer && typeof answer === 'object' && 'ok' in answer ? (answer as IpcResult<unknown>) : { ok: true, value: answer }
    }
  }
  ;(window as unknown as { grantDesk: unknown }).grantDesk = api
  return calls
}

export function texts(pitch: string, fields: Record<string, string>, v: HistoryVersion): HistoryGetOutput {
  return { version: v, pitch, fields }
}
