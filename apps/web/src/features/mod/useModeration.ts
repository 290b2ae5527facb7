import type { QueueItem, ResolveReportRequest, TrustRequest, UserRole } from '@agora/contract'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  getModLog,
  getModQueue,
  getModUsers,
  type ModContentAction,
  type ModQueueFilters,
  moderateContent,
  resolveReport,
  setUserRole,
  setUserTrust,
  suspendUser,
  unsuspendUser,
} from '../../api/moderation'
import { commentKeys, modKeys, postKeys, profileKeys } from '../../api/queryKeys'

/** The open reports, grouped by target, a page at a time. */
export function useModQueue(viewerId: string, filters: ModQueueFilters) {
  return useInfiniteQuery({
    queryKey: modKeys.queue(viewerId, filters.targetType, filters.reason),
    queryFn: ({ pageParam, signal }) => getModQueue(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  })
}

/** The public log, newest first; moderators also see who decided. */
export function useModLog(viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: modKeys.log(viewerId),
    queryFn: ({ pageParam, signal }) => getModLog(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  })
}

/** Setting a user's trust, one decision per level: 'auto' lets account age and activity decide again. */
export const TRUST_DECISIONS = {
  member: 'trustMember',
  new: 'trustNew',
  auto: 'trustAuto',
} as const satisfies Record<TrustRequest['level'], string>
export type TrustSetting = keyof typeof TRUST_DECISIONS
type TrustDecision = (typeof TRUST_DECISIONS)[TrustSetting]
/** The settings in the order the People section offers them. */
export const TRUST_SETTINGS: readonly TrustSetting[] = ['member', 'new', 'auto']

const TRUST_SETTING_OF = Object.fromEntries(
  TRUST_SETTINGS.map((setting) => [TRUST_DECISIONS[setting], setting]),
) as Record<TrustDecision, TrustSetting>

function isTrustDecision(decision: ModDecision): decision is TrustDecision {
  return decision in TRUST_SETTING_OF
}

/** What a moderator can do to one queue item (or a post or comment named in the log), or to a user's trust. */
export type ModDecision = ResolveReportRequest['action'] | 'restore' | 'unsuspend' | TrustDecision

export interface ModActionInput {
  decision: ModDecision
  /** A report of the target: its reports are settled with the decision. None: the direct endpoints. */
  reportId: string | null
  targetType: QueueItem['target']['type']
  targetId: string
  /** Whom a suspension is for: the target's author, or the reported user. */
  userId: string
  reason: string
  /** ISO date-time, for a suspension. */
  until?: string
}

function act(input: ModActionInput): Promise<unknown> {
  const { decision, reportId, targetType, targetId, userId, reason, until } = input
  if (decision === 'unsuspend') return unsuspendUser(userId, { reason })
  if (isTrustDecision(decision)) return setUserTrust(userId, { level: TRUST_SETTING_OF[decision], reason })
  if (decision !== 'restore' && reportId) return resolveReport(reportId, { action: decision, reason, until })
  if (decision === 'suspend') return suspendUser(userId, { until: until ?? '', reason })
  if (targetType === 'user' || decision === 'dismiss')
    return Promise.reject(new Error(`No way to ${decision} a ${targetType} without a report`))
  return moderateContent(targetType, targetId, decision as ModContentAction, reason)
}

/** Acts; the queue, the log and every screen showing posts or comments load again. */
export function useModAction() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: act,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: modKeys.all })
      void client.invalidateQueries({ queryKey: postKeys.all })
      void client.invalidateQueries({ queryKey: commentKeys.all })
      void client.invalidateQueries({ queryKey: profileKeys.all })
    },
  })
}

/** People with a role, or whose name starts with `q` (nothing is asked for an empty `q`). */
export function useModUsers(viewerId: string, filter: { role?: UserRole; q?: string }) {
  return useQuery({
    queryKey: modKeys.users(viewerId, filter),
    queryFn: ({ signal }) => getModUsers(filter, signal),
    enabled: filter.role !== undefined || !!filter.q,
  })
}

/** Grants or revokes moderator (admins). */
export function useSetRole() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: 'user' | 'moderator' }) =>
      setUserRole(userId, { role }),
    onSettled: () => void client.invalidateQueries({ queryKey: modKeys.all }),
  })
}
