import {
  type AnswerOf,
  API,
  type Api,
  type ApiKey,
  type BodyOf,
  type BytesAnswer,
  type Endpoint,
  endpointParts,
  type ParamsOf,
  type QueryOf,
  type RedirectAnswer,
} from '@agora/contract'
import type { FastifyReply, FastifyRequest, RouteOptions, RouteShorthandOptions } from 'fastify'
import type { Static, TSchema } from 'typebox'
import type { AppInstance } from '../context'
import { bodyAnswer, failures } from './responses'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's name of the endpoint a route serves (http/serve.ts). */
    endpoint?: ApiKey
  }
}

type Body<E extends Endpoint> = E extends { bodyOptional: true } ? BodyOf<E> | null : BodyOf<E>
/** The path's parameters, narrowed by the endpoint's params schema where it has one (`kind: 'posts'`). */
type Params<K extends ApiKey> = ParamsOf<K> &
  (Api[K] extends { params: infer S extends TSchema } ? Static<S> : unknown)

/** A request to the endpoint, its params, query and body typed from the contract. */
export type EndpointRequest<K extends ApiKey> = FastifyRequest<{
  Params: Params<K>
  Querystring: QueryOf<Api[K]>
  Body: Body<Api[K]>
}>

/** Answers the endpoint's 200 (serialized by its schema), or sends its own reply. */
export type EndpointHandler<K extends ApiKey> = (
  request: EndpointRequest<K>,
  reply: FastifyReply,
) => Promise<AnswerOf<Api[K]> | FastifyReply>

/** A route's own options; the schema comes from the contract, but for what OpenAPI alone reads. */
export interface ServeOptions extends Omit<RouteShorthandOptions, 'schema'> {
  schema?: { hide?: boolean; consumes?: string[]; response?: Record<number, unknown> }
}

type AnyAnswer = TSchema | BytesAnswer | RedirectAnswer
const isBytes = (answer: AnyAnswer): answer is BytesAnswer => 'bytes' in answer
const isRedirect = (answer: AnyAnswer): answer is RedirectAnswer => 'redirect' in answer

function answerSchema(answer: AnyAnswer) {
  if (isBytes(answer)) return bodyAnswer(answer.description, answer.bytes)
  if (isRedirect(answer)) return { description: answer.redirect }
  return answer
}

/** The Fastify schema of an endpoint: its validation and its OpenAPI document. */
export function endpointSchema(endpoint: Endpoint) {
  const { answer, body, bodyAs, bodyOptional } = endpoint
  const schema: Record<string, unknown> = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    response: {
      [endpoint.status ?? 200]: answerSchema(answer),
      ...failures(...endpoint.errors),
      ...endpoint.refusals,
    },
  }
  if (endpoint.description) schema.description = endpoint.description
  if (endpoint.params) schema.params = endpoint.params
  if (endpoint.query) schema.querystring = endpoint.query
  if (body) schema.body = bodyOptional ? { ...body, nullable: true } : body
  // Every JSON body may come as a form too (@fastify/formbody); the web app sends it as `bodyAs` says.
  const [json, form] = ['application/json', 'application/x-www-form-urlencoded']
  if (body) schema.consumes = bodyAs === 'form' ? [form, json] : [json, form]
  if (bodyAs === 'multipart') schema.consumes = ['multipart/form-data']
  return schema
}

/**
 * Serves the contract's endpoint `key` (`'POST /follows'`): its method, path and schema come from the
 * API table, so the server and the web app cannot disagree on them.
 */
export function serve<K extends ApiKey>(app: AppInstance, key: K, handler: EndpointHandler<K>): void
export function serve<K extends ApiKey>(
  app: AppInstance,
  key: K,
  options: ServeOptions,
  handler: EndpointHandler<K>,
): void
export function serve<K extends ApiKey>(
  app: AppInstance,
  key: K,
  ...rest: [EndpointHandler<K>] | [ServeOptions, EndpointHandler<K>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest
  serveUntyped(app, key, options, handler as never)
}

/**
 * serve() for a helper generic over several endpoints (toggles, edits), which types what it hands on
 * itself: TypeScript cannot narrow a request typed by an endpoint it does not know yet.
 */
export function serveUntyped(
  app: AppInstance,
  key: ApiKey,
  options: ServeOptions,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  const { method, path } = endpointParts(key)
  const schema = endpointSchema(API[key])
  const { schema: extra, config, ...route } = options
  if (extra?.hide) schema.hide = true
  if (extra?.consumes) schema.consumes = extra.consumes
  if (extra?.response) Object.assign(schema.response as object, extra.response)
  app.route({
    ...route,
    method,
    url: path,
    schema,
    config: { ...config, endpoint: key },
    // The schema above validated params, query and body as the contract types them.
    handler: handler as never,
  })
}

/**
 * An onRoute hook for the API: a route not served from the contract's table is refused at start-up,
 * since the web app could not name it and its schema would be a second description.
 */
export function refuseUnlistedRoute(route: RouteOptions): void {
  if (route.method === 'HEAD' || route.config?.endpoint) return
  throw new Error(
    `${String(route.method)} ${route.url} is not in the contract's API table: serve it with serve()`,
  )
}
