import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterCommit } from '../db/after-commit'
import type { DatabaseHandle, Db } from '../db/index'

/** The LISTEN/NOTIFY channel on which a process tells the others to forget what they keep. */
export const INVALIDATE_CHANNEL = 'agora_invalidate'

/**
 * What each process keeps of the database (the read cache, sessions' answers) is forgotten in
 * every process when any writes, by NOTIFY once the write has committed: no process reloads before
 * the write can be read, and a sender forgets again after a worker's commit, since a read before it
 * could have kept the old rows. PGlite has one process: nothing to tell.
 */
export interface Invalidation {
  /**
   * A domain event was raised in `trx`. Outside a request (a worker): once `trx` commits, this
   * process forgets again and the others are told (`tellCommitted`; a transaction `afterCommit`
   * cannot follow sends its NOTIFY inside itself). Inside a request: the request is marked, and they
   * are told once it is answered (`tellCommitted`), its transactions committed — a NOTIFY inside
   * every write's transaction would make commits wait on each other (PostgreSQL serialises
   * committing transactions that notified: 1,200–1,800 commits/s fell to 330–400 in
   * docs/reliability.md).
   */
  tellInTransaction(trx: Db): Promise<void>
  /**
   * After a write committed (an answered request): one NOTIFY per turn of the event loop. `what`:
   * everything kept (the default), only what was learnt of sessions, or only the content (`Forgotten`).
   */
  tellCommitted(log: { warn(details: object, message: string): void }, what?: Forgotten): void
  /** Runs a request's handling (`done`) in a scope that records whether it raised domain events. */
  scopeRequest(done: () => void): void
  /**
   * The request being handled is answered: whether it raised a domain event (the other processes
   * must be told). Events raised after it (work it started in the background) are told on commit.
   */
  endRequest(): boolean
  /**
   * Whether this process has heard every notification committed before the call: true once a
   * NOTIFY of its own sent after the call comes back (they arrive in commit order), false when that
   * is not known in time (not listening, the NOTIFY failed or is late): then ask the database.
   * Calls waiting at once share one NOTIFY.
   */
  caughtUp(): Promise<boolean>
  /** Listens (one connection of its own; a lost one is opened again, and then everything is forgotten). */
  start(): Promise<void>
  stop(): Promise<void>
}

/** Where a failed NOTIFY is told (the app's logger). */
export type Log = { warn(details: object, message: string): void }

/**
 * What the other processes forget: everything they keep; only the sessions' answers (http/auth.ts:
 * a sign-in or logout); or only what they keep of the content (`content`: the read cache's bodies
 * and viewers' facts), for a write that changes no session, role or suspension — a like, a comment,
 * an edit. Sessions' answers are then kept: otherwise every signed-in request after any write in
 * the forum would ask the database for its session again.
 */
export type Forgotten = 'all' | 'sessions' | 'content'
/**
 * The payload's word for a NOTIFY sent inside a transaction `afterCommit` cannot follow: its sender
 * forgets too when it comes back.
 */
const COMMITTED = 'committed'

/** The payload's word for a process's own catch-up NOTIFY (`caughtUp`), which the others ignore. */
const SYNC = 'sync'
/** Longest a request waits for its catch-up NOTIFY to come back before it asks the database. */
const SYNC_WAIT_MS = 500

/** Per request being handled: whether it raised a domain event (Invalidation.tellInTransaction). */
const requestScope = new AsyncLocalStorage<{ raised: boolean; answered: boolean }>()

export function createInvalidation(
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'listen'>,
  forget: (what: Forgotten) => void,
  log: Log,
): Invalidation {
  // PGlite is one process: nobody else to tell, and nothing committed that it has not seen. It
  // still listens, for the database's own word that a session ended (migration 0042).
  const alone = database.kind === 'pglite'
  const self = randomBytes(8).toString('hex')
  // The payload: the sender, then ' sessions' when only sessions are to be forgotten, or ' committed'
  // when it was sent inside a transaction (processes that know no word forget everything).
  const notify = async (db: Db, what: string = 'all') => {
    if (alone) return
    await sql`select pg_notify(${INVALIDATE_CHANNEL}, ${what === 'all' ? self : `${self} ${what}`})`.execute(
      db,
    )
  }
  /** What the writes answered in this turn asked the others to forget, and where a failure is told. */
  let queued: { what: Forgotten; log: Log } | null = null
  let sending: Promise<void> | null = null
  let unlisten: (() => Promise<void>) | null = null
  /** Sends what is queued (later writes queue anew); answers the NOTIFY under way, if any. */
  const send = () => {
    if (queued === null) return sending
    const { what, log } = queued
    queued = null
    sending = notify(database.db, what)
      .then(() => {})
      .catch((err) =>
        log.warn({ err }, 'other processes were not told of a write; they may show it READ_CACHE_MS late'),
      )
    return sending
  }
  /** The catch-up NOTIFYs sent and not yet heard, by number. */
  const syncs = new Map<number, (heard: boolean) => void>()
  let syncsSent = 0
  /** The one under way, and the one that callers arriving meanwhile wait for (sent after it). */
  let syncing: Promise<boolean> | null = null
  let nextSync: Promise<boolean> | null = null
  /** A catch-up NOTIFY came back late or not at all: answer false at once until one is heard. */
  let syncLost = false
  const settleSync = (number: number, heard: boolean) => {
    const settle = syncs.get(number)
    syncs.delete(number)
    settle?.(heard)
  }
  const sync = (): Promise<boolean> => {
    const number = ++syncsSent
    const heard = new Promise<boolean>((resolve) => {
      const late = setTimeout(() => settleSync(number, false), SYNC_WAIT_MS)
      late.unref()
      syncs.set(number, (value) => {
        clearTimeout(late)
        resolve(value)
      })
    })
    notify(database.db, `${SYNC} ${number}`).catch(() => settleSync(number, false))
    return heard.then((value) => {
      syncLost = !value
      return value
    })
  }
  const invalidation: Invalidation = {
    async tellInTransaction(trx) {
      const request = requestScope.getStore()
      if (request && !request.answered) request.raised = true
      else {
        // An event tells of content; sessions, roles and suspensions are told by the database.
        const told = afterCommit(trx, () => {
          forget('content')
          invalidation.tellCommitted(log, 'content')
        })
        if (!told) await notify(trx, COMMITTED)
      }
    },
    scopeRequest(done) {
      requestScope.run({ raised: false, answered: false }, done)
    },
    endRequest() {
      const request = requestScope.getStore()
      if (!request) return false
      request.answered = true
      return request.raised
    },
    tellCommitted(log, what = 'all') {
      if (alone) return
      const pending = queued
      queued = { what: pending === null ? what : both(pending.what, what), log }
      if (pending === null) setImmediate(send)
    },
    caughtUp() {
      if (alone) return Promise.resolve(true)
      if (!unlisten) return Promise.resolve(false)
      if (!syncing) {
        syncing = sync().finally(() => {
          syncing = null
        })
        return syncLost ? Promise.resolve(false) : syncing
      }
      // The one under way may have been sent before this call: wait for the next.
      nextSync ??= syncing.then(() => {
        nextSync = null
        return invalidation.caughtUp()
      })
      return syncLost ? Promise.resolve(false) : nextSync
    },
    async start() {
      unlisten ??= await database.listen(
        INVALIDATE_CHANNEL,
        (payload) => {
          const [sender, what, number] = payload.split(' ')
          if (what === SYNC) {
            if (sender === self) settleSync(Number(number), true)
            return
          }
          // 'database sessions' comes from a trigger in the transaction that ended a session or
          // changed a user's standing (migration 0041): every process forgets, the writer's too.
          if (sender !== self || what === COMMITTED)
            forget(what === 'sessions' || what === 'content' ? what : 'all')
        },
        // Notifications sent while the connection was down were not heard.
        () => forget('all'),
      )
    },
    /** Tells what the last answered writes queued (before the database closes), then stops listening. */
    async stop() {
      await send()
      const stopping = unlisten
      unlisten = null
      for (const number of [...syncs.keys()]) settleSync(number, false)
      await stopping?.()
    },
  }
  return invalidation
}

/** What forgetting both `a` and `b` forgets. */
function both(a: Forgotten, b: Forgotten): Forgotten {
  return a === b ? a : 'all'
}
