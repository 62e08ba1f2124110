/** Types of shared-parts.mjs (plain JavaScript so that Vite loads each config without a TypeScript loader). */
export declare const SHARED_HAS_NO_SIDE_EFFECTS: { test: RegExp; sideEffects: false }
export declare const CORE_FOLDER_HAS_NO_SIDE_EFFECTS: { test: RegExp; sideEffects: false }
