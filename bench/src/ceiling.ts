import Fastify from 'fastify'

/**
 * The ceiling: the least work a Node HTTP server can do per request here. Fastify, no logging,
 * one route answering a fixed JSON body of CEILING_BYTES bytes (the size of a forum page).
 */
const bytes = Number(process.env.CEILING_BYTES ?? 10_000)
const body = `{"items":"${'x'.repeat(Math.max(0, bytes - 13))}"}`

const app = Fastify({ logger: false })
app.get('/', async (_request, reply) => reply.type('application/json').send(body))
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' })
process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
