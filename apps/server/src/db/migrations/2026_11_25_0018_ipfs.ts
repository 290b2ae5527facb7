import { type Kysely, sql } from 'kysely'

/**
 * The trustless IPFS gateway (issue 22, docs/decisions/008-ipfs-blocks.md): the blocks of each stored
 * file and of each version's directory, indexed the first time the gateway serves them. A raw leaf
 * is a byte range of the stored file (`bytes` null); a dag-pb node keeps its few hundred bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ipfs_roots (
      cid text primary key,
      kind text not null check (kind in ('file', 'directory')),
      -- a file's blob: the index goes with the bytes
      blob_cid text references blobs (cid) on delete cascade,
      dag_size bigint not null,
      status text not null default 'ok' check (status in ('ok', 'corrupt')),
      indexed_at timestamptz not null default now()
    )
  `.execute(db)
  await sql`
    create table ipfs_blocks (
      root text not null references ipfs_roots (cid) on delete cascade,
      cid text not null,
      byte_offset bigint not null,
      span bigint not null,
      bytes bytea,
      primary key (root, cid)
    )
  `.execute(db)
  await sql`create index ipfs_blocks_cid_idx on ipfs_blocks (cid)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table ipfs_blocks`.execute(db)
  await sql`drop table ipfs_roots`.execute(db)
}
