import DataLoader from 'dataloader'

/**
 * A loader whose questions asked in one turn of the event loop are answered by one query (`batch`,
 * answers in the order of its keys): under load, one round trip for many requests instead of one
 * each; an Error in place of an answer fails that key alone. Nothing is remembered between turns
 * (`cache: false`): every turn reads the database anew.
 */
export function perTurnLoader<K, V>(
  batch: (keys: readonly K[]) => Promise<(V | Error)[]>,
  maxBatchSize = 500,
) {
  return new DataLoader<K, V>(batch, {
    cache: false,
    maxBatchSize,
    batchScheduleFn: (run) => setImmediate(run),
  })
}
