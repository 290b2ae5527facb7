import { existsSync } from 'node:fs'
import type { Socket } from 'node:net'
import { join } from 'node:path'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import ajvFormats from 'ajv-formats'
import Fastify, { type FastifyServerOptions } from 'fastify'
import helmetHeaders from 'helmet'
import type { Config } from './config'
import { type AppContext, type AppInstance, createContext, type FeatureParts } from './context'
import { type DatabaseHandle, migrateToLatest, openDatabase, pgliteDirFor } from './db/index'
import { startOutboxWorker } from './events/index'
import { analysisRoutes, startAnalysisWorker } from './features/analysis/index'
import { accountRoutes, authRoutes, subscribeEmailChanges } from './features/auth/index'
import { blocksRoutes } from './features/blocks/index'
import { bookmarksRoutes } from './features/bookmarks/index'
import { bountiesRoutes } from './features/bounties/index'
import { citationsRoutes } from './features/citations/index'
import { commentsRoutes, subscribeCommentNews } from './features/comments/index'
import { seedDemo } from './features/demo/index'
import { exportsRoutes, mailExportReady, startExportsWorker } from './features/exports/index'
import { feedsRoutes } from './features/feeds/index'
import { filesRoutes, sweepBlobs, uploadGate } from './features/files/index'
import { followsRoutes } from './features/follows/index'
import { healthRoutes } from './features/health/index'
import { ipfsRoutes, postCarRoutes } from './features/ipfs/index'
import { logsLinks, mailRoutes, mailTransport, startMailWorker } from './features/mail/index'
import { moderationRoutes } from './features/moderation/index'
import {
  notificationsRoutes,
  startDigestScheduler,
  subscribeNotificationMail,
  subscribeNotifications,
} from './features/notifications/index'
import { pagesRoutes } from './features/pages/index'
import { startPinningWorker, subscribePinning } from './features/pinning/index'
import { postsRoutes } from './features/posts/index'
import { profilesRoutes } from './features/profiles/index'
import { reviewsRoutes } from './features/reviews/index'
import { rewardsRoutes, subscribeLedger } from './features/rewards/index'
import { statsRoutes } from './features/stats/index'
import { tagsRoutes } from './features/tags/index'
import { openTokenChain, tokenChainSlot, tokenRoutes } from './features/token/index'
import { registerViewer } from './http/auth'
import { registerCsrfGuard } from './http/csrf'
import { answerFrameworkError, registerErrorHandler } from './http/error-handler'
import { NotFoundError, TooManyRequestsError } from './http/errors'
import { trackHandlers } from './http/in-flight'
import { logControllerFor, loggerOptions, requestIdOf } from './http/logging'
import { registerMetrics } from './http/metrics'
import { registerOpenApi } from './http/openapi'
import { openRateLimitCounters } from './http/rate-limit-store'
import { invalidateOnWrites, type ReadCache } from './http/read-cache'
import { refuseUnlistedRoute } from './http/serve'
import { capConnections, slowClientOptions } from './http/slow-clients'
import { registerSuspensionGuard } from './http/standing'
import { guardText } from './http/text-guard'
import { registerWriteGate } from './http/write-gate'

export const API_PREFIX = '/api/v1'
/** Half a year, subdomains included: what helmet would send, but only over HTTPS. */
const HSTS = 'max-age=15552000; includeSubDomains'
/** How long closing waits for running handlers (main.ts gives the whole close 10 s). */
const HANDLERS_SETTLE_MS = 5_000

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

/**
 * A request Node's HTTP parser refuses before any route sees it (headers or address over its
 * 16 KB, a broken request line) still gets a JSON `{detail}` in words, and the connection closes.
 */
function answerMalformedRequest(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy()
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  // Headers that did not arrive within HTTP_HEADERS_TIMEOUT_MS (a slow client).
  const tooSlow = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
  const status = tooLarge
    ? '431 Request Header Fields Too Large'
    : tooSlow
      ? '408 Request Timeout'
      : '400 Bad Request'
  const detail = tooLarge
    ? 'The request’s address or headers are too long'
    : tooSlow
      ? 'The request took too long to arrive'
      : 'The request is malformed and could not be read'
  const body = JSON.stringify({ detail })
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

export interface BuildOptions {
  /** An already open (and migrated) database, e.g. one per test file. Not closed with the app. */
  database?: DatabaseHandle
  /** The anonymous read cache to use (a test empties it with its database). */
  readCache?: ReadCache
  logger?: FastifyServerOptions['logger']
  /** Told each step of starting up, in words (main.ts prints them). */
  onProgress?: (step: string) => void
  /** Parts of the context a test brings its own of (a chain that fails on purpose). */
  parts?: Partial<FeatureParts>
}

/** Each feature contributes one plugin of routes under /api/v1. */
const features = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  exportsRoutes,
  mailRoutes,
  profilesRoutes,
  commentsRoutes,
  reviewsRoutes,
  bountiesRoutes,
  tokenRoutes,
  postsRoutes,
  citationsRoutes,
  postCarRoutes,
  tagsRoutes,
  filesRoutes,
  statsRoutes,
  rewardsRoutes,
  analysisRoutes,
  followsRoutes,
  bookmarksRoutes,
  notificationsRoutes,
  moderationRoutes,
  blocksRoutes,
]

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const ownsDatabase = !options.database
  const progress = options.onProgress ?? (() => {})
  if (ownsDatabase) {
    progress(
      config.databaseUrl
        ? 'Connecting to PostgreSQL…'
        : `Opening the embedded database in ${pgliteDirFor(config.dataDir)}…`,
    )
  }
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: pgliteDirFor(config.dataDir),
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
      timeouts: config.databaseTimeouts,
    }))
  if (ownsDatabase) {
    progress('Bringing the database schema up to date…')
    await migrateToLatest(database.db as never)
  }

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    logController: logControllerFor(config),
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array' }, plugins: [ajvFormats as never] },
    // Only well-formed URLs reach routes; a bad percent-escape answers 400, not 500.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerRouterRefusal,
    clientErrorHandler: answerMalformedRequest,
    ...slowClientOptions(config.http),
    // Each log line of a request carries its id; a well-formed X-Request-Id from a proxy is kept.
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<TypeBoxTypeProvider>()
  // The database closes last: onClose hooks run last registered first, and those registered below
  // still use it (the invalidation's last NOTIFY, work a route finishes after its answer).
  if (ownsDatabase) app.addHook('onClose', () => database.close())
  capConnections(app.server, config.http)
  // Closing waits for the handlers still running, even those whose client has gone (http/in-flight.ts).
  const handlers = trackHandlers(app)

  // Shared in Redis, per process while Redis is down: a limit is never off.
  const rateLimitCounters = await openRateLimitCounters(config.redisUrl, app.log)
  app.addHook('onClose', () => rateLimitCounters.close())
  const ctx: AppContext = createContext(config, database, app.log, {
    readCache: options.readCache,
    redis: rateLimitCounters.redis,
    tokenChain: tokenChainSlot(() => openTokenChain(config)),
    uploads: uploadGate(app as AppInstance, database.db, config.uploads),
    ...options.parts,
  })
  // What reacts to contributions subscribes to their domain events (events/, docs/decisions/004).
  subscribeLedger(ctx.events, config.rewards)
  subscribeNotifications(ctx.events, ctx.live)
  subscribeCommentNews(ctx.events, ctx.live)
  // A changed address is unproven until its link is followed; the old one is told.
  subscribeEmailChanges(ctx.events, ctx)
  // Notifications by mail: at once in the transaction that wrote them; digests by a scheduled job.
  subscribeNotificationMail(ctx.events, config.mail, config.jwtSecret)
  // Public files are pinned on the IPFS network when a pinning service is configured.
  subscribePinning(ctx.events, config.pinning)

  // Open event streams end before the app closes (they would hold its close open).
  app.addHook('preClose', () => ctx.live.stop())
  app.addHook('preClose', () => handlers.settled(HANDLERS_SETTLE_MS))
  // Other processes' writes empty this one's read cache (PostgreSQL's LISTEN/NOTIFY).
  await ctx.invalidation.start()
  app.addHook('onClose', () => ctx.invalidation.stop())

  registerErrorHandler(app)
  registerMetrics(app, ctx)
  // No control characters in any text a route reads: 400 naming the field, never a 500.
  guardText(app)
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, noError)
    reply.header('x-request-id', request.id)
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done()
  })
  // Credentialed cross-origin calls only from CORS_ORIGINS, the same list the CSRF guard trusts.
  // Every method the API uses (the plugin's default is GET, HEAD and POST: edits and deletes from a
  // partner's page would fail their preflight).
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    maxAge: 600,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  })
  // gzip/brotli for JSON and the web app's HTML, JS and CSS (registered before @fastify/static so
  // its files go through it too). File downloads opt out per route: a Range answer must count the
  // stored bytes, not compressed ones.
  await app.register(compress, { encodings: ['br', 'gzip'] })
  await app.register(cookie)
  await app.register(formbody)
  // Streams multipart parts to the routes that read them; each call sets its own limits.
  await app.register(multipart)
  // With several processes the counters must be shared, or each process would allow the limit anew.
  await app.register(rateLimit, {
    global: false,
    ...rateLimitCounters.options,
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError('too_many_attempts', context.ttl / 1000, {
        detail: `Too many attempts. Please wait ${context.after} and try again.`,
      }),
  })
  registerCsrfGuard(app, config.corsOrigins)
  registerViewer(app, ctx.db, ctx.signer, ctx.sessions, ctx.invalidation.caughtUp)
  registerSuspensionGuard(app, API_PREFIX)
  invalidateOnWrites(app, ctx.readCache, ctx.invalidation)
  // A row held locked takes at most a few connections: other items' reads and writes go on.
  registerWriteGate(app, { perItem: config.writesPerItem, waitMs: config.databaseTimeouts.lockMs })

  await registerOpenApi(app, API_PREFIX)

  await app.register(
    async (api) => {
      api.addHook('onRoute', refuseUnlistedRoute)
      for (const feature of features) await feature(api as AppInstance, ctx)
      api.setNotFoundHandler((request) => {
        throw new NotFoundError('no_such_endpoint', {
          params: { method: request.method, path: request.url.split('?')[0] },
        })
      })
    },
    { prefix: API_PREFIX },
  )

  // Atom feeds, the sitemap and robots.txt live at the site's root, with or without the web app.
  await feedsRoutes(app as AppInstance, ctx)
  // The trustless IPFS gateway answers at /ipfs/, where IPFS clients look for one.
  await ipfsRoutes(app as AppInstance, ctx)

  const webDist = config.webDist
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await pagesRoutes(app as AppInstance, ctx, webDist)
  } else {
    app.setNotFoundHandler((request) => {
      throw new NotFoundError('no_such_page', { params: { path: request.url.split('?')[0] } })
    })
  }

  if (ownsDatabase) {
    // The analysis and outbox workers run beside the API of an app that owns its database; they
    // stop before the database closes.
    let stopWorkers = async () => {}
    app.addHook('onReady', async () => {
      const stops = [
        startAnalysisWorker(ctx, { log: app.log }),
        startOutboxWorker(ctx.db, ctx.events, { log: app.log }),
        startMailWorker(
          ctx.db,
          mailTransport(config.mail, config.dataDir, app.log, logsLinks(config)),
          config.mail,
          app.log,
        ),
        startDigestScheduler(ctx.db, config.mail, config.jwtSecret, app.log),
        startExportsWorker(ctx.db, ctx.blobs, mailExportReady(config.mail.publicUrl), app.log),
        startPinningWorker(ctx.db, config.pinning, ctx.blobs, app.log),
      ]
      stopWorkers = async () => void (await Promise.all(stops.map((stop) => stop())))
    })
    app.addHook('preClose', () => stopWorkers())
  }
  if (ownsDatabase) {
    // Before serving: clear what a crashed process left half done (staged uploads, unreferenced bytes).
    await sweepBlobs(ctx.db, ctx.blobs, app.log)
    // First start with an empty database: load the demo forum (off with AGORA_DEMO=0).
    progress('Checking for the demo forum (loaded on the first start)…')
    await seedDemo(ctx, app.log)
  }
  return Object.assign(app, { ctx })
}
