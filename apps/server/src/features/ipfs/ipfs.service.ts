import type { FastifyBaseLogger } from 'fastify'
import { CID } from 'multiformats/cid'
import { BlobMissingError, type BlobStore } from '../../blobs/index'
import type { Db } from '../../db/index'
import { HttpError, NotFoundError } from '../../http/errors'
import type { Reader } from '../../policy/index'
import { directoryNode, manifestNames } from '../versions/index'
import {
  type ByteSpan,
  blockMatches,
  byteReader,
  CorruptBlockError,
  type DagStep,
  directoryLinks,
  indexFile,
  walkFile,
} from './ipfs.dag'
import { type BlockPlace, type IndexedRoot, ipfsStore } from './ipfs.store'

/** A block the viewer may fetch: the root it was indexed under and its place there. */
export interface Located {
  cid: CID
  root: IndexedRoot
  place: BlockPlace
  /** Served to this reader alone (not to everyone): no shared cache may keep it. */
  personal?: boolean
}

export interface Block {
  cid: CID
  bytes: Uint8Array
}

export type DagScope = 'block' | 'entity' | 'all'

/** `entity-bytes=from:to`: offsets, negative from the end, `*` for the end. */
export interface EntityBytes {
  from: number
  to: number | '*'
}

const corruptAnswer = () => new HttpError('corrupt_block')

/** Files being indexed now, so two requests for a new file read it once. */
const indexing = new Map<string, Promise<IndexedRoot | null>>()

export function ipfsService(db: Db, store: BlobStore, log: FastifyBaseLogger) {
  const rows = ipfsStore(db)

  /** The index of a stored file, made now from its bytes if it has none yet. Null: no such file. */
  async function fileRoot(cid: string): Promise<IndexedRoot | null> {
    const known = await rows.root(cid)
    if (known) return known
    const blob = await rows.blob(cid)
    if (!blob) return null
    let running = indexing.get(cid)
    if (!running) {
      running = (async () => {
        let index: Awaited<ReturnType<typeof indexFile>>
        try {
          index = await indexFile(cid, blob.size, await store.read(cid))
        } catch (error) {
          if (error instanceof BlobMissingError) return null
          throw error
        }
        if (!index) {
          log.error({ cid }, 'A stored file no longer gives its CID: the gateway will not serve it')
          await rows.saveFile(cid, 0, [])
          await rows.markCorrupt(cid)
        } else {
          await rows.saveFile(cid, index.dagSize, index.blocks)
        }
        return (await rows.root(cid)) ?? null
      })().finally(() => indexing.delete(cid))
      indexing.set(cid, running)
    }
    return running
  }

  /** The directory of a version's files (its manifest CID), built from their indexes if not yet. */
  async function directoryRoot(cid: string): Promise<IndexedRoot | null> {
    const known = await rows.root(cid)
    if (known) return known
    const files = await rows.directoryFiles(cid)
    if (files.length === 0) return null
    const names = manifestNames(files.map((file) => file.name))
    const entries = []
    for (const [index, file] of files.entries()) {
      const root = await fileRoot(file.cid)
      if (!root)
        throw new NotFoundError('ipfs_block_missing', {
          detail: 'A file of this directory is missing from the store',
        })
      if (root.status === 'corrupt') throw corruptAnswer()
      entries.push({ name: names[index]!, cid: file.cid, dagSize: root.dagSize })
    }
    const node = await directoryNode(entries)
    if (node.cid.toString() !== cid) {
      log.error({ cid, rebuilt: node.cid.toString() }, 'A version directory could not be rebuilt')
      throw new HttpError('directory_mismatch')
    }
    await rows.saveDirectory(cid, node.bytes, node.dagSize)
    return (await rows.root(cid)) ?? null
  }

  async function placeIn(root: IndexedRoot, cid: string): Promise<Located> {
    const place = (await rows.places(cid)).find((candidate) => candidate.root === root.cid)
    if (!place) throw corruptAnswer()
    return { cid: CID.parse(cid), root, place }
  }

  /** Throws 500 for a root whose bytes were found corrupt (logged when found). */
  function usable(root: IndexedRoot): IndexedRoot {
    if (root.status === 'corrupt') throw corruptAnswer()
    return root
  }

  /** Reads a leaf's bytes from its file and checks them; a mismatch marks the file corrupt. */
  async function leafBytes(root: string, cid: CID, offset: number, span: number) {
    const bytes =
      span === 0
        ? new Uint8Array(0)
        : await byteReader(await store.read(root, { start: offset, end: offset + span - 1 })).read(span)
    if (!bytes || !blockMatches(cid, bytes)) throw await corrupt(root, cid)
    return bytes
  }

  async function corrupt(root: string, block: CID) {
    log.error(
      { root, block: block.toString() },
      'Stored bytes no longer match their CID; the file is marked corrupt',
    )
    await rows.markCorrupt(root)
    return new CorruptBlockError(root, block.toString())
  }

  /** Blocks of a file DAG below `target`, their bytes checked, leaves read in one pass over the file. */
  async function* fileBlocks(target: Located, scope: DagScope, range?: ByteSpan): AsyncGenerator<Block> {
    const nodes = await rows.nodes(target.root.cid)
    const at = { offset: target.place.offset, span: target.place.span }
    const steps: Iterable<DagStep> =
      scope === 'block'
        ? [walkFile(target.cid, nodes, at).next().value as DagStep]
        : walkFile(target.cid, nodes, at, range)
    let reader: ReturnType<typeof byteReader> | null = null
    let position = 0
    try {
      for (const step of steps) {
        if (step.kind === 'node') {
          if (!blockMatches(step.cid, step.bytes)) throw await corrupt(target.root.cid, step.cid)
          yield { cid: step.cid, bytes: step.bytes }
          continue
        }
        if (scope === 'block' || step.span === 0) {
          yield { cid: step.cid, bytes: await leafBytes(target.root.cid, step.cid, step.offset, step.span) }
          continue
        }
        if (!reader || position !== step.offset) {
          await reader?.close()
          const end = at.offset + at.span - 1
          reader = byteReader(await store.read(target.root.cid, { start: step.offset, end }))
          position = step.offset
        }
        const bytes = await reader.read(step.span)
        position += step.span
        if (!bytes || !blockMatches(step.cid, bytes)) throw await corrupt(target.root.cid, step.cid)
        yield { cid: step.cid, bytes }
      }
    } finally {
      await reader?.close()
    }
  }

  return {
    /**
     * The block `cid` names, when `reader` may fetch it: a stored file's root (indexed on first
     * use), a version's directory, or a block inside one of them. Null: unknown or not theirs.
     */
    async locate(cid: string, reader: Reader | null): Promise<Located | null> {
      const access = await rows.access(cid, reader)
      if (access !== 'none') {
        const root = (await fileRoot(cid)) ?? (await directoryRoot(cid))
        if (root) return { ...(await placeIn(usable(root), cid)), personal: access === 'private' }
      }
      for (const place of await rows.places(cid)) {
        if (place.root === cid) continue
        const rootAccess = await rows.access(place.root, reader)
        if (rootAccess === 'none') continue
        const root = await rows.root(place.root)
        if (root)
          return { cid: CID.parse(cid), root: usable(root), place, personal: rootAccess === 'private' }
      }
      return null
    },

    /** The file `name` in the directory `dir` (a path segment), or null. */
    async child(dir: Located, name: string): Promise<Located | null> {
      if (dir.root.kind !== 'directory' || !dir.place.bytes) return null
      const link = directoryLinks(dir.place.bytes).get(name)
      const root = link && (await fileRoot(link.toString()))
      return root ? placeIn(usable(root), root.cid) : null
    },

    /** The bytes of one block, checked against its CID. */
    async blockBytes(target: Located): Promise<Uint8Array> {
      const { bytes, offset, span } = target.place
      if (bytes) {
        if (!blockMatches(target.cid, bytes)) throw await corrupt(target.root.cid, target.cid)
        return bytes
      }
      return leafBytes(target.root.cid, target.cid, offset, span)
    },

    /** What `entity-bytes` asks of `target`, resolved against its size; 'none' for an empty range. */
    resolveRange(target: Located, wanted: EntityBytes): ByteSpan | 'none' | 'outside' {
      const size = target.place.span
      const from = wanted.from < 0 ? Math.max(0, size + wanted.from) : wanted.from
      const to =
        wanted.to === '*' ? size - 1 : wanted.to < 0 ? size + wanted.to : Math.min(wanted.to, size - 1)
      if (from >= size && size > 0) return 'outside'
      if (to < from) return 'none'
      return { from: target.place.offset + from, to: target.place.offset + to }
    },

    /**
     * A stored file as an entry of a directory made elsewhere (a post's CAR export): its DAG's size,
     * and its blocks, each checked, read when asked for. Null: the file is not in the store.
     */
    async fileDag(cid: string): Promise<{ dagSize: number; blocks: () => AsyncGenerator<Block> } | null> {
      const root = await fileRoot(cid)
      if (!root) return null
      const target = await placeIn(usable(root), cid)
      return { dagSize: root.dagSize, blocks: () => fileBlocks(target, 'all') }
    },

    /** The blocks of `target` a CAR of `scope` holds (a directory's `all`: every file whole). */
    async *blocks(target: Located, scope: DagScope, range?: ByteSpan): AsyncGenerator<Block> {
      if (target.root.kind === 'file') return yield* fileBlocks(target, scope, range)
      yield { cid: target.cid, bytes: await this.blockBytes(target) }
      if (scope !== 'all') return
      for (const link of directoryLinks(target.place.bytes!).values()) {
        const root = await fileRoot(link.toString())
        if (!root)
          throw new NotFoundError('ipfs_block_missing', {
            detail: 'A file of this directory is missing from the store',
          })
        yield* fileBlocks(await placeIn(usable(root), root.cid), 'all')
      }
    },
  }
}
export type IpfsService = ReturnType<typeof ipfsService>
