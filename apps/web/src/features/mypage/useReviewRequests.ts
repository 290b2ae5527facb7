import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { profileKeys } from '../../api/queryKeys'
import { answerReviewRequest, listMyReviewRequests } from '../../api/reviewRequests'
import { refusalText } from '../../ui/errorText'
import { toast } from '../../ui/toast'

/** The invitations to review the reader received. */
export function useReviewRequests() {
  return useQuery({
    queryKey: profileKeys.ownReviewRequests(),
    queryFn: ({ signal }) => listMyReviewRequests(signal),
  })
}

/** Accepts or declines one invitation, then reads the list again. */
export function useAnswerReviewRequest() {
  const { t } = useTranslation('mypage')
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      answerReviewRequest(id, answer),
    onSuccess: (_view, { answer }) => {
      toast.success(t(`reviewRequests.done.${answer}`), { duration: 3000 })
    },
    onError: (error) => {
      toast.error(t('reviewRequests.failed'), { description: refusalText(error, t) ?? undefined })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.ownReviewRequests() }),
  })
}
