/**
 * The grant service's contract (shared/grant-service-api.md): its resources as zod schemas, the
 * timestamps they carry, what a value of an application field must look like, the grant list's
 * search, sort and row wording, and what a service address means for credentials. Uses only the text part.
 */
export * from './fields'
export * from './grant-deadline'
export * from './grant-listing'
export * from './grant-search'
export * from './issue-path'
export * from './resources'
export * from './service-address'
export * from './sponsor-avatar'
