import type { AnswerOf, Api, ApiKey, BodyOf } from '@agora/contract'
import type { FastifyRequest } from 'fastify'
import type { AppInstance } from '../context'
import type { Reader } from '../policy/index'
import { requireUserId } from './auth'
import type { perUserLimit } from './rate-limit'
import { serveUntyped } from './serve'
import { readerOf } from './standing'

/** A signed-in caller's write on one item: its per-user limit and the 401's sentence when signed out. */
export interface ItemWrite {
  rateLimit: ReturnType<typeof perUserLimit>
  login: string
}

/** The `:id` of an item's route (the contract's params schema validated it). */
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id

type ItemKey = Extract<ApiKey, `${string}/:id${string}`>
type ActionOf<K extends ApiKey> = BodyOf<Api[K]> extends { action?: infer A } ? A : never

/**
 * A toggle (like, save): `toggle` answers the new state for the signed-in caller, the item and the
 * `action` asked (undefined: flip).
 */
export function toggleRoute<K extends ItemKey>(
  app: AppInstance,
  key: K,
  { rateLimit, login }: ItemWrite,
  toggle: (userId: string, id: string, action: ActionOf<K> | undefined) => Promise<AnswerOf<Api[K]>>,
) {
  serveUntyped(app, key, { config: { rateLimit } }, async (request) => {
    const body = request.body as { action?: ActionOf<K> } | null
    return toggle(await requireUserId(request, login), idOf(request), body?.action)
  })
}

/**
 * An editable item's routes: `edit`, the signed-in caller's PATCH, which names the revision it
 * started from and is refused 409 with `current` when the item has moved on since; and `history`, its
 * edit history as the viewer may see it.
 */
export function editingRoutes<Edit extends ItemKey, History extends ItemKey>(
  app: AppInstance,
  [edit, history]: [Edit, History],
  { rateLimit, login }: ItemWrite,
  service: {
    edit(userId: string, id: string, body: BodyOf<Api[Edit]>): Promise<AnswerOf<Api[Edit]>>
    revisions(reader: Reader | null, id: string): Promise<AnswerOf<Api[History]>>
  },
) {
  serveUntyped(app, edit, { config: { rateLimit } }, async (request) =>
    service.edit(await requireUserId(request, login), idOf(request), request.body as BodyOf<Api[Edit]>),
  )
  serveUntyped(app, history, {}, async (request) => service.revisions(await readerOf(request), idOf(request)))
}

/** A GET of the signed-in caller's own (whom they block, what they follow). */
export function ownRoute<K extends ApiKey>(
  app: AppInstance,
  key: K,
  login: string,
  load: (userId: string) => Promise<AnswerOf<Api[K]>>,
) {
  serveUntyped(app, key, {}, async (request) => load(await requireUserId(request, login)))
}
