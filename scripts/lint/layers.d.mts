/** Types of layers.mjs (plain JavaScript so that ESLint loads it without a TypeScript loader). */
export type RendererLayer = 'shared' | 'lib' | 'state' | 'components' | 'features' | 'app'
export const RENDERER_LAYERS: { name: RendererLayer; rank: number; rule: string }[]
export function rendererPlace(root: string, file: string): { layer: RendererLayer; feature: string | null } | null
export function rankOf(layer: RendererLayer): number
export function isFeaturePublicFile(root: string, file: string, layer?: 'features' | 'state'): boolean
export function rendererFolder(root: string, file: string): string | null
