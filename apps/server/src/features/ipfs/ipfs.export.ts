import type { CommentView, PostDetailResponse } from '@agora/contract'
import type { CID } from 'multiformats/cid'
import type { AppContext } from '../../context'
import { NotFoundError } from '../../http/errors'
import { anchoredComments } from '../comments/index'
import { postsService } from '../posts/index'
import { directoryNode, manifestNames } from '../versions/index'
import { directoryLinks, indexContent } from './ipfs.dag'
import type { Block, IpfsService } from './ipfs.service'

/** The name of the metadata record in a post's CAR; a file of the post of that name gets `metadata (2).json`. */
export const METADATA_NAME = 'metadata.json'

/** A post as a UnixFS directory: its root, what it was made of, and its blocks in DAG order. */
export interface PostCar {
  root: CID
  post: PostDetailResponse
  blocks: () => AsyncGenerator<Block>
}

/**
 * The metadata record of a post's CAR: what a reader needs to cite and check the files
 * without this site, and the comments anchored into them, as the viewer sees them.
 * Nothing in it depends on when it is made, so a post unchanged gives the same CID again.
 */
export function postMetadata(
  post: PostDetailResponse,
  names: readonly string[],
  comments: CommentView[],
  url: string,
) {
  return {
    type: 'agora.post',
    id: post.id,
    url,
    title: post.title,
    summary: post.summary,
    content: post.content,
    tags: post.tags,
    authors: [
      {
        display_name: post.author_display_name,
        username: post.user_name,
        ...(post.author_orcid ? { orcid: post.author_orcid } : {}),
      },
    ],
    license: post.license,
    ...(post.doi ? { doi: post.doi } : {}),
    version: post.version,
    version_count: post.version_count,
    version_changelog: post.version_changelog,
    manifest_cid: post.manifest_cid,
    created_at: post.created_at,
    updated_at: post.edited_at ?? post.created_at,
    files: post.media.map((file, index) => ({
      name: names[index],
      original_name: file.name,
      cid: file.cid,
      size: file.size,
      type: file.mime,
    })),
    anchored_comments: comments.map((comment) => ({
      id: comment._id,
      author: { display_name: comment.display_name, username: comment.username },
      text: comment.content,
      created_at: comment.createdAt,
      ...(comment.edited_at ? { edited_at: comment.edited_at } : {}),
      anchor: comment.anchor,
    })),
  }
}

/**
 * "Download as CAR" for a whole post: one UnixFS directory holding its current version's files under
 * their names and `metadata.json`, so the directory's CID content-addresses the record too. The files'
 * DAGs are the gateway's (read from the store as the CAR is written); the record is small and made
 * in memory. Throws 404 when the viewer may not see the post (private or moderated: its author only).
 */
export function postCarMaker(ctx: AppContext, ipfs: IpfsService) {
  const posts = postsService(ctx.db, ctx.blobs, ctx.events, ctx.guard)
  return async (postId: string, viewerId: string | null): Promise<PostCar> => {
    const post = await posts.detail(viewerId, postId)
    const comments = await anchoredComments(ctx, post.id, viewerId)
    const [metadataName, ...fileNames] = manifestNames([
      METADATA_NAME,
      ...post.media.map((file) => file.name),
    ])
    const url = `${ctx.config.mail.publicUrl}/forum/detail/${post.id}`
    const record = Buffer.from(
      `${JSON.stringify(postMetadata(post, fileNames, comments, url), null, 2)}\n`,
      'utf8',
    )
    const recordDag = await indexContent(record.byteLength, [record])
    const sources = new Map<string, () => AsyncGenerator<Block>>()
    sources.set(metadataName!, async function* () {
      for (const step of recordDag.blocks) {
        const bytes =
          step.kind === 'node' ? step.bytes : record.subarray(step.offset, step.offset + step.span)
        yield { cid: step.cid, bytes }
      }
    })
    const entries = [{ name: metadataName!, cid: recordDag.root.toString(), dagSize: recordDag.dagSize }]
    for (const [index, file] of post.media.entries()) {
      const dag = await ipfs.fileDag(file.cid)
      if (!dag)
        throw new NotFoundError('ipfs_block_missing', {
          detail: 'A file of this post is missing from the store',
        })
      entries.push({ name: fileNames[index]!, cid: file.cid, dagSize: dag.dagSize })
      sources.set(fileNames[index]!, dag.blocks)
    }
    const directory = await directoryNode(entries)
    return {
      root: directory.cid,
      post,
      // Depth first, in the directory's order of links (what a CAR of order=dfs holds).
      async *blocks() {
        yield { cid: directory.cid, bytes: directory.bytes }
        for (const name of directoryLinks(directory.bytes).keys()) yield* sources.get(name)!()
      },
    }
  }
}
