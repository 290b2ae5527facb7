import type { PinStatus } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { PostFileRow, PostFilesTable } from '../../db/schema'
import { withheldVersionSql } from '../../policy/index'

/** A post as a version's publication reads it: who may change it and its current version. */
export interface VersionedPost {
  id: string
  user_id: string
  visibility: 'public' | 'private'
  moderation: 'hidden' | 'removed' | null
  version: number
  created_at: Date
  private_history_shared_at: Date | null
}

/** One version's row, with the number of the post's current version. */
export interface VersionRow {
  post_id: string
  version: number
  changelog: string
  manifest_cid: string | null
  created_by: string | null
  created_at: Date
  made_private: boolean
}

/** A file of some version of a post (filesOfEveryVersion). */
export interface FileOfSomeVersion {
  cid: string
  mime: string
  kind: PostFilesTable['kind']
  /** The newest version whose files include it. */
  version: number
  current: boolean
  duration_seconds: number | null
  page_count: number | null
}

/** The file columns both post_files (current version) and post_version_files (earlier ones) hold. */
export type VersionFile = Omit<PostFilesTable, 'post_id'>

/** The earlier versions of the row of `posts` that others may not open (db/visibility.ts), oldest first. */
const withheldOf = () =>
  sql<number[]>`array(select v.version from post_versions v
    where v.post_id = posts.id and ${withheldVersionSql('v', 'posts')} order by v.version)`

/**
 * The tables of versions: post_versions (one row per version) and post_version_files (the files of
 * earlier versions). The current version's files are post_files: publishing a version moves them
 * here and writes the new ones there (docs/decisions/005-file-versions.md).
 */
export function versionsStore(db: Db) {
  const postColumns = [
    'id',
    'user_id',
    'visibility',
    'moderation',
    'version',
    'created_at',
    'private_history_shared_at',
  ] as const

  return {
    findPost(id: string): Promise<VersionedPost | undefined> {
      return db.selectFrom('posts').select(postColumns).where('id', '=', id).executeTakeFirst()
    },

    /** The post, row-locked like every write on a post (comments and likes take turns with it). */
    lockPost(id: string): Promise<VersionedPost | undefined> {
      return db
        .selectFrom('posts')
        .select(postColumns)
        .where('id', '=', id)
        .forNoKeyUpdate()
        .executeTakeFirst()
    },

    /** Writes the row of version 1 of a new post (its files are the post's post_files). */
    async insertFirst(postId: string, authorId: string, manifestCid: string | null) {
      await db
        .insertInto('post_versions')
        .values({
          post_id: postId,
          version: 1,
          changelog: '',
          created_by: authorId,
          manifest_cid: manifestCid,
          made_private: sql<boolean>`(select visibility = 'private' from posts where id = ${postId})`,
        })
        .execute()
    },

    /**
     * The row of `version` (the current one when null) with the post's current version number, or
     * undefined when the post has no such version. A version before this table existed has no row:
     * it is answered from the post (no changelog, manifest unknown).
     */
    async version(postId: string, version: number | null) {
      return db
        .selectFrom('posts')
        .leftJoin('post_versions', (join) =>
          join
            .onRef('post_versions.post_id', '=', 'posts.id')
            .on('post_versions.version', '=', version ?? sql<number>`posts.version`),
        )
        .select([
          'posts.id as post_id',
          'posts.version as current',
          'posts.user_id',
          'posts.created_at as post_created_at',
          'post_versions.version',
          'post_versions.changelog',
          'post_versions.manifest_cid',
          'post_versions.created_by',
          'post_versions.created_at',
          'post_versions.made_private',
          'posts.private_history_shared_at',
          // Asked only of a version without a manifest (null otherwise): a post without files has
          // none to make, and its detail need not read its files again.
          sql<boolean | null>`case when post_versions.manifest_cid is null
            then exists (select 1 from post_files f where f.post_id = posts.id) end`.as('has_files'),
          withheldOf().as('withheld'),
        ])
        .where('posts.id', '=', postId)
        .executeTakeFirst()
    },

    /** The post's author and the earlier versions only they and moderators may open; undefined: no such post. */
    privatePast(postId: string): Promise<{ user_id: string; withheld: number[] } | undefined> {
      return db
        .selectFrom('posts')
        .select(['user_id', withheldOf().as('withheld')])
        .where('id', '=', postId)
        .executeTakeFirst()
    },

    /** Whether a user moderates (the rules of a post's private past let moderators see it). */
    async isModerator(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst()
      return row?.role === 'moderator' || row?.role === 'admin'
    },

    /** Every version row of a post, oldest first. */
    versions(postId: string): Promise<VersionRow[]> {
      return db
        .selectFrom('post_versions')
        .selectAll()
        .where('post_id', '=', postId)
        .orderBy('version')
        .execute()
    },

    /** The current version's files, in order (rows to carry into a new version: nothing else). */
    currentFiles(postId: string): Promise<PostFileRow[]> {
      return db
        .selectFrom('post_files')
        .selectAll()
        .where('post_id', '=', postId)
        .orderBy('position')
        .execute()
    },

    /** The current version's files, in order, to show: each with where its pin stands (features/pinning). */
    currentFilesShown(postId: string): Promise<(PostFileRow & { pin_status: PinStatus | null })[]> {
      return db
        .selectFrom('post_files')
        .leftJoin('ipfs_pins', 'ipfs_pins.cid', 'post_files.cid')
        .selectAll('post_files')
        .select('ipfs_pins.status as pin_status')
        .where('post_id', '=', postId)
        .orderBy('position')
        .execute()
    },

    /**
     * Every file of every version of the post but the `withheld` ones, once per CID, with the newest
     * version holding it (`current`: it is one of the current version's files) and what is known of its bytes.
     */
    async filesOfEveryVersion(postId: string, withheld?: ReadonlySet<number>): Promise<FileOfSomeVersion[]> {
      const current = db
        .selectFrom('post_files')
        .innerJoin('posts', 'posts.id', 'post_files.post_id')
        .select(['post_files.cid', 'post_files.mime', 'post_files.kind', 'posts.version'])
        .select(sql<boolean>`true`.as('current'))
        .where('post_files.post_id', '=', postId)
      const earlier = db
        .selectFrom('post_version_files')
        .select(['cid', 'mime', 'kind', 'version'])
        .select(sql<boolean>`false`.as('current'))
        .where('post_id', '=', postId)
      const rows = await db
        .selectFrom(current.unionAll(earlier).as('f'))
        .innerJoin('blobs', 'blobs.cid', 'f.cid')
        .select(['f.cid', 'f.mime', 'f.kind', 'f.version', 'f.current'])
        .select(['blobs.duration_seconds', 'blobs.page_count'])
        .orderBy('f.version', 'desc')
        .execute()
      const byCid = new Map<string, FileOfSomeVersion>()
      for (const row of rows) if (!byCid.has(row.cid) && !withheld?.has(row.version)) byCid.set(row.cid, row)
      return [...byCid.values()]
    },

    /**
     * The files of earlier versions (all of them, or of `version`), by version and position, each
     * with where its pin on the IPFS network stands (features/pinning; null: never queued).
     */
    earlierFiles(postId: string, version?: number) {
      let query = db
        .selectFrom('post_version_files')
        .leftJoin('ipfs_pins', 'ipfs_pins.cid', 'post_version_files.cid')
        .selectAll('post_version_files')
        .select('ipfs_pins.status as pin_status')
        .where('post_id', '=', postId)
      if (version !== undefined) query = query.where('version', '=', version)
      return query.orderBy('version').orderBy('position').execute()
    },

    /**
     * Makes `files` the post's current files as version `next`: the current post_files rows move
     * to post_version_files as version `next - 1` (its row made first when it has none), the new
     * ones are written, and the post's version set. Each file reference is one row of one of the
     * two tables, so blobs.refs (kept by their triggers) stays exact.
     */
    async publish(
      post: VersionedPost,
      next: { version: number; changelog: string; manifestCid: string | null; createdBy: string },
      files: VersionFile[],
    ) {
      const previous = next.version - 1
      await db
        .insertInto('post_versions')
        .values({
          post_id: post.id,
          version: previous,
          created_by: post.user_id,
          created_at: post.created_at,
        })
        .onConflict((oc) => oc.columns(['post_id', 'version']).doNothing())
        .execute()
      await db
        .insertInto('post_version_files')
        .columns(['post_id', 'version', 'position', 'cid', 'name', 'mime', 'size', 'kind'])
        .expression((eb) =>
          eb
            .selectFrom('post_files')
            .select([
              'post_id',
              sql<number>`${previous}::int`.as('version'),
              'position',
              'cid',
              'name',
              'mime',
              'size',
              'kind',
            ])
            .where('post_id', '=', post.id),
        )
        .execute()
      await db.deleteFrom('post_files').where('post_id', '=', post.id).execute()
      await db
        .insertInto('post_versions')
        .values({
          post_id: post.id,
          version: next.version,
          changelog: next.changelog,
          manifest_cid: next.manifestCid,
          created_by: next.createdBy,
          made_private: post.visibility === 'private',
        })
        .execute()
      await db
        .insertInto('post_files')
        .values(files.map((file) => ({ ...file, post_id: post.id })))
        .execute()
      await db
        .updateTable('posts')
        .set({ version: next.version, updated_at: new Date() })
        .where('id', '=', post.id)
        .execute()
    },

    /** Records a manifest computed after the fact (a version from before migration 0011). */
    async saveManifest(
      post: { id: string; user_id: string; created_at: Date },
      version: number,
      cid: string,
    ) {
      await db
        .insertInto('post_versions')
        .values({
          post_id: post.id,
          version,
          manifest_cid: cid,
          created_by: post.user_id,
          created_at: post.created_at,
        })
        .onConflict((oc) =>
          oc
            .columns(['post_id', 'version'])
            .doUpdateSet({ manifest_cid: cid })
            .where('post_versions.manifest_cid', 'is', null),
        )
        .execute()
    },
  }
}
export type VersionsStore = ReturnType<typeof versionsStore>
