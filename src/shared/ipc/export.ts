/** The contract's review copy export (for reviewers without the app; see main/core/export). Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { IsoTimestamp } from '../api'

export const ExportReviewCopyOutput = z.object({
  /** One self-contained HTML file: no script, nothing loaded from anywhere. */
  html: z.string(),
  /** Suggested name: `<draft-id>-YYYY-MM-DD.html`. */
  fileName: z.string(),
  /** The `updatedAt` of the saved version exported (always the file on disk, never unsaved edits). */
  savedAt: IsoTimestamp,
  /** Its version: the renderer compares it with the editor's to say "Exported the saved version". */
  savedVersion: z.string(),
  /** What the copy holds and leaves out, in a sentence or two for the applicant. */
  note: z.string(),
  /** Whether `export.pdf` works in this host (the desktop app); the browser host prints instead. */
  pdfAvailable: z.boolean(),
})
export type ExportReviewCopyOutput = z.infer<typeof ExportReviewCopyOutput>

export const ExportPdfOutput = z.union([z.strictObject({ path: z.string() }), z.strictObject({ canceled: z.literal(true) })])
export type ExportPdfOutput = z.infer<typeof ExportPdfOutput>
