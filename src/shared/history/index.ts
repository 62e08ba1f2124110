/**
 * Draft history's pure pieces, shared by the core and the renderer: Markdown sections (what
 * "restore one section" replaces), the one-line summary of a version, and the word diff of two
 * versions. The storage of versions lives in the core (src/main/core/history).
 */
export { type DiffPart, type DiffVersionsOptions, diffVersions } from './diff'
export { type PitchSection, type SectionReplacement, findSection, pitchSections, replaceSection, sectionKey, sectionOfEachLine } from './sections'
export { type VersionContent, changedFields, summarizeChange } from './summary'
