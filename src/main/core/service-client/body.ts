/** Reading an answer's body: bounded in bytes while it streams, and in time. */
import { TimeoutError } from 'ky'

/** An error page is read only this far: its first sentence is all the applicant is shown. */
export const ERROR_BODY_BYTES = 64 * 1024

/** The body went past its limit (or declared it would); the stream was cancelled. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the body is larger than ${limit} bytes`)
  }
}

/**
 * The body as text, at most `limit` bytes, counted as they stream in: a hostile or broken
 * service cannot fill the memory with a 200 MB answer. Past the limit the stream is cancelled
 * (the connection is dropped, not drained) and `BodyTooLarge` thrown, or with `truncate` the
 * first `limit` bytes are kept (error pages). ky's timeout ends when the headers arrive, so
 * a body that stalls or trickles afterwards is cut off here after `withinMs`: what is left of
 * the attempt's timeout once the headers are in.
 */
export async function readBody(response: Response, abort: AbortController, limit: number, withinMs: number, truncate = false): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (!truncate && Number.isFinite(declared) && declared > limit) {
    void response.body?.cancel().catch(() => undefined)
    throw new BodyTooLarge(limit)
  }
  if (response.body === null) return ''
  const timer = setTimeout(() => abort.abort(new TimeoutError(new Request(response.url || 'http://service.invalid/'))), withinMs)
  const reader = response.body.getReader()
  try {
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (size + value.byteLength > limit) {
        void reader.cancel().catch(() => undefined)
        if (!truncate) throw new BodyTooLarge(limit)
        chunks.push(value.subarray(0, limit - size))
        break
      }
      chunks.push(value)
      size += value.byteLength
    }
    return new TextDecoder().decode(Buffer.concat(chunks))
  } catch (error) {
    if (abort.signal.aborted && abort.signal.reason instanceof TimeoutError) throw abort.signal.reason
    throw error
  } finally {
    clearTimeout(timer)
  }
}
