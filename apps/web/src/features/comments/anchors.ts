import type { CommentAnchor, CommentAnchorInput, CommentView } from '@agora/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { COMMENTS_PAGE_MAX, listComments } from '../../api/comments'
import { commentKeys } from '../../api/queryKeys'

/**
 * Discussion anchored to the work: what the post page's file viewers (the PDF viewer, the
 * media player) and the comments say to each other. A viewer asks for a comment on a passage or a
 * moment (`openAnchoredComment`); a reader presses the anchor of a comment and the viewer showing
 * that file brings it into view (`useAnchorFocus`). Channels are per post, so two posts on one
 * screen never hear each other.
 */

/** An anchor that names no file (`cid: ''`): a `[mm:ss]` typed in a comment, for the post's player. */
export const ANY_RECORDING = ''

type Listener<T> = (value: T) => void

/** One channel per post and purpose; a request made before anyone listens waits for the first listener. */
function channel<T>() {
  const listeners = new Map<string, Set<Listener<T>>>()
  const waiting = new Map<string, T>()
  return {
    send(postId: string, value: T, { keep }: { keep: boolean }) {
      const here = listeners.get(postId)
      if (here && here.size > 0) for (const listener of here) listener(value)
      else if (keep) waiting.set(postId, value)
    },
    listen(postId: string, listener: Listener<T>) {
      const here = listeners.get(postId) ?? new Set()
      listeners.set(postId, here)
      here.add(listener)
      const early = waiting.get(postId)
      if (early !== undefined) {
        waiting.delete(postId)
        listener(early)
      }
      return () => {
        here.delete(listener)
      }
    },
  }
}

/** A request to write a comment anchored to `anchor`, optionally with a text to start from. */
export interface AnchoredCommentRequest {
  anchor: CommentAnchorInput
  initialText?: string
}

const requests = channel<AnchoredCommentRequest>()
/** A pressed anchor: the comment it belongs to, when it belongs to one (a `[mm:ss]` link's comment too). */
export interface AnchorFocus {
  anchor: Pick<CommentAnchor, 'cid' | 'kind'> & Partial<CommentAnchor>
  comment?: CommentView
}
const focuses = channel<AnchorFocus>()

/**
 * Opens the post's comment editor for a new top-level comment anchored to `anchor` (a visitor is
 * asked to log in first). The post's comment section must be on the page; a request made while it
 * is still loading is kept for it.
 */
export function openAnchoredComment(postId: string, anchor: CommentAnchorInput, initialText?: string): void {
  requests.send(postId, { anchor, initialText }, { keep: true })
}

/** The comment section's side of openAnchoredComment. */
export function useAnchoredCommentRequests(postId: string, onRequest: Listener<AnchoredCommentRequest>) {
  const handler = useLatest(onRequest)
  useEffect(() => requests.listen(postId, (request) => handler.current(request)), [postId, handler])
}

/** Tells the viewers of the post that a reader pressed this anchor (in a comment, or a `[mm:ss]` link). */
export function focusAnchor(postId: string, focus: AnchorFocus): void {
  focuses.send(postId, focus, { keep: false })
}

/**
 * A viewer's side: `onFocus` runs when a reader presses an anchor of a comment on this post (the
 * viewer checks `anchor.cid` against its own file; `ANY_RECORDING` means the post's player).
 */
export function useAnchorFocus(postId: string | undefined, onFocus: Listener<AnchorFocus>) {
  const handler = useLatest(onFocus)
  useEffect(() => {
    if (!postId) return
    return focuses.listen(postId, (focus) => handler.current(focus))
  }, [postId, handler])
}

/** Posts whose page shows a video or audio player now, with how many players each. */
const players = new Map<string, number>()
const playerListeners = new Set<() => void>()
function changePlayers(postId: string, by: number) {
  const count = (players.get(postId) ?? 0) + by
  if (count > 0) players.set(postId, count)
  else players.delete(postId)
  for (const listener of playerListeners) listener()
}

/** The media player's side: while it is mounted, `[mm:ss]` in the post's comments become links to it. */
export function useRecordingOnPage(postId: string | undefined, present: boolean) {
  useEffect(() => {
    if (!postId || !present) return
    changePlayers(postId, 1)
    return () => changePlayers(postId, -1)
  }, [postId, present])
}

/** Each post's recordings on the page by CID, while its player is mounted: a moment names its recording. */
const recordingNames = new Map<string, ReadonlyMap<string, string>>()

/** The player's side: the post's recordings (CID and file name), while it is mounted. */
export function useRecordingNames(
  postId: string | undefined,
  recordings: readonly { cid: string; name: string }[],
) {
  const key = recordings.map((recording) => `${recording.cid}/${recording.name}`).join('\n')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the recordings' contents.
  useEffect(() => {
    if (!postId || recordings.length === 0) return
    recordingNames.set(postId, new Map(recordings.map((recording) => [recording.cid, recording.name])))
    for (const listener of playerListeners) listener()
    return () => {
      recordingNames.delete(postId)
      for (const listener of playerListeners) listener()
    }
  }, [postId, key])
}

/** The file name of the recording `cid` when the post shows more than one (with one, none is needed). */
export function useRecordingName(postId: string, cid: string | null | undefined): string | null {
  return useSyncExternalStore(
    (listener) => {
      playerListeners.add(listener)
      return () => playerListeners.delete(listener)
    },
    () => {
      const names = recordingNames.get(postId)
      return names && names.size > 1 && cid ? (names.get(cid) ?? null) : null
    },
    () => null,
  )
}

/** Whether the post's page shows a video or audio player (its comments' `[mm:ss]` then seek it). */
export function useHasRecording(postId: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      playerListeners.add(listener)
      return () => playerListeners.delete(listener)
    },
    () => players.has(postId),
    () => false,
  )
}

function useLatest<T>(value: T) {
  const ref = useRef(value)
  ref.current = value
  return ref
}

/** Pages read at most for one file's anchored threads (100 threads a page). */
const ANCHORED_PAGES_MAX = 10

/**
 * The comments anchored to one file of a post (`cid`), newest first: each anchored top-level comment
 * (its `anchor` set), and in `all` the replies too, in display order. Refreshes whenever the post's
 * comments do (a comment written, deleted or edited here).
 */
export function useAnchoredComments(postId: string | undefined, cid: string | null | undefined) {
  const query = useQuery({
    queryKey: commentKeys.anchored(postId ?? '', cid ?? ''),
    enabled: !!postId && !!cid,
    queryFn: async ({ signal }) => {
      const all: CommentView[] = []
      for (let page = 0; page < ANCHORED_PAGES_MAX; page += 1) {
        const items = await listComments(
          postId!,
          { skip: page * COMMENTS_PAGE_MAX, limit: COMMENTS_PAGE_MAX, anchorCid: cid! },
          signal,
        )
        all.push(...items)
        if (items.filter((item) => item.level === 1).length < COMMENTS_PAGE_MAX) break
      }
      return all
    },
  })
  const all = query.data ?? []
  return { ...query, comments: all.filter((comment) => comment.anchor), all }
}

/**
 * Where the PDF viewer found the passages of comments quoted from a file a later version replaced
 * (anchors survive a new version): the page of the current file that holds the words, or null when the
 * passage changed. Keyed by post and comment; a comment the viewer has not looked at is undefined.
 */
const passagePlaces = new Map<string, number | null>()
const placeListeners = new Set<() => void>()

/** The PDF viewer's side: what it found for these comments' passages (their ids → page or null). */
export function reportPassagePlaces(postId: string, places: ReadonlyMap<string, number | null>) {
  for (const [commentId, page] of places) passagePlaces.set(`${postId}/${commentId}`, page)
  for (const listener of placeListeners) listener()
}

/** The comment's side: its passage's page in the current file, null if it changed, undefined if unknown. */
export function usePassagePlace(postId: string, commentId: string): number | null | undefined {
  return useSyncExternalStore(
    (listener) => {
      placeListeners.add(listener)
      return () => placeListeners.delete(listener)
    },
    () => passagePlaces.get(`${postId}/${commentId}`),
    () => undefined,
  )
}
