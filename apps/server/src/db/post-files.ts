import type { Db } from './index'

// What several features read of posts' files: the posts feature and account deletion.

/** The CIDs these posts' files use: the current files and those of earlier versions (features/versions). */
export async function cidsOfPosts(db: Db, postIds: string[]): Promise<string[]> {
  if (postIds.length === 0) return []
  const files = await db
    .selectFrom('post_files')
    .select('cid')
    .where('post_id', 'in', postIds)
    .union(db.selectFrom('post_version_files').select('cid').where('post_id', 'in', postIds))
    .execute()
  return files.map((file) => file.cid)
}
