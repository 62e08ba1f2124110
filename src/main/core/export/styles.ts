/**
 * The review copy's one stylesheet, inline because the copy is a single file that loads
 * nothing (its CSP allows this exact stylesheet by hash and no other source). Two media:
 *
 * - screen: a readable column, system fonts, dark text on white, every colour pair at least
 *   4.5:1 (axe's colour-contrast rule), links underlined so they never rely on colour alone;
 * - print: no backgrounds or shadows, black text, margins that fit A4 and Letter alike (no
 *   `size`, so the printer's paper decides), the review notes on a new page, the address of
 *   each web link written after it (paper cannot be clicked), and no heading left alone at
 *   the foot of a page.
 */
export const REVIEW_COPY_CSS = `
:root { color-scheme: light; }
*, *::before, *::after { box-sizing: border-box; }
html { font-size: 100%; -webkit-text-size-adjust: 100%; }
body {
  margin: 0 auto; padding: 2.5rem 1.5rem 3rem; max-width: 46rem;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 1rem; line-height: 1.6; color: #1b1b1b; background: #ffffff;
  overflow-wrap: break-word;
}
h1, h2, h3, h4, h5, h6 { line-height: 1.25; margin: 1.6em 0 0.5em; color: #111111; }
h1 { font-size: 1.9rem; margin-top: 0.2em; }
h2 { font-size: 1.45rem; padding-bottom: 0.25em; border-bottom: 1px solid #c8c8c8; }
h3 { font-size: 1.2rem; }
h4 { font-size: 1.05rem; }
h5, h6 { font-size: 1rem; }
p, ul, ol, dl, table, pre, blockquote { margin: 0 0 1em; }
a { color: #0b4f8a; text-decoration: underline; text-underline-offset: 0.15em; }
a:focus-visible { outline: 2px solid #0b4f8a; outline-offset: 2px; }
code, pre, kbd { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.92em; }
code { background: #f1f3f5; padding: 0.1em 0.3em; border-radius: 3px; }
pre { background: #f1f3f5; padding: 0.8em 1em; overflow-x: auto; white-space: pre-wrap; border-radius: 4px; }
pre code { background: none; padding: 0; }
blockquote { margin-left: 0; padding: 0.1em 1em; border-left: 4px solid #8a8a8a; color: #333333; }
table { border-collapse: collapse; width: auto; max-width: 100%; }
th, td { border: 1px solid #9a9a9a; padding: 0.35em 0.6em; vertical-align: top; text-align: left; }
th { background: #f1f3f5; }
hr { border: 0; border-top: 1px solid #c8c8c8; margin: 2em 0; }
sup a { text-decoration: none; font-weight: 600; }
del { color: #8b1a1a; }
ins { color: #0f5a2a; text-decoration: underline; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;
}
.kicker { margin: 0; font-size: 0.85rem; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase; color: #4a4a4a; }
.lead { font-size: 1.05rem; color: #333333; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.3em 1.2em; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; white-space: pre-wrap; }
.empty { font-style: italic; color: #4a4a4a; }
.required { font-weight: 400; font-size: 0.9em; color: #4a4a4a; }
.pitch { margin-top: 1em; }
.verdict { font-weight: 600; }
.findings { padding-left: 1.2em; }
.findings li { margin-bottom: 0.6em; }
.line { font-variant-numeric: tabular-nums; font-weight: 600; }
.hint { color: #3d3d3d; }
.severity-error { color: #8b1a1a; }
.severity-warning { color: #6b4500; }
.severity-info { color: #1f4e79; }
.notes { list-style: none; padding: 0; }
.note { border-top: 1px solid #c8c8c8; padding-top: 0.8em; margin-top: 1.2em; }
.note h3 { margin-top: 0; }
.quote { font-style: italic; }
.meta { color: #3d3d3d; font-size: 0.95em; margin-bottom: 0.3em; }
.body { white-space: pre-wrap; }
.replies { list-style: none; padding-left: 1.2em; border-left: 2px solid #c8c8c8; }
.replies li { margin-bottom: 0.6em; }
.suggestion { background: #f6f8fa; border: 1px solid #c8c8c8; padding: 0.5em 0.8em; border-radius: 4px; }
.suggestion p { margin: 0.2em 0; }
.diff { white-space: pre-wrap; }
footer { margin-top: 3em; padding-top: 1em; border-top: 1px solid #c8c8c8; font-size: 0.9rem; color: #3d3d3d; }

@page { margin: 18mm 16mm 20mm; }
@media print {
  *, *::before, *::after { background: transparent !important; box-shadow: none !important; }
  html { font-size: 11pt; }
  body { max-width: none; margin: 0; padding: 0; color: #000000; line-height: 1.45; }
  h1, h2, h3, h4, h5, h6 { color: #000000; break-after: avoid; page-break-after: avoid; }
  h2 { border-bottom-color: #000000; }
  a { color: #000000; }
  a[href^="http:"]::after, a[href^="https:"]::after, a[href^="mailto:"]::after {
    content: " (" attr(href) ")"; font-size: 0.85em; word-break: break-all;
  }
  a.bare-link::after { content: none; }
  p, li, blockquote, pre, tr, dt, dd, .suggestion { break-inside: avoid; page-break-inside: avoid; orphans: 3; widows: 3; }
  .note { break-inside: avoid-page; }
  #notes { break-before: page; page-break-before: always; }
  pre, code, .suggestion, th { border-color: #000000; }
  del, ins, .severity-error, .severity-warning, .severity-info, .hint, .meta, .empty, .required, footer, .kicker, .lead, blockquote { color: #000000; }
  footer { margin-top: 2em; }
}
`.trim()
