import { POST_UNAVAILABLE, type PostDetailResponse } from '@agora/contract'
import { APP_ROUTES } from '@agora/contract/routes'
import type { FastifyRequest } from 'fastify'
import { match } from 'path-to-regexp'
import { HttpError } from '../../http/errors'

/** The web app's screens, matched as its router matches them: in any case, a trailing slash allowed. */
const SCREENS = Object.values(APP_ROUTES).map((pattern) => match(pattern, { sensitive: false }))

/** Whether `path` is a screen of the web app; any other is answered 404 with its not-found screen. */
export function isAppScreen(path: string): boolean {
  return SCREENS.some((screen) => screen(path) !== false)
}

/** Why a post's page shows no post: the code and public reason of the API's 404 or 410 (deleted, moderated, unknown). */
export interface PostUnavailable {
  status: 404 | 410
  code: string
  reason?: string
}

/**
 * A post's page: the post as an anonymous reader sees it (drawn into the page), or one only the
 * viewer may see (their own private or hidden one, drawn as they see it: `personal`), or why there
 * is none. One that could not be read is served undrawn (the app asks again itself).
 */
export type PostOfPage =
  | { post: PostDetailResponse; personal: boolean; unavailable: null }
  | { post: null; unavailable: PostUnavailable | null }

/** `<meta name="robots">` for a page that answers 404 or 410: search engines keep it out of their index. */
export const NOINDEX = '<meta name="robots" content="noindex">'

export async function postOfPage(
  request: FastifyRequest,
  encodedId: string,
  detail: (viewerId: string | null, id: string) => Promise<PostDetailResponse>,
): Promise<PostOfPage> {
  let id: string
  try {
    id = decodeURIComponent(encodedId)
  } catch {
    return { post: null, unavailable: { status: 404, code: POST_UNAVAILABLE.notFound } } // a broken %-escape
  }
  try {
    return { post: await detail(null, id), personal: false, unavailable: null }
  } catch (error) {
    if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) {
      request.log.warn({ err: error }, 'post of the page not read')
      return { post: null, unavailable: null }
    }
    // The session cookie reaches pages too (path /), so an author's own post is drawn for them.
    const viewer = error.code === POST_UNAVAILABLE.deleted ? null : await request.viewer().catch(() => null)
    const theirs = viewer ? await detail(viewer.userId, id).catch(() => null) : null
    if (theirs) return { post: theirs, personal: true, unavailable: null }
    const reason = error.more?.reason
    return {
      post: null,
      unavailable: {
        status: error.statusCode,
        code: error.code,
        ...(typeof reason === 'string' ? { reason } : {}),
      },
    }
  }
}
