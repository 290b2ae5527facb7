import type { MyFollowsResponse } from '@agora/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { getMyFollows, setFollow } from '../../api/follows'
import { followKeys, postKeys } from '../../api/queryKeys'
import { Button } from '../../ui/Button'
import { refusalText } from '../../ui/errorText'
import { toast } from '../../ui/toast'

/** A search that is one word is a tag one may follow (tag links lead to such a search). */
export function tagOfSearch(search: string): string | null {
  const word = search.trim().replace(/^#/, '').toLowerCase()
  return /^[\p{L}\p{N}_.+-]{1,32}$/u.test(word) ? word : null
}

/**
 * Follow / Following for the tag the forum shows (issue 18): its new posts then fill the Following
 * view and notify the follower.
 */
export function FollowTag({ tag, userId }: { tag: string; userId: string }) {
  const { t } = useTranslation('forum')
  const client = useQueryClient()
  const key = followKeys.mine(userId)
  const mine = useQuery({ queryKey: key, queryFn: ({ signal }) => getMyFollows(signal) })
  const following = mine.data?.tags.includes(tag) ?? false
  const follow = useMutation({
    mutationFn: (next: boolean) => setFollow('tag', tag, next),
    onMutate: (next) => {
      client.setQueryData<MyFollowsResponse>(
        key,
        (data) =>
          data && { ...data, tags: next ? [tag, ...data.tags] : data.tags.filter((other) => other !== tag) },
      )
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: key })
      void client.invalidateQueries({ queryKey: postKeys.lists() })
    },
    onError: (error) => {
      if (!isApiError(error, 401))
        toast.error(t('feed.followFailed'), { description: refusalText(error, t) ?? undefined })
    },
  })
  if (!mine.data) return null
  return (
    <Button
      size="sm"
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      aria-label={t('feed.followTagLabel', { tag })}
      loading={follow.isPending}
      onClick={() => !follow.isPending && follow.mutate(!following)}
    >
      {following ? t('feed.followingTag', { tag }) : t('feed.followTag', { tag })}
    </Button>
  )
}
