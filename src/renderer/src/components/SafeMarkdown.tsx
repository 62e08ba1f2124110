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
 * The preview puts a hidden, focusable "#" link in every heading; keyboard users would tab
 * onto an invisible control (axe: aria-hidden-focus), and in-page anchors mean nothing here.
 */
const dropHeadingAnchors: RehypeRewrite = (node, _index, parent) => {
  if (node.type !== 'element' || !parent || parent.type !== 'element' || !/^h[1-6]$/.test(parent.tagName)) return
  if (node.tagName === 'a' && node.properties?.['ariaHidden'] !== undefined) {
    parent.children = parent.children.filter((child) => child !== node)
  }
}

/** Web and mail links open outside the app; anything else (in-page, relative) is shown as text. */
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

export function SafeMarkdown({ source, label, testId }: { source: string; label?: string; testId?: string }) {
  return (
    <div className="markdown-body" {...(label ? { role: 'region', 'aria-label': label } : {})} data-testid={testId}>
      <MDEditor.Markdown
        source={source}
        rehypePlugins={[SANITIZE]}
        pluginsFilter={sanitizeLast}
        rehypeRewrite={dropHeadingAnchors}
        disableCopy
        components={{ a: ExternalLink, img: ImageAsLink }}
        style={{ background: 'transparent', color: 'inherit' }}
      />
    </div>
  )
}

/** For the editor's own preview: the same plugins, passed through `previewOptions`. */
export const SAFE_PREVIEW_OPTIONS = {
  rehypePlugins: [SANITIZE],
  pluginsFilter: sanitizeLast,
  rehypeRewrite: dropHeadingAnchors,
  disableCopy: true,
  components: { a: ExternalLink, img: ImageAsLink },
} satisfies Partial<MarkdownProps>
