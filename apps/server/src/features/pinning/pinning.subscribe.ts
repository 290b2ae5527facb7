import type { PinningConfig } from '../../config'
import type { EventBus } from '../../events/index'
import { pinningStore } from './pinning.store'

/**
 * Queues a pin of a post's files whenever they become public: a public post published,
 * a post made public by an edit, a new version of a public post, a post a moderator restored. The
 * job is written in the transaction that made the files public, so it exists exactly when that
 * happened. A private post's files are not pinned; what is pinned stays pinned (docs/decisions/009).
 */
export function subscribePinning(events: EventBus, config: PinningConfig | null) {
  if (!config) return
  events.inTransaction('post.published', async (trx, posts) => {
    await pinningStore(trx).enqueuePublicFiles(
      posts.filter((post) => post.visibility === 'public').map((post) => post.postId),
    )
  })
  events.inTransaction('post.edited', async (trx, edits) => {
    const madePublic = edits.filter(
      (edit) => edit.visibility === 'public' && edit.changed.includes('visibility'),
    )
    await pinningStore(trx).enqueuePublicFiles(madePublic.map((edit) => edit.postId))
  })
  events.inTransaction('post.versioned', async (trx, versions) => {
    await pinningStore(trx).enqueuePublicFiles(versions.map((version) => version.postId))
  })
  events.inTransaction('content.moderated', async (trx, acts) => {
    const restored = acts.filter((act) => act.kind === 'post' && act.action === 'restore')
    await pinningStore(trx).enqueuePublicFiles(restored.map((act) => act.postId))
  })
}
