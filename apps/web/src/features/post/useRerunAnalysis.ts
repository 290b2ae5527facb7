import type { PostDetailResponse } from '@agora/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { rerunAnalysis } from '../../api/analysis'
import { isApiError } from '../../api/client'
import { postKeys } from '../../api/queryKeys'
import { refusalText } from '../../ui/errorText'
import { toast } from '../../ui/toast'
import { restartAnalysisPolling } from './analysis'

/**
 * The author runs the AI analysis again: the box shows 'Analysing…' at once (the answer carries the
 * pending analysis) and the page polls until the new result is in.
 */
export function useRerunAnalysis(postId: string) {
  const queryClient = useQueryClient()
  const { t } = useTranslation('post')
  return useMutation({
    mutationFn: () => rerunAnalysis(postId),
    onSuccess: (answer) => {
      restartAnalysisPolling(postId)
      queryClient.setQueryData<PostDetailResponse>(postKeys.detail(postId), (post) =>
        post ? { ...post, ai_analysis: answer.ai_analysis } : post,
      )
    },
    onError: (error) => {
      // A 401 opens the login card by itself.
      if (!isApiError(error, 401))
        toast.error(t('ai.rerunFailed'), { description: refusalText(error, t) ?? undefined })
    },
  })
}
