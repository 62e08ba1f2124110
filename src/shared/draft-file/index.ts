/** The draft file: one Markdown file per draft, YAML front matter for the rest (format.ts says how). Uses the api and text parts. */
export * from './format'
