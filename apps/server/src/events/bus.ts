import type { RewardNotice } from '@agora/contract'
import type { Db } from '../db/index'
import type { DomainEvents, EventName } from './events'
import { outboxStore } from './outbox.store'

/**
 * What the subscribers of an event tell the action that raised it, for its answer: an upload's
 * or a comment's reward. The outcome of a batch is that of the batch (only single actions use it).
 */
export interface Outcome {
  reward?: RewardNotice
}

/** Runs inside the raising transaction, before it commits: its writes stand or fall with the action. */
export type TransactionalSubscriber<N extends EventName> = (
  trx: Db,
  events: readonly DomainEvents[N][],
  // biome-ignore lint/suspicious/noConfusingVoidType: most subscribers tell the action nothing
) => Promise<Outcome | void>

/**
 * Runs later, from the durable outbox (outbox.worker.ts): at least once, retried with back-off
 * until it succeeds. Inside a transaction with the outbox row's removal, so a subscriber that only
 * writes to the database takes effect exactly once.
 */
export type DurableSubscriber<N extends EventName> = (trx: Db, event: DomainEvents[N]) => Promise<void>

export interface EventBus {
  /** Subscribes `handle` to run in the transaction of every raise of `name`. */
  inTransaction<N extends EventName>(name: N, handle: TransactionalSubscriber<N>): void
  /** Subscribes to every event, in the raising transaction (the read cache forgets its bodies). */
  onEvery(handle: (trx: Db, name: EventName) => Promise<void> | void): void
  /**
   * Subscribes a durable handler, known by `handler` (a stable name: it is stored with each
   * delivery, so renaming it strands the deliveries queued under the old one).
   */
  durable<N extends EventName>(name: N, handler: string, handle: DurableSubscriber<N>): void
  /**
   * Raises events of one kind (one, or a batch made together) inside `trx`: the transactional
   * subscribers run now, in order of subscription; a delivery per durable subscriber is queued in
   * the outbox in the same transaction. Answers what the subscribers told the action.
   */
  raise<N extends EventName>(trx: Db, name: N, events: readonly DomainEvents[N][]): Promise<Outcome>
  /** The durable handler named `handler`, to run one delivery (the outbox worker). */
  durableHandler(handler: string): DurableSubscriber<EventName> | undefined
}

export function createEventBus(): EventBus {
  const transactional = new Map<EventName, TransactionalSubscriber<EventName>[]>()
  const every: ((trx: Db, name: EventName) => Promise<void> | void)[] = []
  const durableByEvent = new Map<EventName, string[]>()
  const durableByName = new Map<string, DurableSubscriber<EventName>>()

  return {
    inTransaction(name, handle) {
      transactional.set(name, [
        ...(transactional.get(name) ?? []),
        handle as TransactionalSubscriber<EventName>,
      ])
    },
    onEvery(handle) {
      every.push(handle)
    },
    durable(name, handler, handle) {
      if (durableByName.has(handler)) throw new Error(`A durable subscriber is already named ${handler}`)
      durableByName.set(handler, handle as DurableSubscriber<EventName>)
      durableByEvent.set(name, [...(durableByEvent.get(name) ?? []), handler])
    },
    async raise(trx, name, events) {
      if (events.length === 0) return {}
      let outcome: Outcome = {}
      for (const handle of transactional.get(name) ?? []) {
        outcome = { ...outcome, ...(await handle(trx, events)) }
      }
      for (const handle of every) await handle(trx, name)
      const handlers = durableByEvent.get(name) ?? []
      if (handlers.length > 0) {
        await outboxStore(trx).enqueue(
          handlers.flatMap((handler) => events.map((payload) => ({ event: name, handler, payload }))),
        )
      }
      return outcome
    },
    durableHandler: (handler) => durableByName.get(handler),
  }
}
