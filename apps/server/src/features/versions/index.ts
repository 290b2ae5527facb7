/** Versions of a post's files (issue 26): what posts/ uses of them; the rest of this folder is its own. */
import type { Db } from '../../db/index'
import { versionsStore } from './versions.store'

export { type PostDetailOf, versionsRoutes } from './versions.routes'
export { type ShownVersion, VERSION_NOT_FOUND, versionsService } from './versions.service'

/** Writes the row of version 1 of a post being created, inside its transaction (`db`). */
export const recordFirstVersion = (db: Db, postId: string, authorId: string) =>
  versionsStore(db).insertFirst(postId, authorId)
