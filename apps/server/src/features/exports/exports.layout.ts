import { extname } from 'node:path'
import sanitize from 'sanitize-filename'
import type { PostFileRow, PostVersionFileRow } from '../../db/schema'

/** A file as the export lists it: which version of which post, and where its bytes are in the ZIP. */
export interface PlacedFile extends PostFileRow {
  version: number
  current: boolean
  path: string
}

// A folder or file name safe on every system the archive may be opened on, not hidden, not too long.
function safeName(name: string, fallback: string, max: number): string {
  const clean = sanitize(name.replace(/\s+/g, ' '))
    .replace(/^[.\s]+/, '')
    .trim()
  if (!clean) return fallback
  if (clean.length <= max) return clean
  const ext = extname(clean).slice(0, 16)
  return `${clean.slice(0, max - ext.length).trim()}${ext}`
}

/** `name`, or `name (2)`, `name (3)`… before the extension: the first that `taken` does not hold. */
function unique(name: string, taken: Set<string>, keepExtension: boolean): string {
  const ext = keepExtension ? extname(name) : ''
  const stem = name.slice(0, name.length - ext.length)
  let candidate = name
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`
  taken.add(candidate.toLowerCase())
  return candidate
}

/**
 * Every version's files of every post, each given a path `posts/{title}/v{version}/{original name}`
 * (names made unique without regard to case, as a case-insensitive disk would). A CID already placed
 * keeps its first path, so its bytes are stored once.
 */
export function placeFiles(
  posts: { id: string; title: string; version: number }[],
  current: PostFileRow[],
  earlier: PostVersionFileRow[],
): PlacedFile[] {
  const folders = new Set<string>()
  const firstPath = new Map<string, string>()
  const placed: PlacedFile[] = []
  for (const post of posts) {
    const folder = unique(safeName(post.title, 'post', 80), folders, false)
    const files = [
      ...earlier.filter((file) => file.post_id === post.id).map((file) => ({ ...file, current: false })),
      ...current
        .filter((file) => file.post_id === post.id)
        .map((file) => ({ ...file, version: post.version, current: true })),
    ].sort((a, b) => a.version - b.version || a.position - b.position)
    const namesIn = new Map<number, Set<string>>()
    for (const file of files) {
      const taken = namesIn.get(file.version) ?? new Set<string>()
      namesIn.set(file.version, taken)
      const own = `posts/${folder}/v${file.version}/${unique(safeName(file.name, 'file', 120), taken, true)}`
      const path = firstPath.get(file.cid) ?? own
      firstPath.set(file.cid, path)
      placed.push({ ...file, path })
    }
  }
  return placed
}
