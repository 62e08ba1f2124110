/**
 * `export.reviewCopy` and `export.pdf`: the review copy (review-copy.ts) of a draft as saved on
 * disk. Always the saved version, never the editor's unsaved text (the core does not have it):
 * the answer carries the version it used, so the renderer can say "Exported the saved version"
 * when the editor holds edits not yet saved.
 *
 * The PDF needs a browser engine to lay the copy out, which only the Electron shell has. The
 * shell hands the core a `PdfPrinter` (src/main/export-pdf.ts); a host without one (the
 * browser host) answers `invalid_input` with what to do instead.
 */
import type { ChannelOutput } from '../../../shared/ipc'
import type { ReviewData } from '../../../shared/review'
import type { ReviewSubject } from '../folder'
import { readReviewRecords, unreadableReview } from '../reviews'
import { draftView } from '../drafts/view'
import { AppFailure } from '../errors'

export const PDF_UNAVAILABLE_MESSAGE = 'PDF export needs the desktop app; use Print in the exported HTML (your browser can save it as PDF).'

export type PdfResult = ChannelOutput<'export.pdf'>

/** The host's way to turn the copy into a PDF file the applicant chooses where to keep. */
export interface PdfPrinter {
  /** Lays `html` out, prints it to PDF, asks where to save it (suggesting `fileName`) and writes it. */
  print(copy: { html: string; fileName: string }): Promise<PdfResult>
}

export interface ExportServiceOptions {
  /** The draft as read from disk now, with its folder (its review records live beside it). */
  open(id: string): Promise<ReviewSubject>
  /** The grant's sponsor when it can be learnt (cache or service), else null. Must not throw. */
  sponsorOf(grantId: string): Promise<string | null>
  now: () => Date
  /** Dates in the copy; default this computer's time zone. */
  timeZone?: string
  pdf?: PdfPrinter | null
}

export class ExportService {
  readonly #options: ExportServiceOptions

  constructor(options: ExportServiceOptions) {
    this.#options = options
  }

  get pdfAvailable(): boolean {
    return !!this.#options.pdf
  }

  async reviewCopy(draftId: string): Promise<ChannelOutput<'export.reviewCopy'>> {
    // One read of the file: the copy, its version and its review all describe the same bytes.
    const subject = await this.#options.open(draftId)
    const draft = draftView(subject.folder, subject.id, subject.version, subject.file)
    let review: ReviewData
    try {
      review = (await readReviewRecords(subject)).data
    } catch (error) {
      // The copy is still worth having; it says that the review could not be read.
      const reason = error instanceof Error ? error.message : String(error)
      review = unreadableReview(`${draft.id}.reviews`, reason)
    }
    const sponsor = await this.#options.sponsorOf(draft.grant.id)
    // Loaded when a copy is asked for: with the checklist and the Markdown-to-HTML pipeline it is a
    // large part of the core's code, which the host parsed before it could answer the grant list.
    const { buildReviewCopy } = await import('./review-copy')
    const copy = buildReviewCopy({ draft, review, sponsor, exportedAt: this.#options.now(), timeZone: this.#options.timeZone })
    return {
      html: copy.html,
      fileName: copy.fileName,
      savedAt: draft.updatedAt,
      savedVersion: draft.version,
      note: copy.note,
      pdfAvailable: this.pdfAvailable,
    }
  }

  async pdf(draftId: string): Promise<PdfResult> {
    const printer = this.#options.pdf
    // Before reading anything: the answer does not depend on the draft.
    if (!printer) throw new AppFailure('invalid_input', PDF_UNAVAILABLE_MESSAGE)
    const copy = await this.reviewCopy(draftId)
    return printer.print({ html: copy.html, fileName: copy.fileName.replace(/\.html$/, '.pdf') })
  }
}
