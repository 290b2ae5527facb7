import { PassThrough } from 'node:stream'
import type { Selectable } from 'kysely'
import yazl from 'yazl'
import { type BlobStore, type StagedFile, stageStream } from '../../blobs/index'
import type { Db } from '../../db/index'
import type { CommentsTable } from '../../db/schema'
import { placeFiles } from './exports.layout'

/** The format of `data.json` in an export; raised when its shape changes. */
export const EXPORT_FORMAT = 2

/** A comment's row with its anchor into a file as one object, null when it has none. */
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
    .orderBy('id')
    .execute()
  const postIds = posts.map((post) => post.id)
  const none = postIds.length === 0
  const current = none
    ? []
    : await db.selectFrom('post_files').selectAll().where('post_id', 'in', postIds).execute()
  const earlier = none
    ? []
    : await db.selectFrom('post_version_files').selectAll().where('post_id', 'in', postIds).execute()
  const versionRows = none
    ? []
    : await db.selectFrom('post_versions').selectAll().where('post_id', 'in', postIds).execute()
  const revisions = none
    ? []
    : await db
        .selectFrom('post_revisions')
        .selectAll()
        .where('post_id', 'in', postIds)
        .orderBy('revision')
        .execute()
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
  // A placeholder left for replies holds nothing of theirs.
  const comments = (await table('comments')).filter((row) => !row.deleted_at)
  const commentRevisions = comments.length
    ? await db
        .selectFrom('comment_revisions')
        .selectAll()
        .where(
          'comment_id',
          'in',
          comments.map((comment) => comment.id),
        )
        .orderBy('comment_id')
        .orderBy('revision')
        .execute()
    : []
  const placed = placeFiles(posts, current, earlier)
  const { password_hash: _secret, ...profile } = user
  return {
    format: EXPORT_FORMAT,
    exported_at: new Date().toISOString(),
    profile,
    posts: posts.map((post) => {
      const mine = placed.filter((file) => file.post_id === post.id)
      const versionsHeld = [...new Set(mine.map((file) => file.version))]
      const numbers = [
        ...new Set([
          ...versionRows.filter((v) => v.post_id === post.id).map((v) => v.version),
          ...versionsHeld,
          post.version,
        ]),
      ]
      return {
        ...post,
        files: mine
          .filter((file) => file.current)
          .map(({ post_id: _post, version: _v, current: _c, ...file }) => file),
        versions: numbers
          .sort((a, b) => a - b)
          .map((version) => {
            const row = versionRows.find((v) => v.post_id === post.id && v.version === version)
            return {
              version,
              current: version === post.version,
              changelog: row?.changelog ?? '',
              manifest_cid: row?.manifest_cid ?? null,
              created_at: row?.created_at ?? null,
              files: mine
                .filter((file) => file.version === version)
                .map(({ post_id: _post, version: _v, current: _c, ...file }) => file),
            }
          }),
        revisions: revisions
          .filter((revision) => revision.post_id === post.id)
          .map(({ post_id: _post, ...revision }) => revision),
      }
    }),
    comments: comments.map((comment) => ({
      ...commentForExport(comment),
      revisions: commentRevisions
        .filter((revision) => revision.comment_id === comment.id)
        .map(({ comment_id: _comment, ...revision }) => revision),
    })),
    likes: { posts: await table('post_likes'), comments: await table('comment_likes') },
    bookmarks: await table('bookmarks'),
    follows: await db.selectFrom('follows').selectAll().where('follower_id', '=', userId).execute(),
    rewards: { ledger: await table('reward_entries'), claims: await table('reward_claims') },
    files: [...new Set(placed.map((file) => file.cid))],
    manifest: placed.map(({ current: _c, ...file }) => file),
  }
}

const README = `Your data from Agora.

data.json: your profile, posts (with every version of their files and every revision of their
text), comments (with their revisions), likes, saved posts, follows, rewards ledger and claims.
manifest.json: one entry per file of every version of every post: its original name, its IPFS
content id (CID), its size and type, and where its bytes are in this archive.
posts/: the files, under each post's title and version (v1, v2, ...), by their original names.
A file kept unchanged into a later version is stored once, where it first appeared; the
manifest gives that path for every version holding it.
`

/**
 * Writes the user's export as a ZIP (README.txt, data.json, manifest.json and every version's
 * files under posts/) to a staging file, streamed: memory stays flat whatever the files weigh. The
 * caller admits it to the blob store.
 */
export async function buildExport(db: Db, store: BlobStore, userId: string): Promise<StagedFile> {
  const data = await exportData(db, userId)
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(README), 'README.txt')
  const { manifest, ...rest } = data
  zip.addBuffer(Buffer.from(JSON.stringify(rest, null, 2)), 'data.json')
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json')
  const written = new Set<string>()
  for (const file of manifest) {
    if (written.has(file.path)) continue
    written.add(file.path)
    zip.addReadStream(await store.read(file.cid), file.path)
  }
  zip.end()
  const out = new PassThrough()
  zip.outputStream.pipe(out)
  return stageStream(out, store.stagingDir)
}
