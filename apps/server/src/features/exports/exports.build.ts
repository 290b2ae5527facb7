import { PassThrough } from 'node:stream'
import type { Selectable } from 'kysely'
import yazl from 'yazl'
import { type BlobStore, type StagedFile, stageStream } from '../../blobs/index'
import type { Db } from '../../db/index'
import type { CommentsTable } from '../../db/schema'

/** The format of `data.json` in an export; raised when its shape changes. */
export const EXPORT_FORMAT = 1

/** A comment's row with its anchor into a file (issue 23) as one object, null when it has none. */
function commentForExport(row: Selectable<CommentsTable>) {
  const { anchor_cid, anchor_kind, anchor_page, anchor_exact, anchor_prefix, anchor_suffix, ...comment } = row
  const { anchor_start, anchor_end, ...rest } = comment
  const anchor = anchor_cid
    ? {
        cid: anchor_cid,
        kind: anchor_kind,
        page: anchor_page,
        exact: anchor_exact,
        prefix: anchor_prefix,
        suffix: anchor_suffix,
        start: anchor_start,
        end: anchor_end,
      }
    : null
  return { ...rest, anchor }
}

/** Everything one user put into Agora or holds there, as plain JSON (ids, texts, times, amounts). */
export async function exportData(db: Db, userId: string) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
  const posts = await db
    .selectFrom('posts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  const postIds = posts.map((post) => post.id)
  const files = postIds.length
    ? await db
        .selectFrom('post_files')
        .selectAll()
        .where('post_id', 'in', postIds)
        .orderBy('post_id')
        .orderBy('position')
        .execute()
    : []
  const table = <
    T extends 'comments' | 'post_likes' | 'comment_likes' | 'bookmarks' | 'reward_entries' | 'reward_claims',
  >(
    name: T,
  ) =>
    db
      .selectFrom(name as 'comments')
      .selectAll()
      .where('user_id', '=', userId)
      .execute()
  const { password_hash: _secret, ...profile } = user
  return {
    format: EXPORT_FORMAT,
    exported_at: new Date().toISOString(),
    profile,
    posts: posts.map((post) => ({
      ...post,
      files: files
        .filter((file) => file.post_id === post.id)
        .map(({ post_id: _post, ...file }) => ({
          ...file,
          path: `files/${file.cid}`,
        })),
    })),
    // A placeholder left for replies holds nothing of theirs.
    comments: (await table('comments')).filter((row) => !row.deleted_at).map(commentForExport),
    likes: { posts: await table('post_likes'), comments: await table('comment_likes') },
    bookmarks: await table('bookmarks'),
    follows: await db.selectFrom('follows').selectAll().where('follower_id', '=', userId).execute(),
    rewards: { ledger: await table('reward_entries'), claims: await table('reward_claims') },
    files: [...new Set(files.map((file) => file.cid))],
  }
}

/**
 * Writes the user's export as a ZIP (`data.json` and `files/{cid}` for each of their posts' files)
 * to a staging file, streamed: memory stays flat whatever the files weigh. The caller admits it to
 * the blob store.
 */
export async function buildExport(db: Db, store: BlobStore, userId: string): Promise<StagedFile> {
  const data = await exportData(db, userId)
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'data.json')
  zip.addBuffer(
    Buffer.from(
      'Your data from Agora.\n\ndata.json: your profile, posts, comments, likes, saved posts, follows, rewards ledger and claims.\nfiles/: the files of your posts, named by their IPFS content id (CID).\n',
    ),
    'README.txt',
  )
  for (const cid of data.files) zip.addReadStream(await store.read(cid), `files/${cid}`)
  zip.end()
  const out = new PassThrough()
  zip.outputStream.pipe(out)
  return stageStream(out, store.stagingDir)
}
