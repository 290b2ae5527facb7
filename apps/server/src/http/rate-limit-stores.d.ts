// @fastify/rate-limit's own stores, which its types do not export: the part the fallback store uses.
declare module '@fastify/rate-limit/store/*.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit'

  interface StoreCtor {
    new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]): FastifyRateLimitStore
  }
  const Store: StoreCtor
  export default Store
}
