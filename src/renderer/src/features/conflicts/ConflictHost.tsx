/**
 * The conflict view for conflicts opened from outside the editor (a git sync's, through
 * `openConflict` in state/conflicts/conflicts.ts): mounted once by the shell. Finishing calls
 * `sync.resolve` with the chosen text and the conflict's version; "Not now" leaves the sync's
 * merge in progress (the sync's status says so until it is finished or undone).
 */
import type { AppError } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'
import { resetPitchUndo } from '../../lib/resetUndo'
import { useEditor } from '../../state/editor'
import { useConflicts } from '../../state/conflicts/conflicts'
import { ConflictView } from './ConflictView'

export function ConflictHost() {
  const conflict = useConflicts((s) => s.open)
  if (!conflict || conflict.source !== 'sync') return null
  const finish = async (text: { pitch: string; customFields: Record<string, string> }): Promise<AppError | null> => {
    const result = await call('sync.resolve', { draftId: conflict.draftId, pitch: text.pitch, customFields: text.customFields, baseVersion: conflict.version })
    if (!result.ok) return result.error
    // The open draft's pitch is now the chosen text: Ctrl+Z does not reach back into what was typed before.
    if (useEditor.getState().draft?.id === conflict.draftId) resetPitchUndo()
    const { onResolved, close } = useConflicts.getState()
    close()
    onResolved?.(result.value)
    return null
  }
  return <ConflictView key={`${conflict.draftId}:${conflict.version}`} conflict={conflict} onFinish={finish} onLater={() => useConflicts.getState().close()} />
}
