/**
 * What an API endpoint is, and the plain functions both sides use to name one. The table of every
 * endpoint is api/index.ts; this file holds no schema, so the web app may import it.
 */
import type { Static, TSchema } from 'typebox'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** An endpoint's name: its method and its path under /api/v1, `:name` for a path parameter. */
export type EndpointKey = `${HttpMethod} /${string}`

/** A 200 answer that is bytes or text, not JSON (a file, a feed), by the content types it comes in. */
export interface BytesAnswer {
  bytes: readonly string[]
  description: string
}

/** A 302 for a browser to follow (to another site, or back into the app), not JSON. */
export interface RedirectAnswer {
  redirect: string
}

/** One endpoint under /api/v1: the server serves it from this, the web app's calls are typed by it. */
export interface Endpoint {
  summary: string
  tags: readonly string[]
  description?: string
  params?: TSchema
  query?: TSchema
  body?: TSchema
  /** How the body travels: JSON (the default), a form (JSON accepted too), or multipart (files). */
  bodyAs?: 'json' | 'form' | 'multipart'
  /** The body may be left out (a toggle without `action` flips). */
  bodyOptional?: boolean
  answer: TSchema | BytesAnswer | RedirectAnswer
  /** The answer's status when it is not 200: 201 for what a call creates, 202 for what it queues, 302 a redirect. */
  status?: 201 | 202 | 302
  /** The statuses it fails with, each answered `{detail, code}`. */
  errors: readonly number[]
  /** Failures whose answer says more than `{detail, code}`, such as an edit conflict's `current`. */
  refusals?: Readonly<Record<number, TSchema>>
}

type ParamNames<Path> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

type PathOf<Key> = Key extends `${HttpMethod} ${infer Path}` ? Path : never

/** The path parameters an endpoint's path names, as strings. */
export type ParamsOf<Key> = { [Name in ParamNames<PathOf<Key>>]: string }

type StaticOr<S, Otherwise> = S extends TSchema ? Static<S> : Otherwise

/** What a call to the endpoint answers: the JSON it is documented to give, or text for bytes. */
export type AnswerOf<E extends Endpoint> = StaticOr<E['answer'], string>
export type QueryOf<E extends Endpoint> = StaticOr<E['query'], undefined>
export type BodyOf<E extends Endpoint> = StaticOr<E['body'], undefined>

/** An endpoint's method and path. */
export function endpointParts(key: EndpointKey): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ')
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) }
}

/**
 * The path with its parameters filled in, each URI-encoded.
 *
 *   endpointPath('/media/:id/like', { id: 'a b' }) // '/media/a%20b/like'
 */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${path} needs its "${name}"`)
    return encodeURIComponent(value)
  })
}
