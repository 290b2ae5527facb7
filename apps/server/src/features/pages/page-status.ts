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

/** Why a post's page shows no post: the code and public reason of the API's 404 or 410. */
export interface PostUnavailable {
  status: 404 | 410
  code: string
  reason?: string
}

/**
 * A post's page: the post as an anonymous reader sees it (drawn into the page), or why there is
 * none. A post only the viewer may see (their own private or hidden one) is served, not drawn;
 * so is one that could not be read (the app asks again itself).
 */
export type PostOfPage =
  | { post: PostDetailResponse; unavailable: null }
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
    return { post: await detail(null, id), unavailable: null }
  } catch (error) {
    if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) {
      request.log.warn({ err: error }, 'post of the page not read')
      return { post: null, unavailable: null }
    }
    const viewer = await request.viewer().catch(() => null)
    if (
      viewer &&
      (await detail(viewer.userId, id).then(
        () => true,
        () => false,
      ))
    ) {
      return { post: null, unavailable: null }
    }
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
