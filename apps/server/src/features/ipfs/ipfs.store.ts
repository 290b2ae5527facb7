import type { Insertable } from 'kysely'
import type { Db } from '../../db/index'
import type { IpfsRootsTable } from '../../db/schema'
import { type FileAccess, fileAccess, type Reader } from '../../policy/index'
import type { DagStep } from './ipfs.dag'

export interface IndexedRoot {
  cid: string
  kind: 'file' | 'directory'
  dagSize: number
  status: 'ok' | 'corrupt'
}

/** Where a block is: the root it was indexed under, its place in that file, its bytes if a node. */
export interface BlockPlace {
  root: string
  offset: number
  span: number
  bytes: Uint8Array | null
}

const toRoot = (row: {
  cid: string
  kind: 'file' | 'directory'
  dag_size: string
  status: 'ok' | 'corrupt'
}) => ({
  cid: row.cid,
  kind: row.kind,
  dagSize: Number(row.dag_size),
  status: row.status,
})

/** Inserts a root's row; false when another indexer's is already there (theirs stands). */
async function claimRoot(db: Db, row: Insertable<IpfsRootsTable>) {
  const inserted = await db
    .insertInto('ipfs_roots')
    .values(row)
    .onConflict((oc) => oc.column('cid').doNothing())
    .returning('cid')
    .executeTakeFirst()
  return inserted !== undefined
}

export function ipfsStore(db: Db) {
  return {
    async root(cid: string): Promise<IndexedRoot | undefined> {
      const row = await db.selectFrom('ipfs_roots').selectAll().where('cid', '=', cid).executeTakeFirst()
      return row && toRoot(row)
    },

    /** The stored file of this CID (a row with bytes: not a placeholder being collected). */
    blob(cid: string) {
      return db
        .selectFrom('blobs')
        .select(['cid', 'size', 'mime'])
        .where('cid', '=', cid)
        .where('mime', '<>', '')
        .executeTakeFirst()
    },

    /** The dag-pb nodes of an indexed root, by CID. */
    async nodes(root: string): Promise<Map<string, Uint8Array>> {
      const rows = await db
        .selectFrom('ipfs_blocks')
        .select(['cid', 'bytes'])
        .where('root', '=', root)
        .where('bytes', 'is not', null)
        .execute()
      return new Map(rows.map((row) => [row.cid, new Uint8Array(row.bytes!)]))
    },

    /** Every place a block was indexed (a leaf shared by several files has several). */
    async places(cid: string): Promise<BlockPlace[]> {
      const rows = await db
        .selectFrom('ipfs_blocks')
        .select(['root', 'byte_offset', 'span', 'bytes'])
        .where('cid', '=', cid)
        .orderBy('root')
        .execute()
      return rows.map((row) => ({
        root: row.root,
        offset: Number(row.byte_offset),
        span: Number(row.span),
        bytes: row.bytes && new Uint8Array(row.bytes),
      }))
    },

    /** Records a file's index (its first occurrence of each block); a concurrent indexer's wins. */
    async saveFile(cid: string, dagSize: number, blocks: readonly DagStep[]) {
      await db.transaction().execute(async (trx) => {
        if (!(await claimRoot(trx, { cid, kind: 'file', blob_cid: cid, dag_size: dagSize }))) return
        const seen = new Set<string>()
        const rows = blocks.flatMap((step) => {
          const key = step.cid.toString()
          if (seen.has(key)) return []
          seen.add(key)
          const bytes = step.kind === 'node' ? step.bytes : null
          return [{ root: cid, cid: key, byte_offset: step.offset, span: step.span, bytes }]
        })
        for (let at = 0; at < rows.length; at += 500) {
          await trx
            .insertInto('ipfs_blocks')
            .values(rows.slice(at, at + 500))
            .execute()
        }
      })
    },

    async saveDirectory(cid: string, bytes: Uint8Array, dagSize: number) {
      await db.transaction().execute(async (trx) => {
        if (await claimRoot(trx, { cid, kind: 'directory', blob_cid: null, dag_size: dagSize })) {
          await trx
            .insertInto('ipfs_blocks')
            .values({ root: cid, cid, byte_offset: 0, span: 0, bytes })
            .execute()
        }
      })
    },

    markCorrupt(cid: string) {
      return db.updateTable('ipfs_roots').set({ status: 'corrupt' }).where('cid', '=', cid).execute()
    },

    /**
     * The files of the version whose directory is `cid`, in their order (their names in it come
     * from versions' manifestNames): the current version's from post_files, an earlier one's from
     * post_version_files. Empty when no version has that directory.
     */
    async directoryFiles(cid: string): Promise<{ cid: string; name: string }[]> {
      const version = await db
        .selectFrom('post_versions as v')
        .innerJoin('posts as p', 'p.id', 'v.post_id')
        .select(['v.post_id', 'v.version', 'p.version as current'])
        .where('v.manifest_cid', '=', cid)
        .orderBy('v.post_id')
        .executeTakeFirst()
      if (!version) return []
      if (version.version === version.current) {
        return db
          .selectFrom('post_files')
          .select(['cid', 'name'])
          .where('post_id', '=', version.post_id)
          .orderBy('position')
          .execute()
      }
      return db
        .selectFrom('post_version_files')
        .select(['cid', 'name'])
        .where('post_id', '=', version.post_id)
        .where('version', '=', version.version)
        .orderBy('position')
        .execute()
    },

    /** Whether `reader` may fetch the file or directory `cid` through the gateway (db/visibility.ts). */
    access: (cid: string, reader: Reader | null): Promise<FileAccess> => fileAccess(db, cid, reader),
  }
}
export type IpfsStore = ReturnType<typeof ipfsStore>
