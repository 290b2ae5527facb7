import type { Static, TSchema } from 'typebox'
import type { AppInstance } from '../context'
import type { Reader } from '../policy/index'
import { requireUserId } from './auth'
import type { perUserLimit } from './rate-limit'
import { failures, toggleSchema } from './responses'
import { readerOf } from './standing'

/** The words of a route on one item (`…/:id`): its tags, summary and params, and the like. */
interface ItemRoute {
  tags: string[]
  summary: string
  params: TSchema
  description?: string
  consumes?: string[]
}

/** A signed-in caller's write on one item: its per-user limit and the 401's sentence when signed out. */
export interface ItemWrite {
  rateLimit: ReturnType<typeof perUserLimit>
  login: string
}

/**
 * A toggle (like, save) at `url`, as toggleSchema declares it: `toggle` answers the new state for the
 * signed-in caller, the item and the `action` asked (undefined: flip).
 */
export function toggleRoute<Action extends string, State extends TSchema>(
  app: AppInstance,
  url: string,
  [route, body, state]: [ItemRoute, TSchema, State],
  { rateLimit, login }: ItemWrite,
  toggle: (userId: string, id: string, action: Action | undefined) => Promise<Static<State>>,
) {
  app.post<{ Params: { id: string }; Body: { action?: Action } | null }>(
    url,
    { config: { rateLimit }, schema: toggleSchema(route, body, state) },
    async (request) => toggle(await requireUserId(request, login), request.params.id, request.body?.action),
  )
}

/** What an editable item's routes answer: the edit's body, the item edited, the 409's and the history's. */
export interface Editing<Body extends TSchema> {
  body: Body
  edited: TSchema
  conflict: TSchema
  history: TSchema
}

/**
 * An editable item's routes at `url` (`…/:id`): PATCH, the signed-in caller's edit, which names the
 * revision it started from and is refused 409 with `current` when the item has moved on since; and
 * GET `…/revisions`, its edit history as the viewer may see it.
 */
export function editingRoutes<Body extends TSchema>(
  app: AppInstance,
  url: string,
  [edit, history]: [ItemRoute, ItemRoute],
  answers: Editing<Body>,
  { rateLimit, login }: ItemWrite,
  service: {
    edit(userId: string, id: string, body: Static<Body>): Promise<unknown>
    revisions(reader: Reader | null, id: string): Promise<unknown>
  },
) {
  app.patch<{ Params: { id: string } }>(
    url,
    {
      config: { rateLimit },
      schema: {
        ...edit,
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: answers.body,
        response: { 200: answers.edited, 409: answers.conflict, ...failures(400, 401, 403, 404, 429) },
      },
    },
    // The body was validated against `answers.body`; its type is not inferred from a generic schema.
    async (request) =>
      service.edit(await requireUserId(request, login), request.params.id, request.body as Static<Body>),
  )

  app.get<{ Params: { id: string } }>(
    `${url}/revisions`,
    { schema: { ...history, response: { 200: answers.history, ...failures(404, 410) } } },
    async (request) => service.revisions(await readerOf(request), request.params.id),
  )
}

/** GET `url`: what `load` answers of the signed-in caller's own (whom they block, what they follow). */
export function ownRoute<Answer extends TSchema>(
  app: AppInstance,
  url: string,
  { tags, summary, answer }: { tags: string[]; summary: string; answer: Answer },
  login: string,
  load: (userId: string) => Promise<Static<Answer>>,
) {
  app.get<{ Reply: unknown }>(
    url,
    { schema: { tags, summary, response: { 200: answer, ...failures(401) } } },
    async (request) => load(await requireUserId(request, login)),
  )
}
