import type { Element, Nodes } from 'hast'
import { fromHtml as parseHtml } from 'hast-util-from-html'
import { toText } from 'hast-util-to-text'
import { formatIssuePath } from '../../../shared/api'
import { MAX_MESSAGE_CHARS, asSentence, clip } from './text'

/**
 * What an error body of any shape says: JSON `{error:{code,message,fields}}`, `{error:"text"}`,
 * `{message}`, `{detail}` (string or FastAPI-style array of `{loc,msg}`), `{errors:[...]}`, a
 * plain text string, an HTML page (its `<title>`/`<h1>` text, never markup), or nothing.
 */
export function readErrorBody(
  text: string,
  contentType: string | null,
): { message: string | null; code: string | null; applicationId: string | null; fields: Record<string, string> | null } {
  const none = { message: null, code: null, applicationId: null, fields: null }
  const trimmed = text.trim()
  if (trimmed === '') return none
  const type = (contentType ?? '').toLowerCase()

  if (type.includes('json') || /^[{["]/.test(trimmed)) {
    let value: unknown
    let parsed = false
    try {
      value = JSON.parse(trimmed)
      parsed = true
    } catch {
      // Claimed JSON but is not: read it as text or HTML below.
    }
    if (parsed) return fromJson(value)
  }
  if (type.includes('html') || type.includes('xml') || /^<|<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?>/i.test(trimmed)) {
    return { ...none, message: fromHtml(trimmed) }
  }
  return { ...none, message: cleanText(trimmed) }
}

// ---------------------------------------------------------------------------------------------
// Reading error bodies

type Json = Record<string, unknown>

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** `invalid_token`, `grant-closed`, `NOT_FOUND`: a machine code rather than a sentence. */
function looksLikeCode(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9]*(?:[_.:-][A-Za-z0-9]+)+$/.test(text)
}

/** A message of one field: a string, a list of strings, or an object with a message. */
function fieldMessage(value: unknown): string | null {
  if (typeof value === 'string') return str(value)
  if (Array.isArray(value)) {
    const parts = value.map(fieldMessage).filter((part): part is string => part !== null)
    return parts.length > 0 ? parts.join('; ') : null
  }
  if (isRecord(value)) return str(value['message']) ?? str(value['msg']) ?? str(value['detail'])
  return null
}

function toFields(value: unknown): Record<string, string> | null {
  if (!isRecord(value)) return null
  const fields: Record<string, string> = {}
  for (const [key, raw] of Object.entries(value)) {
    const message = fieldMessage(raw)
    if (message !== null) fields[key] = cleanText(message) ?? message
  }
  return Object.keys(fields).length > 0 ? fields : null
}

const LOCATION_ROOTS = new Set(['body', 'query', 'path', 'header', 'cookie'])

/** FastAPI's `loc: ["body", "custom_fields", "repo"]` as `custom_fields.repo`. */
function locationKey(loc: unknown): string | null {
  if (typeof loc === 'string') return str(loc)
  if (!Array.isArray(loc)) return null
  const parts = loc.filter((part): part is string | number => typeof part === 'string' || typeof part === 'number')
  if (parts.length > 1 && typeof parts[0] === 'string' && LOCATION_ROOTS.has(parts[0])) parts.shift()
  const key = formatIssuePath(parts)
  return key === '' ? null : key
}

/** Items of `detail: [...]` or `errors: [...]`: their messages, and those tied to a field. */
function readIssueList(items: unknown[]): { messages: string[]; fields: Record<string, string> } {
  const messages: string[] = []
  const fields: Record<string, string> = {}
  for (const item of items) {
    if (typeof item === 'string') {
      if (str(item)) messages.push(item.trim())
      continue
    }
    if (!isRecord(item)) continue
    const message = str(item['msg']) ?? str(item['message']) ?? str(item['detail']) ?? str(item['title'])
    if (message === null) continue
    const source = item['source']
    const pointer = isRecord(source) ? (str(source['pointer']) ?? str(source['parameter'])) : null
    const key =
      locationKey(item['loc']) ??
      str(item['field']) ??
      str(item['path']) ??
      str(item['param']) ??
      str(item['property']) ??
      (pointer === null ? null : pointer.replace(/^\/(?:data\/attributes\/)?/, '').replaceAll('/', '.') || null)
    if (key !== null) {
      fields[key] ??= message
      messages.push(`${key}: ${message}`)
    } else {
      messages.push(message)
    }
  }
  return { messages, fields }
}

function fromJson(value: unknown): ReturnType<typeof readErrorBody> {
  const none = { message: null, code: null, applicationId: null, fields: null }
  if (typeof value === 'string') return { ...none, message: cleanText(value) }
  if (Array.isArray(value)) {
    const { messages, fields } = readIssueList(value)
    return { ...none, message: cleanText(messages.join('; ')), fields: Object.keys(fields).length > 0 ? fields : null }
  }
  if (!isRecord(value)) return none

  let code: string | null = null
  let applicationId: string | null = null
  let fields: Record<string, string> | null = null
  // Candidates in order of preference: a service's own sentence before a status phrase.
  const candidates: Array<string | null> = []

  const error = value['error']
  let errorText: string | null = null
  if (isRecord(error)) {
    code = str(error['code']) ?? str(error['type'])
    candidates.push(str(error['message']), str(error['detail']), str(error['description']))
    fields = toFields(error['fields']) ?? toFields(error['errors'])
    applicationId = str(error['application_id']) ?? str(error['applicationId'])
  } else if (typeof error === 'string' && str(error)) {
    if (looksLikeCode(error.trim())) code = error.trim()
    else errorText = error.trim()
  }

  code ??= str(value['code']) ?? str(value['error_code'])
  applicationId = str(value['application_id']) ?? str(value['applicationId']) ?? applicationId

  const message = value['message']
  candidates.push(str(message), Array.isArray(message) ? fieldMessage(message) : null)

  const detail = value['detail']
  let listSummary: string | null = null
  if (typeof detail === 'string') candidates.push(str(detail))
  else if (isRecord(detail)) candidates.push(str(detail['message']) ?? str(detail['msg']))
  else if (Array.isArray(detail)) {
    const read = readIssueList(detail)
    if (Object.keys(read.fields).length > 0) fields ??= read.fields
    listSummary = read.messages.length > 0 ? read.messages.join('; ') : null
  }

  const errors = value['errors']
  if (Array.isArray(errors)) {
    const read = readIssueList(errors)
    if (Object.keys(read.fields).length > 0) fields ??= read.fields
    listSummary ??= read.messages.length > 0 ? read.messages.join('; ') : null
  } else if (isRecord(errors)) {
    const recordFields = toFields(errors)
    if (recordFields) {
      fields ??= recordFields
      listSummary ??= Object.entries(recordFields)
        .map(([key, text]) => `${key}: ${text}`)
        .join('; ')
    }
  }

  candidates.push(str(value['error_description']), errorText, listSummary, str(value['title']))
  if (fields !== null && listSummary === null) {
    candidates.push(
      Object.entries(fields)
        .map(([key, text]) => `${key}: ${text}`)
        .join('; '),
    )
  }
  let best: string | null = null
  for (const candidate of candidates) {
    if (candidate === null) continue
    best = cleanText(candidate)
    if (best !== null) break
  }
  return { message: best, code, applicationId, fields }
}

/** The first element named `tag`, in document order. */
function firstElement(node: Nodes, tag: string): Element | null {
  if (node.type === 'element' && node.tagName === tag) return node
  if (!('children' in node)) return null
  for (const child of node.children) {
    const found = firstElement(child, tag)
    if (found) return found
  }
  return null
}

/**
 * Text without any markup, read by an HTML parser (entities decoded, comments, scripts and styles
 * dropped) and then once more, so that a decoded `&lt;b&gt;` cannot sneak a tag in.
 */
function stripMarkup(text: string): string {
  const once = toText(parseHtml(text, { fragment: true }))
  return toText(parseHtml(once, { fragment: true })).replace(/[<>]/g, ' ')
}

/** An error page: its title and first heading (the one that says more), and its first paragraph when they leave room. */
function fromHtml(html: string): string | null {
  const page = parseHtml(html)
  const inner = (tag: string) => {
    const element = firstElement(page, tag)
    return element ? cleanText(toText(element)) : null
  }
  const title = inner('title')
  const h1 = inner('h1')
  let head: string | null
  if (title && h1) head = title.includes(h1) ? title : h1
  else head = h1 ?? title
  // What the page shows (scripts, styles and the head are not shown).
  if (head === null) return cleanText(toText(page))
  const paragraph = inner('p')
  if (paragraph && !head.includes(paragraph) && head.length + paragraph.length < MAX_MESSAGE_CHARS) {
    return cleanText(`${asSentence(head)} ${paragraph}`)
  }
  return head
}

/** One line of readable text, at most ~300 characters, or null when nothing is left. */
export function cleanText(text: string): string | null {
  const flat = stripMarkup(text)
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return flat === '' ? null : clip(flat, MAX_MESSAGE_CHARS)
}
