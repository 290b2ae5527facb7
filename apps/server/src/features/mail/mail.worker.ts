import type { MailConfig } from '../../config'
import type { Db } from '../../db/index'
import { backoffSeconds, type Logger, silentLogger, startWorkerLoops } from '../../db/worker-loops'
import { mailStore, type QueuedMail } from './mail.store'
import { type MailTransport, SendFailure } from './mail.transport'

export type MailOutcome = 'sent' | 'retry' | 'failed'

/** Retries wait 30 s, then twice as long each time, at most six hours. */
const BACKOFF = { backoffSeconds: 30, maxBackoffSeconds: 6 * 3600 }
/** A claimed message is someone else's to send again after this long. */
const LEASE_SECONDS = 120

/**
 * Sends queued mail: claims a due message (a lease, so a crashed sender's message is sent by
 * another), sends it, and records the result. A refusal for good fails the message (and, when the
 * recipient was refused, marks the address bounced); anything else is tried again with back-off,
 * so a mail server that is down delays mail and loses none.
 */
export function mailWorker(db: Db, transport: MailTransport, config: MailConfig, log: Logger = silentLogger) {
  const store = mailStore(db)

  async function deliver(mail: QueuedMail): Promise<MailOutcome> {
    try {
      await transport.send(mail)
      await store.sent(mail.id)
      return 'sent'
    } catch (error) {
      const failure = error instanceof SendFailure ? error : new SendFailure(String(error), false, false)
      const givingUp = failure.permanent || mail.attempts >= config.maxAttempts
      await store.failed(mail.id, givingUp ? null : backoffSeconds(BACKOFF, mail.attempts), failure.message)
      if (failure.bounced && mail.user_id) await store.markBounced(mail.user_id, mail.to_address)
      log.warn(
        { mail: mail.id, kind: mail.kind, attempt: mail.attempts, err: failure.message },
        givingUp ? 'mail failed for good' : 'mail not sent; will retry',
      )
      return givingUp ? 'failed' : 'retry'
    }
  }

  return {
    async processNext(): Promise<{ mail: QueuedMail; outcome: MailOutcome } | null> {
      const mail = await store.claim(LEASE_SECONDS)
      return mail ? { mail, outcome: await deliver(mail) } : null
    },
    /** Sends every due message (tests, and catching up). */
    async drain() {
      const done: { mail: QueuedMail; outcome: MailOutcome }[] = []
      for (let next = await this.processNext(); next; next = await this.processNext()) done.push(next)
      return done
    },
  }
}

/** Starts the mail worker in this process; answers the function that stops it. */
export function startMailWorker(db: Db, transport: MailTransport, config: MailConfig, log: Logger) {
  const worker = mailWorker(db, transport, config, log)
  const stop = startWorkerLoops({
    name: 'mail',
    workers: 1,
    processNext: () => worker.processNext(),
    pollMs: config.pollMs,
    stopTimeoutMs: 10_000,
    log,
  })
  return async () => {
    await stop()
    transport.close()
  }
}
