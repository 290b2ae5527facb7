import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { API_BASE, callPath } from '../../api/client'
import { holdEventStream } from '../../api/eventStream'
import { commentKeys, postKeys } from '../../api/queryKeys'

interface CommentWritten {
  _id: string
}

/**
 * New comments on an open post page, from the post's own event stream (anonymous readers
 * too): they are counted, not inserted, so nothing moves under the reader's eyes; `show()` loads
 * them. Comments already shown (the reader's own, just written) are not counted.
 */
export function useLiveComments(postId: string, isShown: (id: string) => boolean) {
  const client = useQueryClient()
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(() => new Set())
  const shown = useRef(isShown)
  shown.current = isShown

  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    // Comments written while the stream was down are not told: a reload of the page shows them.
    const stream = holdEventStream(
      () => `${API_BASE}${callPath('GET /comments/post/:id/stream', { params: { id: postId } })}`,
      (source) =>
        source.addEventListener('comment', (event) => {
          const { _id } = JSON.parse((event as MessageEvent<string>).data) as CommentWritten
          if (!_id || shown.current(_id)) return
          setWaiting((current) => (current.has(_id) ? current : new Set([...current, _id])))
        }),
    )
    return () => stream.close()
  }, [postId])

  const show = useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: commentKeys.post(postId) }),
      client.invalidateQueries({ queryKey: postKeys.detail(postId) }),
    ])
    setWaiting(new Set())
  }, [client, postId])

  return { count: [...waiting].filter((id) => !isShown(id)).length, show }
}
