/**
 * The rules every Markdown the app shows is held to, as data and a hast transform, so the
 * exported review copy (rendered in Node, src/main/core/export) and the app's own preview
 * (src/renderer/src/components/SafeMarkdown.tsx, which applies the same rules through React
 * components today and can move to these) cannot drift apart:
 *
 * - raw HTML is never parsed: it is shown as the text it is (react-markdown's behaviour,
 *   which the app's preview relies on);
 * - images are never loaded (a remote image is a tracking pixel): an http(s) image becomes a
 *   link to it labelled "[Image: alt]", any other image only that label;
 * - links keep only http, https and mailto targets; any other link (javascript:, file:,
 *   relative, in-page) becomes its text.
 *
 * rehype-sanitize still runs last after this, with `SAFE_SANITIZE_SCHEMA`, so a mistake here
 * cannot let anything through that sanitize would stop.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'
import { defaultSchema } from 'rehype-sanitize'

/** The link targets kept. */
export const SAFE_LINK_PATTERN = /^(?:https?:|mailto:)/i
/** The image sources that may become a link (never loaded). */
export const LINKABLE_IMAGE_PATTERN = /^https?:/i

export function isSafeLink(href: unknown): href is string {
  return typeof href === 'string' && SAFE_LINK_PATTERN.test(href)
}

export function isLinkableImage(src: unknown): src is string {
  return typeof src === 'string' && LINKABLE_IMAGE_PATTERN.test(src)
}

/** "[Image: team photo]", or "[Image]" without alt text: what stands in for an image. */
export function imageLabel(alt: unknown): string {
  return typeof alt === 'string' && alt.trim() !== '' ? `[Image: ${alt}]` : '[Image]'
}

/**
 * GitHub's schema (what the app's preview sanitizes with) without images or their sources, and
 * with links limited to the targets above. Relative URLs pass any sanitize schema, which is why
 * `rehypeSafeMarkdown` turns them into text first.
 */
export const SAFE_SANITIZE_SCHEMA: typeof defaultSchema = {
  ...defaultSchema,
  tagNames: (defaultSchema.tagNames ?? []).filter((tag) => !['img', 'picture', 'source', 'video', 'audio'].includes(tag)),
  attributes: Object.fromEntries(Object.entries(defaultSchema.attributes ?? {}).filter(([tag]) => !['img', 'source'].includes(tag))),
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto'], src: [], longDesc: [] },
}

type Parent = Root | Element

function text(value: string): ElementContent {
  return { type: 'text', value }
}

function replacement(node: Element): ElementContent | null {
  if (node.tagName === 'img') {
    const label = imageLabel(node.properties['alt'])
    const src = node.properties['src']
    return isLinkableImage(src)
      ? { type: 'element', tagName: 'a', properties: { href: src }, children: [text(label)] }
      : { type: 'element', tagName: 'span', properties: {}, children: [text(label)] }
  }
  if (node.tagName === 'a' && !isSafeLink(node.properties['href'])) {
    return { type: 'element', tagName: 'span', properties: {}, children: node.children }
  }
  return null
}

function walk(parent: Parent): void {
  const children = parent.children as (RootContent | ElementContent)[]
  for (let index = 0; index < children.length; index++) {
    const node = children[index]!
    // `raw` is what remark-rehype keeps of HTML in the Markdown (with allowDangerousHtml).
    if ((node as { type: string }).type === 'raw') {
      children[index] = { type: 'text', value: (node as unknown as { value: string }).value }
      continue
    }
    if (node.type !== 'element') continue
    const swapped = replacement(node)
    if (swapped) {
      if (node.position) swapped.position = node.position
      children[index] = swapped
    }
    walk(children[index] as Element)
  }
}

/** The rules above as a rehype plugin; run it before rehype-sanitize. */
export function rehypeSafeMarkdown() {
  return (tree: Root): undefined => {
    walk(tree)
    return undefined
  }
}
