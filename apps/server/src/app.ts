import { existsSync } from 'node:fs'
import { join } from 'node:path'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import ajvFormats from 'ajv-formats'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify'
import helmetHeaders from 'helmet'
import { blobStoreFor } from './blobs/index'
import type { Config } from './config'
import {
  type DatabaseHandle,
  type Db,
  type DbKind,
  migrateToLatest,
  openDatabase,
  pgliteDirFor,
} from './db/index'
import { startAnalysisWorker } from './features/analysis/analysis.queue'
import { analysisRoutes } from './features/analysis/analysis.routes'
import { authRoutes } from './features/auth/auth.routes'
import { commentsRoutes } from './features/comments/comments.routes'
import { seedDemo } from './features/demo/demo.seed'
import { filesRoutes } from './features/files/files.routes'
import { sweepBlobs } from './features/files/files.sweep'
import { healthRoutes } from './features/health/health.routes'
import { pagesRoutes } from './features/pages/pages.routes'
import { postsRoutes } from './features/posts/posts.routes'
import { profilesRoutes } from './features/profiles/profiles.routes'
import { rewardsRoutes } from './features/rewards/rewards.routes'
import { statsRoutes } from './features/stats/stats.routes'
import { tokenRoutes } from './features/token/token.routes'
import { registerViewer, type TokenSigner, tokenSigner } from './http/auth'
import { registerCsrfGuard } from './http/csrf'
import { answerFrameworkError, registerErrorHandler } from './http/error-handler'
import { NotFoundError, TooManyRequestsError } from './http/errors'
import { createReadCache, invalidateOnWrites, type ReadCache } from './http/read-cache'

export const API_PREFIX = '/api/v1'
/** Half a year, subdomains included: what helmet would send, but only over HTTPS. */
const HSTS = 'max-age=15552000; includeSubDomains'

/**
 * helmet's headers for every answer, the router's own refusals included. helmet itself, built once
 * here: @fastify/helmet builds it anew for every request (parsing the CSP each time), which was
 * 3 % of the server's time under the likes load.
 */
const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'media-src': ["'self'", 'blob:'],
      'frame-src': ["'self'", 'https://view.officeapps.live.com'],
      'connect-src': ["'self'", 'https:', 'wss:'],
      'object-src': ["'none'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // HSTS only means something over HTTPS; sent over plain HTTP it would be a promise the server can't keep.
  strictTransportSecurity: false,
}
const setSecurityHeaders = helmetHeaders(SECURITY_HEADERS)

/**
 * A URL the router refuses (broken %-escape, over-long segment) is answered before any hook runs,
 * so the plugin's headers are set here by hand before the usual `{detail}` answer.
 */
const answerRouterRefusal: FastifyServerOptions['frameworkErrors'] = (error, request, reply) =>
  setSecurityHeaders(request.raw, reply.raw, () => answerFrameworkError(error, request, reply))

const noError = () => {}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

/** What every feature's routes get: the database and the shared services. */
export interface AppContext {
  config: Config
  db: Db
  dbKind: DbKind
  signer: TokenSigner
  /** Anonymous public reads served from memory for READ_CACHE_MS (http/read-cache.ts). */
  readCache: ReadCache
}

export interface BuildOptions {
  /** An already open (and migrated) database, e.g. one per test file. Not closed with the app. */
  database?: DatabaseHandle
  /** The anonymous read cache to use (a test empties it with its database). */
  readCache?: ReadCache
  logger?: FastifyServerOptions['logger']
}

/** Each feature contributes one plugin of routes under /api/v1. */
const features = [
  healthRoutes,
  authRoutes,
  profilesRoutes,
  commentsRoutes,
  tokenRoutes,
  postsRoutes,
  filesRoutes,
  statsRoutes,
  rewardsRoutes,
  analysisRoutes,
]

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const ownsDatabase = !options.database
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: pgliteDirFor(config.dataDir),
      poolSize: config.databasePoolSize,
    }))
  if (ownsDatabase) await migrateToLatest(database.db as never)

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array' }, plugins: [ajvFormats as never] },
    // Only well-formed URLs reach routes; a bad percent-escape answers 400, not 500.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerRouterRefusal,
  }).withTypeProvider<TypeBoxTypeProvider>()

  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    signer: tokenSigner(config.jwtSecret),
    readCache: options.readCache ?? createReadCache(config.readCacheMs),
  }

  registerErrorHandler(app)
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, noError)
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done()
  })
  // Credentialed cross-origin calls only from CORS_ORIGINS, the same list the CSRF guard trusts.
  await app.register(cors, { origin: config.corsOrigins, credentials: true, maxAge: 600 })
  // gzip/brotli for JSON and the web app's HTML, JS and CSS (registered before @fastify/static so
  // its files go through it too). File downloads opt out per route: a Range answer must count the
  // stored bytes, not compressed ones.
  await app.register(compress, { encodings: ['br', 'gzip'] })
  await app.register(cookie)
  await app.register(formbody)
  // Streams multipart parts to the routes that read them; each call sets its own limits.
  await app.register(multipart)
  // With several processes the counters must be shared, or each process would allow the limit anew.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : null
  if (redis) app.addHook('onClose', async () => void (await redis.quit()))
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'agora-rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(
        `Too many attempts. Please wait ${context.after} and try again.`,
        context.ttl / 1000,
      ),
  })
  registerCsrfGuard(app, config.corsOrigins)
  registerViewer(app, ctx.db, ctx.signer)
  invalidateOnWrites(app, ctx.readCache)

  await app.register(swagger, {
    openapi: {
      info: { title: 'Agora API', version: '1.0.0', description: 'The API of the Agora research forum.' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'agora_access' },
        },
      },
    },
  })
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` })

  await app.register(
    async (api) => {
      for (const feature of features) await feature(api as AppInstance, ctx)
      api.setNotFoundHandler((request) => {
        throw new NotFoundError(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`)
      })
    },
    { prefix: API_PREFIX },
  )

  const webDist = config.webDist
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await pagesRoutes(app as AppInstance, ctx, webDist)
  } else {
    app.setNotFoundHandler((request) => {
      throw new NotFoundError(`No such page: ${request.url.split('?')[0]}`)
    })
  }

  if (ownsDatabase) {
    // The analysis worker runs beside the API of an app that owns its database; it stops before the database closes.
    let stopAnalysis = async () => {}
    app.addHook('onReady', async () => {
      stopAnalysis = startAnalysisWorker(ctx, { log: app.log })
    })
    app.addHook('preClose', () => stopAnalysis())
    app.addHook('onClose', () => database.close())
  }
  if (ownsDatabase) {
    // Before serving: clear what a crashed process left half done (staged uploads, unreferenced bytes).
    await sweepBlobs(ctx.db, blobStoreFor(config), app.log)
    // First start with an empty database: load the demo forum (off with AGORA_DEMO=0).
    await seedDemo(ctx, app.log)
  }
  return Object.assign(app, { ctx })
}
