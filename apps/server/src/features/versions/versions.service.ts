import { type PostVersionsResponse, VERSION_CHANGELOG_MAX } from '@agora/contract'
import { BlobMissingError, type BlobStore } from '../../blobs/index'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { PostFileRow } from '../../db/schema'
import type { EventBus } from '../../events/index'
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors'
import {
  authorize,
  canSeeHistory,
  canSeePrivateEra,
  postDeleted,
  type Reader,
  seesWholePast,
  viewerOf,
  wasDeleted,
} from '../../policy/index'
import { enqueueAnalysis } from '../analysis/index'
import { filesService, postFileOf, type ReceivedFile, type StorageCharge, toMediaItem } from '../files/index'
import { type ManifestEntry, manifestCidOf, stagedEntry, storedEntry } from './versions.manifest'
import { type VersionedPost, type VersionFile, type VersionsStore, versionsStore } from './versions.store'

export const VERSION_NOT_FOUND = 'This post has no such version'
export const TOO_MANY_FILES = (max: number) => `A version holds at most ${max} files`

const INT_MAX = 2_147_483_647

/** What a version publication received: the staged files and the text fields (each value of each). */
export interface VersionUpload {
  files: ReceivedFile[]
  values: Record<string, string[]>
}

/** The version fields of a post's detail, and the files of the version shown when it is not the current one. */
export interface ShownVersion {
  version: number
  version_count: number
  visible_versions: number[]
  version_changelog: string
  manifest_cid: string | null
  /** The files of an earlier version; null when the version shown is the current one (its files are post_files). */
  files: PostFileRow[] | null
}

/** The changelog: one line, trimmed, 1–200 characters. */
export function parseChangelog(values: string[] | undefined): string {
  const changelog = (values?.at(-1) ?? '').trim()
  if (!changelog) throw new BadRequestError('changelog_required')
  if (/[\r\n]/.test(changelog)) throw new BadRequestError('changelog_one_line')
  if ([...changelog].length > VERSION_CHANGELOG_MAX)
    throw new BadRequestError('changelog_too_long', { params: { max: VERSION_CHANGELOG_MAX } })
  return changelog
}

/**
 * The names `keep` asks to carry over, each a name of the current version. A value is one name when
 * a current file has exactly that name (names may hold commas), else a comma-separated list.
 */
export function parseKeep(values: string[] | undefined, current: readonly string[]): Set<string> {
  const known = new Set(current)
  const kept = new Set<string>()
  for (const value of values ?? []) {
    const names = known.has(value.trim()) ? [value.trim()] : value.split(',').map((name) => name.trim())
    for (const name of names) {
      if (!name) continue
      if (!known.has(name)) throw new BadRequestError('version_file_unknown', { params: { name } })
      kept.add(name)
    }
  }
  return kept
}

/** A file of a version being composed: a current one carried over, or a new one (`received`). */
export interface PlannedFile {
  file: VersionFile
  received: ReceivedFile | null
}

/**
 * The new version's files: each current file that is kept stays in its place, one replaced by a new
 * file of the same name takes that file's place (kept or not: the upload is the newer), and the
 * other new files follow in upload order.
 * Names must differ (a directory, and so the manifest, holds each name once).
 */
export function composeVersion(
  current: readonly PostFileRow[],
  kept: ReadonlySet<string>,
  received: readonly ReceivedFile[],
): PlannedFile[] {
  const fresh = (file: ReceivedFile): PlannedFile => ({ file: postFileOf(file, 0), received: file })
  const waiting = [...received]
  const planned: PlannedFile[] = []
  for (const old of current) {
    const replacement = waiting.findIndex((file) => file.name === old.name)
    if (replacement >= 0) {
      planned.push(fresh(waiting.splice(replacement, 1)[0]!))
    } else if (kept.has(old.name)) {
      const { post_id: _postId, ...file } = old
      planned.push({ file, received: null })
    }
  }
  planned.push(...waiting.map(fresh))
  const names = new Set<string>()
  for (const { file } of planned) {
    if (names.has(file.name)) throw new BadRequestError('version_file_twice', { params: { name: file.name } })
    names.add(file.name)
  }
  return planned.map(({ file, received }, position) => ({ file: { ...file, position }, received }))
}

const NONE: ReadonlySet<number> = new Set()

/**
 * The earlier versions of a post that `viewerId` may not open (made while it was private, not
 * shared): empty for its author and moderators, and for a post with none. Asks whether the viewer
 * moderates only when it matters.
 */
export async function withheldVersions(
  db: Db,
  postId: string,
  viewerId: string | null,
): Promise<ReadonlySet<number>> {
  const versions = versionsStore(db)
  const past = await versions.privatePast(postId)
  if (!past || past.withheld.length === 0 || (await seesPast(versions, past, viewerId))) return NONE
  return new Set(past.withheld)
}

/** Whether the post has versions others may not open that `viewerId` may (its author, a moderator). */
export async function seesWithheldVersions(db: Db, postId: string, viewerId: string): Promise<boolean> {
  const versions = versionsStore(db)
  const past = await versions.privatePast(postId)
  return !!past && past.withheld.length > 0 && (await seesPast(versions, past, viewerId))
}

/** `seesWholePast` for a reader known by id: the post's author, or a moderator. */
async function seesPast(versions: VersionsStore, post: { user_id: string }, viewerId: string | null) {
  if (viewerId === null) return false
  return seesWholePast(post, {
    userId: viewerId,
    moderator: post.user_id !== viewerId && (await versions.isModerator(viewerId)),
  })
}

/** The numbers 1…`current` but the withheld ones: the versions a reader may open, oldest first. */
function openVersions(current: number, withheld: ReadonlySet<number>): number[] {
  const numbers: number[] = []
  for (let number = 1; number <= current; number++) if (!withheld.has(number)) numbers.push(number)
  return numbers
}

/** Versions of posts' files: publishing one, listing them, and the version a post's detail shows. */
export function versionsService(db: Db, store: BlobStore, events: EventBus) {
  const versions = versionsStore(db)
  const files = filesService(db, store)

  function authorsPost(post: VersionedPost | undefined, viewerId: string): VersionedPost {
    return authorize(viewerOf(viewerId), 'post.add_version', post)
  }

  /** The manifest of these files; null when a stored file's bytes are missing from the store. */
  async function manifestOf(entries: ManifestEntry[]): Promise<string | null> {
    try {
      return await manifestCidOf(entries)
    } catch (error) {
      if (error instanceof BlobMissingError) return null
      throw error
    }
  }
  const storedManifest = (rows: readonly PostFileRow[]) =>
    manifestOf(rows.map((row) => storedEntry(row.name, row.cid, store)))

  return {
    /** 404 or 403 before an upload is read: only the author of a post they can see publishes versions. */
    async checkAuthor(viewerId: string, postId: string) {
      authorsPost(isId(postId) ? await versions.findPost(postId) : undefined, viewerId)
    },

    /**
     * Publishes the received files, with the kept ones of the current version, as the next
     * version. One transaction writes it whole; on any failure nothing remains: no version row,
     * no staged file and no stored bytes that nothing else uses. Answers the new version's number.
     */
    async publish(
      viewerId: string,
      postId: string,
      upload: VersionUpload,
      maxFiles: number,
      /** The author's storage quota (features/files); absent: not counted. */
      charge?: StorageCharge,
    ): Promise<number> {
      const received = upload.files
      const discardAll = () => Promise.all(received.map((file) => file.staged.discard()))
      let plan: { post: VersionedPost; files: PlannedFile[]; changelog: string; manifest: string | null }
      try {
        if (!isId(postId)) throw new NotFoundError('post_not_found')
        const post = authorsPost(await versions.findPost(postId), viewerId)
        const changelog = parseChangelog(upload.values.changelog)
        const current = await versions.currentFiles(post.id)
        const kept = parseKeep(
          upload.values.keep,
          current.map((file) => file.name),
        )
        const files = composeVersion(current, kept, received)
        if (files.length === 0) throw new BadRequestError('version_needs_file')
        if (files.length > maxFiles)
          throw new BadRequestError('too_many_files', {
            params: { max: maxFiles },
            detail: TOO_MANY_FILES(maxFiles),
          })
        const manifest = await manifestOf(
          files.map(({ file, received }) =>
            received ? stagedEntry(file.name, received.staged.path) : storedEntry(file.name, file.cid, store),
          ),
        )
        plan = { post, files, changelog, manifest }
      } catch (error) {
        await discardAll()
        throw error
      }
      const { post, changelog, manifest } = plan
      const next = post.version + 1
      if (next > INT_MAX) throw new ConflictError('too_many_versions')
      try {
        await db.transaction().execute(async (trx) => {
          const locked = versionsStore(trx)
          const now = authorsPost(await locked.lockPost(post.id), viewerId)
          // The kept files and the manifest were read from version `post.version`.
          if (now.version !== post.version) throw new ConflictError('version_moved_on')
          await filesService(trx, store).admit(received, { charge })
          await locked.publish(
            now,
            { version: next, changelog, manifestCid: manifest, createdBy: viewerId },
            plan.files.map(({ file }) => file),
          )
          await enqueueAnalysis(trx, post.id)
          await events.raise(trx, 'post.versioned', [
            { postId: post.id, authorId: post.user_id, version: next },
          ])
        })
      } catch (error) {
        await discardAll()
        await files.collect(received.map((file) => file.staged.cid))
        throw error
      }
      return next
    },

    /**
     * The version a post's detail shows: `requested`, or the current one. 404 when the post has
     * no such version. A manifest not computed yet (versions from before migration 0011) is
     * computed from the stored files now, and kept.
     */
    async shown(
      postId: string,
      requested: number | undefined,
      viewerId: string | null,
    ): Promise<ShownVersion> {
      if (requested !== undefined && (requested < 1 || requested > INT_MAX))
        throw new NotFoundError('version_not_found')
      const row = await versions.version(postId, requested ?? null)
      if (!row) throw new NotFoundError('post_not_found')
      const number = requested ?? row.current
      if (number > row.current) throw new NotFoundError('version_not_found')
      const isCurrent = number === row.current
      const withheld =
        row.withheld.length === 0 || (await seesPast(versions, row, viewerId)) ? NONE : new Set(row.withheld)
      if (withheld.has(number)) throw new NotFoundError('version_not_found')
      const earlier = isCurrent ? null : await versions.earlierFiles(postId, number)
      let manifest = row.manifest_cid
      if (manifest === null) {
        const rows = earlier ?? (row.has_files ? await versions.currentFiles(postId) : [])
        manifest = rows.length > 0 ? await storedManifest(rows) : null
        if (manifest !== null)
          await versions.saveManifest(
            { id: postId, user_id: row.user_id, created_at: row.post_created_at },
            number,
            manifest,
          )
      }
      return {
        version: number,
        version_count: row.current,
        visible_versions: openVersions(row.current, withheld),
        version_changelog: row.changelog ?? '',
        manifest_cid: manifest,
        files: earlier,
      }
    },

    /**
     * Every version of a post the reader may see, oldest first, each with its files: the post's
     * when they may see its history, without the earlier versions published while it was private
     * unless they may see those too (db/visibility.ts).
     */
    async list(reader: Reader | null, postId: string): Promise<PostVersionsResponse> {
      const post = isId(postId) ? await versions.findPost(postId) : undefined
      if (!post && (await wasDeleted(db, postId))) throw postDeleted()
      if (!post || !canSeeHistory(post, reader)) throw new NotFoundError('post_not_found')
      const [rows, earlier, current] = await Promise.all([
        versions.versions(post.id),
        versions.earlierFiles(post.id),
        versions.currentFilesShown(post.id),
      ])
      const items: PostVersionsResponse['items'] = []
      for (let number = 1; number <= post.version; number++) {
        const row = rows.find((candidate) => candidate.version === number)
        if (number < post.version && row?.made_private && !canSeePrivateEra(post, row.created_at, reader))
          continue
        const files = number === post.version ? current : earlier.filter((file) => file.version === number)
        let manifest = row?.manifest_cid ?? null
        if (manifest === null && files.length > 0) {
          manifest = await storedManifest(files)
          if (manifest !== null) await versions.saveManifest(post, number, manifest)
        }
        items.push({
          version: number,
          changelog: row?.changelog ?? '',
          created_at: (row?.created_at ?? post.created_at).toISOString(),
          created_by: row ? row.created_by : post.user_id,
          manifest_cid: manifest,
          files: files.map(toMediaItem),
        })
      }
      return { post_id: post.id, current: post.version, items }
    },

    /** Whether `reader` sees more of the post's versions than anonymous readers do. */
    async seesMoreThanVisitors(reader: Reader, postId: string): Promise<boolean> {
      const post = isId(postId) ? await versions.findPost(postId) : undefined
      return !!post && seesWholePast(post, reader)
    },
  }
}
export type VersionsService = ReturnType<typeof versionsService>
