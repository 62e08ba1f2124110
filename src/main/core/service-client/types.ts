/** The service client's shapes: its options, its interface, and one call as it travels. */
import type {
  ApplicationRequest,
  ApplicationResult,
  Credentials,
  FeedbackRequest,
  FeedbackResult,
  GrantDetail,
  GrantList,
  GrantType,
  LoginRequest,
} from '../../../shared/api'
import type { AppError } from '../../../shared/ipc'
import type { Credential } from '../credential'
import type { Logger } from '../errors'

export interface ServiceClientOptions {
  /** Read on every request (settings may change it); no trailing slash. */
  baseUrl: () => string | Promise<string>
  /** Per attempt, default 15_000. */
  timeoutMs?: number
  /** Retries of GETs, default 2. */
  retryLimit?: number
  /** First backoff delay, default 500, doubling, capped at maxRetryDelayMs. */
  retryDelayMs?: number
  /** Default 5_000. */
  maxRetryDelayMs?: number
  /** A Retry-After longer than this is not waited for: fail at once. Default 30_000. */
  maxRetryAfterMs?: number
  /** Details of failures (bad shapes, unexpected bodies) go here, never to the user. */
  log?: Logger
  /**
   * The most bytes of an answer's body that are read, counted while streaming: past it the
   * body is dropped and the call fails `bad_response`. Default 5 MB for the grant list, 2 MB
   * for every other answer.
   */
  maxBodyBytes?: { list?: number; other?: number }
  /**
   * The client is waiting `seconds` because the service asked it to (Retry-After) before
   * trying again; `seconds: 0` when the wait is over. For the applicant's countdown.
   */
  onWait?: (wait: { seconds: number; operation: Operation }) => void
  /** True after any HTTP response arrived, false after a network-level failure (not for timeouts). */
  onReachability?: (online: boolean) => void
}

export interface ServiceClient {
  /** POST /api/auth/login; `origin` is the service origin the password was sent to (the login belongs to it). */
  login(body: LoginRequest): Promise<{ credentials: Credentials; origin: string }>
  /** GET /api/build?status=..&type=.. */
  listGrants(query: { status: 'open' | 'closed' | 'all'; type?: GrantType }): Promise<GrantList>
  /** GET /api/build/{id} */
  getGrant(id: string): Promise<GrantDetail>
  /** POST to `applyUrl(...)`; re-sent once when the connection fails after it may have been sent. */
  apply(args: { grantId: string; applyEndpoint: string; body: ApplicationRequest; credential: Credential }): Promise<ApplicationResult>
  /** Where `apply` would POST for this grant (see `applyUrl`). */
  applyTarget(grantId: string, applyEndpoint: string): Promise<string>
  /**
   * GET /api/build once (no retries): true when any HTTP answer came, false when the network
   * failed or nothing answered in time. Reported to `onReachability` like every call.
   */
  probe(): Promise<boolean>
  /** POST /api/feedback; any 2xx counts as received. */
  sendFeedback(body: FeedbackRequest): Promise<FeedbackResult>
}

export type Operation = 'login' | 'list' | 'grant' | 'apply' | 'feedback'

export interface Call {
  op: Operation
  method: 'GET' | 'POST'
  url: string
  /** `host:port` of the service, for the applicant's messages. */
  host: string
  json?: unknown
  /** Never retried (a probe: the caller asks again on its own schedule). */
  once?: boolean
  /** A bearer token and the only origin it may be sent to. */
  credential?: Credential
}

export interface Answer {
  status: number
  text: string
  contentType: string | null
}

export type Extra = Omit<AppError, 'code' | 'message'>
