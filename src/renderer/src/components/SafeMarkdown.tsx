/**
 * Markdown from the service (grant descriptions) or the applicant (pitch previews), rendered
 * safely: rehype-sanitize (GitHub's schema) runs after every other plugin, raw HTML is never
 * parsed, and links open outside the app (Electron's shell denies new windows and hands
 * http(s) links to the system browser; the browser host opens a new tab).
 */
import MDEditor from '@uiw/react-md-editor/nohighlight'
import type { ComponentProps } from 'react'
import rehypeSanitize from 'rehype-sanitize'

type MarkdownProps = ComponentProps<typeof MDEditor.Markdown>
type RehypeRewrite = NonNullable<MarkdownProps['rehypeRewrite']>
type PluginsFilter = NonNullable<MarkdownProps['pluginsFilter']>

const SANITIZE: [typeof rehypeSanitize] = [rehypeSanitize]

/** Sanitize last, whatever the preview adds before or after the caller's plugins. */
const sanitizeLast: PluginsFilter = (type, plugins) => (type === 'rehype' ? [...plugins.filter((plugin) => plugin !== SANITIZE), SANITIZE] : plugins)

/**
 * Fits the Markdown into the screen's outline: its headings move down by `offset` levels (a
 * pitch's "# Title" inside the confirmation's "Pitch" section becomes an h4, not a second h1),
 * and the hidden, focusable "#" link the preview puts in every heading is dropped (keyboard
 * users would tab onto an invisible control; in-page anchors mean nothing here).
 */
function fitHeadings(offset: number): RehypeRewrite {
  return (node, _index, parent) => {
    if (node.type !== 'element') return
    const level = /^h([1-6])$/.exec(node.tagName)
    if (level && offset > 0) node.tagName = `h${Math.min(6, Number(level[1]) + offset)}`
    if (parent?.type === 'element' && /^h[1-6]$/.test(parent.tagName) && node.tagName === 'a' && node.properties?.['ariaHidden'] !== undefined) {
      parent.children = parent.children.filter((child) => child !== node)
    }
  }
}

function ExternalLink({ node: _node, href, children, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  if (!href || !/^(?:https?:|mailto:)/i.test(href)) return <span>{children}</span>
  return (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}

/**
 * Images are not loaded: a remote image in a grant's description or a pitch would tell its
 * host who opened it and when (a tracking pixel). It becomes a link the applicant may follow.
 */
function ImageAsLink({ node: _node, src, alt }: ComponentProps<'img'> & { node?: unknown }) {
  const label = `Image${alt ? `: ${alt}` : ''}`
  if (typeof src !== 'string' || !/^https?:/i.test(src)) return <span>[{label}]</span>
  return (
    <a href={src} target="_blank" rel="noopener noreferrer">
      [{label}]
    </a>
  )
}

/** `headingOffset`: how many levels the Markdown's headings sit below the screen's (see fitHeadings). */
export function SafeMarkdown({ source, label, testId, headingOffset = 0 }: { source: string; label?: string; testId?: string; headingOffset?: number }) {
  return (
    <div className="markdown-body" {...(label ? { role: 'region', 'aria-label': label } : {})} data-testid={testId}>
      <MDEditor.Markdown
        source={source}
        rehypePlugins={[SANITIZE]}
        pluginsFilter={sanitizeLast}
        rehypeRewrite={fitHeadings(headingOffset)}
        disableCopy
        components={{ a: ExternalLink, img: ImageAsLink }}
        style={{ background: 'transparent', color: 'inherit' }}
      />
    </div>
  )
}

/** For the editor's own preview: the same plugins, passed through `previewOptions`. */
export function safePreviewOptions(headingOffset = 0) {
  return {
    rehypePlugins: [SANITIZE],
    pluginsFilter: sanitizeLast,
    rehypeRewrite: fitHeadings(headingOffset),
    disableCopy: true,
    components: { a: ExternalLink, img: ImageAsLink },
  } satisfies Partial<MarkdownProps>
}
