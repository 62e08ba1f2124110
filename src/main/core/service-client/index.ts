/**
 * The grant service over HTTP (see client.ts). Split by concern: the client and its requests
 * (client.ts), reading bodies within bounds (body.ts), what failures mean for the applicant
 * (failures.ts), error bodies of any shape (error-body.ts), where applications go
 * (apply-url.ts), HTTP details (http.ts). The door does not re-export error-body.ts: the client
 * loads it with the first refused answer (failures.ts), and a re-export here would load it, with
 * its HTML parser, wherever the client is used.
 */
export { DUPLICATE_OF_OWN_SEND, createServiceClient } from './client'
export { applyUrl } from './apply-url'
export type { Operation, ServiceClient, ServiceClientOptions } from './types'
