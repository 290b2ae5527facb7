export {
  createEventBus,
  type DurableSubscriber,
  type EventBus,
  type Outcome,
  type TransactionalSubscriber,
} from './bus'
export type { DomainEvents, EventName, LikeKind } from './events'
export { outboxStore } from './outbox.store'
export { DEFAULT_OUTBOX_OPTIONS, outboxWorker, startOutboxWorker } from './outbox.worker'
