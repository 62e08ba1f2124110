/** Types of import-graph.mjs (plain JavaScript so that ESLint loads it without a TypeScript loader). */
export type ImportGraph = Map<string, Set<string>>
export function importGraph(root: string): ImportGraph
export function cycles(graph: ImportGraph): string[][]
export function groupGraph(graph: ImportGraph, groupOf: (file: string) => string | null): ImportGraph
