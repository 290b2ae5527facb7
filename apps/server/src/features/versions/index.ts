/** Versions of a post's files: what posts/ and comments/ use of them; the rest of this folder is its own. */
import type { Db } from '../../db/index'
import { versionsStore } from './versions.store'

export { directoryNode, manifestCidOfKnown, manifestNames } from './versions.manifest'
export { type PostDetailOf, versionsRoutes } from './versions.routes'
export {
  type ShownVersion,
  seesWithheldVersions,
  VERSION_NOT_FOUND,
  versionsService,
  withheldVersions,
} from './versions.service'

/** Writes the row of version 1 of a post being created, with its manifest, inside its transaction (`db`). */
export const recordFirstVersion = (db: Db, postId: string, authorId: string, manifestCid: string | null) =>
  versionsStore(db).insertFirst(postId, authorId, manifestCid)

export type { FileOfSomeVersion } from './versions.store'

/**
 * Every file of every version of a post but the `withheld` ones, once per CID, with the newest
 * version holding it (anchors of comments).
 */
export const filesOfEveryVersion = (db: Db, postId: string, withheld?: ReadonlySet<number>) =>
  versionsStore(db).filesOfEveryVersion(postId, withheld)
