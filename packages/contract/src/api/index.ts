/**
 * Every endpoint under /api/v1, described once: the server serves each from its entry (http/serve.ts)
 * and the web app's calls are typed by it (api/client.ts), by the entry's name.
 */
import type { Endpoint, EndpointKey } from '../endpoint'
import { AUTH_API } from './auth'
import { BOUNTIES_API } from './bounties'
import { COMMENTS_API } from './comments'
import { EXPORTS_API } from './exports'
import { FILES_API } from './files'
import { FOLLOWS_API } from './follows'
import { MODERATION_API } from './moderation'
import { NOTIFICATIONS_API } from './notifications'
import { POSTS_API } from './posts'
import { PROFILES_API } from './profiles'
import { REVIEWS_API } from './reviews'
import { REWARDS_API } from './rewards'
import { SITE_API } from './site'

export const API = {
  ...POSTS_API,
  ...COMMENTS_API,
  ...FOLLOWS_API,
  ...MODERATION_API,
  ...REWARDS_API,
  ...FILES_API,
  ...SITE_API,
  ...AUTH_API,
  ...PROFILES_API,
  ...NOTIFICATIONS_API,
  ...EXPORTS_API,
  ...REVIEWS_API,
  ...BOUNTIES_API,
} as const satisfies Record<EndpointKey, Endpoint>

export type Api = typeof API
export type ApiKey = keyof Api
