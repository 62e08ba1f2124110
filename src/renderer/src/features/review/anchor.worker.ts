/**
 * Places the review's quotes in the pitch off the main thread, with the shared anchoring's
 * budget (ANCHOR_BUDGET: 50 ms a quote, 500 ms a call), so that typing never waits for a
 * quote that is hard to place. Each call's answer is posted at once; while quotes are left
 * that a longer search could place, it goes on from where it stopped, unless a newer text has
 * arrived meanwhile (which makes this one moot).
 */
import { ANCHOR_BUDGET, placeAnchors, type Placements } from '../../../../shared/review'
import type { PlacementReply, PlacementRequest } from './placementProtocol'

let latest = 0

function run(request: PlacementRequest, previous: Placements | undefined): void {
  if (request.seq !== latest) return
  const placements = placeAnchors({ text: request.text, quotes: request.quotes, ...(previous ? { previous } : {}) }, ANCHOR_BUDGET)
  self.postMessage({ seq: request.seq, placements } satisfies PlacementReply)
  // Another turn only for quotes whose own budget ran out before the total did; a message in between may supersede it.
  if (!placements.complete) setTimeout(() => run(request, placements), 0)
}

self.addEventListener('message', (event: MessageEvent<PlacementRequest>) => {
  latest = event.data.seq
  run(event.data, undefined)
})
