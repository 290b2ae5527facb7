/** The site's IPFS side: its trustless gateway at /ipfs/ and a post as a CAR. */
import { API_BASE, callPath } from './client'

/** A file as a CAR from the site's trustless IPFS gateway, what Verify checks block by block. */
export function gatewayCarUrl(cid: string): string {
  return `/ipfs/${encodeURIComponent(cid)}?format=car`
}

/** A whole post as a CAR: its current files and metadata.json in one UnixFS directory. */
export function postCarUrl(postId: string): string {
  return `${API_BASE}${callPath('GET /media/:id/car', { params: { id: postId } })}`
}
