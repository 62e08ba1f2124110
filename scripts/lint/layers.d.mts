/** Types of layers.mjs (plain JavaScript so that ESLint loads it without a TypeScript loader). */
export interface RendererLayer {
  name: string
  rank: number
  rule: string
}
export interface SharedPart {
  name: string
  uses: string[]
  holds: string
}
export const RENDERER_LAYERS: RendererLayer[]
export function rendererPlace(root: string, file: string): { layer: string; feature: string | null } | null
export function rankOf(layer: string): number
export function isFeaturePublicFile(root: string, file: string): boolean
export const SHARED_PARTS: SharedPart[]
export function sharedPlace(root: string, file: string): { part: string | null; door: boolean } | null
