/**
 * The conflict view of the open draft's save (see state/editor/draftSession.ts): finishing saves the
 * chosen text over the file's version; "Keep mine as a copy" makes my text a new draft.
 */
import type { DraftConflict } from '../../../../shared/ipc'
import { resetPitchUndo } from '../../lib/resetUndo'
import { useEditor } from '../../state/editor'
import { ConflictView } from './ConflictView'
import { theirText } from './resolution'

export function DraftConflictView({ conflict }: { conflict: DraftConflict }) {
  const finish = async (text: { pitch: string; customFields: Record<string, string> }) => {
    await useEditor.getState().finishConflict(conflict.draftId, text, conflict.version, theirText(conflict))
    // The pitch is now the chosen text: Ctrl+Z does not reach back into what was typed before.
    resetPitchUndo()
    // A failed save shows in the status line (with Retry); a new conflict opens this view anew.
    return null
  }
  return <ConflictView key={conflict.version} conflict={conflict} onFinish={finish} onKeepMine={useEditor.getState().keepMineAsCopy} />
}
