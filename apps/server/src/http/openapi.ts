import { ERRORS } from '@agora/contract/errors'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

/**
 * An operation's id from its method and path, for routes that name none: `GET /api/v1/media/:id/cite`
 * is `getMediaByIdCite`. Method and path are unique per route, and so is the id.
 */
export function operationIdOf(method: string, url: string, prefix: string): string {
  const words = url
    .slice(url.startsWith(prefix) ? prefix.length : 0)
    .split(/[/_.-]+/)
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split('-'))
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
  return method.toLowerCase() + words.map(capital).join('')
}

/** The one list of refusal codes, each described by its status and English sentence. */
const ERROR_CODES = {
  type: 'string' as const,
  enum: Object.keys(ERRORS),
  'x-enum-descriptions': Object.values(ERRORS).map(({ status, detail }) => `${status}: ${detail}`),
} as Record<string, unknown>

/** The OpenAPI document (generated from the routes' schemas) and its viewer under `{prefix}/docs`. */
export async function registerOpenApi(app: FastifyInstance, prefix: string) {
  // Added before any route, so that every route passes through it.
  app.addHook('onRoute', (route) => {
    if (typeof route.method !== 'string' || route.schema?.hide) return
    const schema = (route.schema ?? {}) as { operationId?: string }
    if (!schema.operationId)
      route.schema = { ...schema, operationId: operationIdOf(route.method, route.url, prefix) }
  })
  await app.register(swagger, {
    openapi: {
      info: { title: 'Agora API', version: '1.0.0', description: 'The API of the Agora research forum.' },
      servers: [{ url: '/' }],
      components: {
        schemas: { ErrorCode: ERROR_CODES },
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'agora_access' },
        },
      },
    },
  })
  await app.register(swaggerUi, { routePrefix: `${prefix}/docs` })
}
