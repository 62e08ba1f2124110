/** Types of layers.mjs (plain JavaScript so that ESLint loads it without a TypeScript loader). */
export type RendererLayer = 'shared' | 'lib' | 'state' | 'components' | 'features' | 'app'
export interface SharedPart {
  name: string
  uses: string[]
  holds: string
}
export const RENDERER_LAYERS: { name: RendererLayer; rank: number; rule: string }[]
export function rendererPlace(root: string, file: string): { layer: RendererLayer; feature: string | null } | null
export function rankOf(layer: RendererLayer): number
export function isFeaturePublicFile(root: string, file: string, layer?: 'features' | 'state'): boolean
export function rendererFolder(root: string, file: string): string | null
export const SHARED_PARTS: SharedPart[]
export function sharedPlace(root: string, file: string): { part: string | null; door: boolean } | null
export const CORE_PARTS: { name: string; uses: string[]; holds: string }[]
export function corePlace(root: string, file: string): { part: string | null; area: string; door: boolean } | null
