import type { MyFollowsResponse } from '@agora/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { getMyFollows, setFollow } from '../../api/follows'
import { followKeys, postKeys } from '../../api/queryKeys'
import { Button } from '../../ui/Button'
import { useOptimisticToggle } from '../../ui/useOptimisticToggle'

/** A search that is one word is a tag one may follow (tag links lead to such a search). */
export function tagOfSearch(search: string): string | null {
  const word = search.trim().replace(/^#/, '').toLowerCase()
  return /^[\p{L}\p{N}_.+-]{1,32}$/u.test(word) ? word : null
}

/** The follows with `tag` followed (first, as the latest) or not. */
function withTag(data: MyFollowsResponse, tag: string, follow: boolean): MyFollowsResponse {
  const others = data.tags.filter((other) => other !== tag)
  return { ...data, tags: follow ? [tag, ...others] : others }
}

/**
 * Follow / Following for the tag the forum shows: its new posts then fill the Following
 * view and notify the follower.
 */
export function FollowTag({ tag, userId }: { tag: string; userId: string }) {
  const { t } = useTranslation('forum')
  const client = useQueryClient()
  const key = followKeys.mine(userId)
  const mine = useQuery({ queryKey: key, queryFn: ({ signal }) => getMyFollows(signal) })
  const following = mine.data?.tags.includes(tag) ?? false
  const follow = useOptimisticToggle({
    queryKey: key,
    send: (next: boolean) => setFollow('tag', tag, next),
    isOn: (data: MyFollowsResponse) => data.tags.includes(tag),
    shown: (data, next) => withTag(data, tag, next),
    answered: (data, answer) => withTag(data, tag, answer.following),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: key })
      void client.invalidateQueries({ queryKey: postKeys.lists() })
    },
    failed: t('feed.followFailed'),
  })
  if (!mine.data) return null
  return (
    <Button
      size="sm"
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      aria-label={t('feed.followTagLabel', { tag })}
      loading={follow.isPending}
      onClick={() => follow.mutate(!following)}
    >
      {following ? t('feed.followingTag', { tag }) : t('feed.followTag', { tag })}
    </Button>
  )
}
