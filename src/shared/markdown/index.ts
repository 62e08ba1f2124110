/**
 * Markdown: pasted or imported HTML as Markdown (from-html.ts, with Office's HTML made plain
 * first), and the one set of safety rules for showing server Markdown (safe-rules.ts). Imports
 * no other part.
 */
export * from './from-html'
export * from './safe-rules'
