import type { PinStatus } from '@agora/contract'
import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './schema.columns'

/** Who uploaded which stored file (migration 0034): the per-user storage quota counts these. */
export interface BlobUploadsTable {
  user_id: string
  cid: string
  created_at: CreatedAt
}

/** A document's first page as a small picture (migration 0020), drawn by the analysis. */
export interface BlobThumbnailsTable {
  cid: string
  image: Uint8Array
  mime: string
  width: number
  height: number
  created_at: CreatedAt
}

/** A file's or a directory's DAG, indexed for the IPFS gateway (features/ipfs). */
export interface IpfsRootsTable {
  cid: string
  kind: 'file' | 'directory'
  blob_cid: string | null
  /** Bytes of every block of the DAG (what a parent link's Tsize says). */
  dag_size: ColumnType<string, string | number, string | number>
  status: ColumnType<'ok' | 'corrupt', 'ok' | 'corrupt' | undefined, 'ok' | 'corrupt'>
  indexed_at: CreatedAt
}

/** One block of an indexed DAG: a raw leaf (a byte range of the file) or a dag-pb node (its bytes). */
export interface IpfsBlocksTable {
  root: string
  cid: string
  byte_offset: ColumnType<string, string | number, string | number>
  /** Bytes of the file the block covers. */
  span: ColumnType<string, string | number, string | number>
  bytes: Uint8Array | null
}

/** A file's pin job (features/pinning, migration 0031): one per CID, durable, leased, retried. */
export interface IpfsPinsTable {
  cid: string
  /** The file's name, sent to the pinning service with the pin. */
  name: ColumnType<string, string | undefined, string>
  status: ColumnType<PinStatus, PinStatus | undefined, PinStatus>
  /** The pinning service's id of the request; null before it is made (or after the service lost it). */
  request_id: ColumnType<string | null, string | null | undefined, string | null>
  /** Failed tries so far. */
  attempts: Generated<number>
  /** Claims so far: a claim's fencing token. */
  claims: Generated<number>
  run_after: ColumnType<Date, Date | undefined, Date>
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | undefined, Date>
}
