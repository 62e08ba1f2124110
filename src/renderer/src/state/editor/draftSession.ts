/**
 * One open draft and the saving of it: the applicant's text, the version of the file it was
 * last saved over, and a queue that writes it back.
 *
 * - Never two saves at once: a save names the version it starts from, and a second one sent
 *   before the first answered would name a stale version and be refused as a conflict.
 * - Nothing typed is dropped: a save sends a snapshot; edits made while it is on its way are
 *   sent by the next save, and a successful answer does not replace the text.
 * - A save names the text it started from (`base`: the file's text at `version`), so that when
 *   the file changed on disk meanwhile the core merges three-way (`drafts.merge`): changes in
 *   other places are merged and saved, and the merged text is shown (`merged` says so).
 * - A conflict (both changed the same passage) stops all saving until the applicant decides in
 *   the conflict view: the file is never written over.
 *
 * The store (editorStore.ts) owns one session per open draft and mirrors it to the screen;
 * a session outlives its screen while its last edits are still being saved.
 */
import type { AppError, ChannelInput, Draft, DraftConflict, DraftsMergeOutput, IpcResult } from '../../../../shared/ipc'
import { TrailingTimer } from '../../lib/trailingTimer'

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed'

export type SaveRequest = ChannelInput<'drafts.merge'>

export type SaveDraft = (request: SaveRequest) => Promise<IpcResult<DraftsMergeOutput>>

/** `detail`: what the conflict view shows (absent when the core could only say "conflict"). */
export type Conflict = Pick<AppError, 'currentVersion'> & { detail?: DraftConflict }

/** A save met changes made elsewhere and merged them: the file's version before, and the merged one. */
export interface MergedSave {
  theirVersion: string
  version: string
}

/** A pitch and fields: the text of the file at one version. */
export interface DraftText {
  pitch: string
  customFields: Record<string, string>
}

/**
 * The draft's file itself is the problem, not one save: `unreadable` when reading or saving
 * found it missing or damaged (retrying means reading it again), `gone` once reading it again
 * still did not find it (only a new draft can hold the text now).
 */
export type FileTrouble = 'unreadable' | 'gone'

/** The text at one moment, and how many edits it holds (see `savedElsewhere`). */
export interface TextSnapshot {
  pitch: string
  customFields: Record<string, string>
  edits: number
}

export const AUTOSAVE_DELAY_MS = 500

export class DraftSession {
  readonly id: string
  draft: Draft
  pitch: string
  customFields: Record<string, string>
  /** The version of the file the next save starts from. */
  version: string
  /** The file's text at `version`: the common ancestor when the next save meets a change. */
  base: DraftText
  conflict: Conflict | null = null
  /** The last save merged changes made elsewhere (until the text is replaced). */
  merged: MergedSave | null = null
  saveError: AppError | null = null
  fileTrouble: FileTrouble | null = null

  /** Edits counted since opening, and how many of them the file on disk holds. */
  private edits = 0
  private savedEdits = 0
  private running: Promise<boolean> | null = null
  /** The autosave: due once typing has paused for the autosave delay. */
  private readonly autosave: TrailingTimer
  /** The applicant asked for a save (Ctrl+S): the next request sent says so (`explicit`). */
  private explicitPending = false

  constructor(
    draft: Draft,
    private readonly saveDraft: SaveDraft,
    /** Called whenever something the screen shows has changed. */
    private readonly changed: (session: DraftSession) => void,
    autosaveDelayMs = AUTOSAVE_DELAY_MS,
  ) {
    this.id = draft.id
    this.draft = draft
    this.pitch = draft.pitch
    this.customFields = draft.customFields
    this.version = draft.version
    this.base = textOf(draft)
    this.autosave = new TrailingTimer(autosaveDelayMs, () => void this.saveNow())
  }

  get readOnly(): boolean {
    return this.draft.status === 'submitted'
  }

  /** The text shown differs from the file on disk (as far as this app knows). */
  get unsaved(): boolean {
    return this.edits > this.savedEdits
  }

  get saving(): boolean {
    return this.running !== null
  }

  get saveState(): SaveState {
    if (this.running) return 'saving'
    if (this.saveError) return 'failed'
    return this.unsaved ? 'unsaved' : 'saved'
  }

  setPitch(pitch: string): void {
    if (this.readOnly || pitch === this.pitch) return
    this.pitch = pitch
    this.edited()
  }

  setField(name: string, value: string): void {
    if (this.readOnly || this.customFields[name] === value) return
    this.customFields = { ...this.customFields, [name]: value }
    this.edited()
  }

  /**
   * Saves now, and resolves once the file on disk holds what the applicant sees (true), or
   * when that cannot happen: a conflict, a failed save (false). `explicit`: the applicant asked
   * for it (Ctrl+S, the Save button), so the save keeps its own version in the draft's history.
   */
  saveNow(explicit = false): Promise<boolean> {
    this.clearTimer()
    if (explicit && this.unsaved) this.explicitPending = true
    if (this.running) return this.running
    if (this.conflict) return Promise.resolve(false)
    if (!this.unsaved) return Promise.resolve(this.saveError === null)
    this.running = this.saveUntilClean().finally(() => {
      this.running = null
      this.changed(this)
    })
    this.changed(this)
    return this.running
  }

  /**
   * Takes the file's version as it is now (reloaded after a change on disk, their version
   * after a conflict, or the draft marked submitted): the applicant's unsaved text is replaced.
   */
  replace(draft: Draft): void {
    this.clearTimer()
    this.draft = draft
    this.pitch = draft.pitch
    this.customFields = draft.customFields
    this.version = draft.version
    this.base = textOf(draft)
    this.savedEdits = this.edits
    this.conflict = null
    this.merged = null
    this.saveError = null
    this.fileTrouble = null
    this.changed(this)
  }

  snapshot(): TextSnapshot {
    return { pitch: this.pitch, customFields: this.customFields, edits: this.edits }
  }

  /**
   * The text of `edits` (a snapshot's count) now lives in another file (kept as a copy):
   * those edits are not saved here. Anything typed after the snapshot still counts as unsaved,
   * and a conflict stays so that nothing writes over the original.
   */
  savedElsewhere(edits: number): void {
    this.savedEdits = Math.max(this.savedEdits, edits)
    if (!this.unsaved) this.clearTimer()
    this.changed(this)
  }

  /**
   * Reading the file failed (gone, damaged): what the screen shows is not on disk.
   * `reread`: this was a second look after an earlier problem, so a missing file is gone.
   */
  fileProblem(error: AppError, reread = false): void {
    this.saveError = error
    this.fileTrouble = error.code === 'not_found' && (reread || this.fileTrouble === 'gone') ? 'gone' : 'unreadable'
    this.changed(this)
  }

  /**
   * The file can be read again after a file problem: it is the base of the next save. Text on
   * screen that differs from it is kept as unsaved edits, so the next save writes it. Only
   * while no save is on its way (the caller waits for it first).
   */
  fileReadAgain(draft: Draft): void {
    this.draft = draft
    this.version = draft.version
    this.base = textOf(draft)
    this.saveError = null
    this.fileTrouble = null
    if (this.pitch === draft.pitch && sameFields(this.customFields, draft.customFields)) this.savedEdits = this.edits
    else if (!this.unsaved) this.edits += 1
    this.changed(this)
  }

  /**
   * The applicant finished the conflict view: `text` (their choice, hunk by hunk) is saved over
   * the file's version `version`, whose text is `base` (the other side). If the file changed yet
   * again meanwhile, that save merges in turn.
   */
  resolve(text: DraftText, version: string, base: DraftText): Promise<boolean> {
    this.conflict = null
    this.version = version
    this.base = base
    this.pitch = text.pitch
    this.customFields = text.customFields
    this.edits += 1
    return this.saveNow(true)
  }

  private edited(): void {
    this.edits += 1
    if (this.conflict) this.autosave.cancel()
    else this.autosave.touch()
    this.changed(this)
  }

  private clearTimer(): void {
    this.autosave.cancel()
  }

  private async saveUntilClean(): Promise<boolean> {
    while (this.unsaved && !this.conflict) {
      const sent = this.edits
      const request: SaveRequest = { id: this.id, pitch: this.pitch, customFields: this.customFields, baseVersion: this.version, base: this.base }
      if (this.explicitPending) request.explicit = true
      this.explicitPending = false
      this.saveError = null
      const result = await this.saveDraft(request)
      if (!result.ok) {
        if (result.error.code === 'conflict') {
          this.clearTimer()
          this.conflict = result.error.currentVersion !== undefined ? { currentVersion: result.error.currentVersion } : {}
        } else {
          this.saveError = result.error
          // Saving again cannot bring a missing file back: the next try reads it first.
          if (result.error.code === 'not_found') this.fileTrouble = this.fileTrouble ?? 'unreadable'
        }
        return false
      }
      const answer = result.value
      if (answer.outcome === 'conflict') {
        this.clearTimer()
        this.conflict = { currentVersion: answer.conflict.version, detail: answer.conflict }
        return false
      }
      this.fileTrouble = null
      this.draft = answer.draft
      this.version = answer.draft.version
      if (answer.outcome === 'merged') {
        this.merged = { theirVersion: answer.theirVersion, version: answer.draft.version }
        if (this.edits === sent) {
          // Nothing typed since: the merged text is what the applicant sees now.
          this.pitch = answer.draft.pitch
          this.customFields = answer.draft.customFields
          this.base = textOf(answer.draft)
        } else {
          // Typed while it was on its way: the next save merges those edits (from the text sent) into the merged file.
          this.base = { pitch: request.pitch, customFields: request.customFields }
        }
      } else {
        // The text is left as it is: anything typed while this save was on its way is newer.
        this.base = { pitch: request.pitch, customFields: request.customFields }
      }
      // Never backwards: a copy or a reload may have settled later edits meanwhile.
      this.savedEdits = Math.max(this.savedEdits, sent)
    }
    return !this.unsaved && !this.conflict
  }
}

function sameFields(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key])
}

function textOf(draft: Draft): DraftText {
  return { pitch: draft.pitch, customFields: draft.customFields }
}
