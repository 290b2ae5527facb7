/**
 * Every endpoint under /api/v1, described once: the server serves each from its entry (http/serve.ts)
 * and the web app's calls are typed by it (api/client.ts), by the entry's name.
 */
import type { Endpoint, EndpointKey } from '../endpoint'
import { COMMENTS_API } from './comments'
import { FOLLOWS_API } from './follows'
import { POSTS_API } from './posts'

export const API = {
  ...POSTS_API,
  ...COMMENTS_API,
  ...FOLLOWS_API,
} as const satisfies Record<EndpointKey, Endpoint>

export type Api = typeof API
export type ApiKey = keyof Api
