import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { type UploadFields, uploadPost } from '../../api/posts'
import { postKeys, refreshOwnCounts, statsKey, uploadQuotaKeys } from '../../api/queryKeys'
import { useRewardNotice } from '../rewards'
import { createSpeedMeter } from './uploadRules'

export interface UploadProgressState {
  loaded: number
  total: number
  /** 0–100, from the browser's upload events. */
  percent: number
  /** Bytes per second over the last second; null until measured. */
  bytesPerSecond: number | null
}

export interface UploadRequest {
  files: File[]
  fields: UploadFields
}

/**
 * The upload as a mutation with real progress (XHR upload events) and a cancel. On success the new post
 * is in the cache, the lists, the site figures and the own counts load again (the post count rises by 1, spec §4), and what
 * publishing earned is said in a toast.
 */
export function useUploadPost() {
  const queryClient = useQueryClient()
  const announceReward = useRewardNotice()
  const [progress, setProgress] = useState<UploadProgressState | null>(null)
  const controller = useRef<AbortController | null>(null)

  const mutation = useMutation({
    mutationFn: ({ files, fields }: UploadRequest) => {
      const abort = new AbortController()
      controller.current = abort
      const meter = createSpeedMeter()
      const total = files.reduce((sum, file) => sum + file.size, 0)
      setProgress({ loaded: 0, total, percent: 0, bytesPerSecond: null })
      return uploadPost(files, fields, {
        signal: abort.signal,
        onProgress: ({ loaded, total: bodyTotal }) => {
          const bytesPerSecond = meter.add(performance.now(), loaded)
          setProgress((previous) => ({
            loaded,
            total: bodyTotal,
            percent: bodyTotal > 0 ? Math.min(100, Math.round((loaded / bodyTotal) * 100)) : 0,
            bytesPerSecond: bytesPerSecond ?? previous?.bytesPerSecond ?? null,
          }))
        },
      })
    },
    onSuccess: async (answer) => {
      queryClient.setQueryData(postKeys.detail(answer.post_id), answer.post)
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: statsKey })
      // The storage used grew (shown under the drop zone).
      void queryClient.invalidateQueries({ queryKey: uploadQuotaKeys.all })
      announceReward(answer.reward)
      // Success shows with the own post count already moved (the header's and the cached basic info's).
      await refreshOwnCounts(queryClient, 'posts')
    },
    onSettled: () => {
      controller.current = null
    },
  })

  const cancel = useCallback(() => controller.current?.abort(), [])
  const reset = useCallback(() => {
    mutation.reset()
    setProgress(null)
  }, [mutation.reset])

  return { ...mutation, progress, cancel, reset }
}
