// The fuzzer's view of the API: every /api/v1 operation with its schemas, read from the running
// app's own OpenAPI document (generated from the TypeBox contract), so new routes are fuzzed as
// soon as they are registered.
import type { TestApp } from '../harness'

/** The JSON-Schema subset the OpenAPI document uses for our TypeBox schemas. */
export interface Schema {
  type?: string | string[]
  enum?: unknown[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  format?: string
  nullable?: boolean
}

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: Schema
}

export interface Operation {
  method: string
  /** OpenAPI path with `{param}` placeholders. */
  path: string
  params: Parameter[]
  query: Parameter[]
  /** Body schema per accepted content type (empty: no declared body). */
  bodies: Record<string, Schema>
  /** A POST without a declared body: the upload routes, which stream multipart parts themselves. */
  multipart: boolean
}

interface OpenApiOperation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema: Schema }> }
}

export function apiOperations(t: TestApp): Operation[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> }
  const operations: Operation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/docs')) continue
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? []
      const bodies = Object.fromEntries(
        Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => [type, media.schema]),
      )
      operations.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((parameter) => parameter.in === 'path'),
        query: parameters.filter((parameter) => parameter.in === 'query'),
        bodies,
        multipart: method === 'post' && Object.keys(bodies).length === 0,
      })
    }
  }
  return operations
}
