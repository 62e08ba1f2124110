/** What the editor and the anchoring worker (anchor.worker.ts) say to each other. */
import type { Placements, TextQuote } from '../../../../shared/review'

export interface PlacementRequest {
  seq: number
  text: string
  quotes: TextQuote[]
}

export interface PlacementReply {
  seq: number
  placements: Placements
}
