import type { NotificationItem, NotificationKindName } from '@agora/contract'
import type { MailLanguage } from '../mail/index'

/** One notification as a sentence of mail, in the user's language. */
export function sentenceOf(item: NotificationItem, language: MailLanguage): string {
  const who = item.actor ? item.actor.nickname || item.actor.username : ''
  const others = item.actors_count - 1
  const title = item.post_title ?? ''
  const amount = item.amount ? (Number(item.amount) / 1e9).toString() : ''
  if (language === 'zh') {
    const people = others > 0 ? `${who} 等 ${item.actors_count} 人` : who
    const zh: Record<NotificationKindName, string> = {
      comment: `${who} 评论了您的帖子「${title}」`,
      reply: `${who} 回复了您的评论（「${title}」）`,
      mention: `${who} 在「${title}」中提到了您`,
      like: `${people} 赞了「${title}」`,
      followed_author: `${who} 发布了「${title}」`,
      followed_tag: `#${item.tag ?? ''} 有新帖子：「${title}」`,
      claim_paid: `您领取的 ${amount} 个代币已到账`,
      claim_failed: `您领取的 ${amount} 个代币未能发放，已退回余额`,
      moderation: `版主处理了您的内容「${title}」`,
      review: `${who} 评审了您的作品「${title}」`,
      review_request: `${who} 邀请您评审「${title}」`,
      review_response: `「${title}」的作者回应了您的评审`,
      bounty_award: `${who} 从悬赏中奖励了您对「${title}」的评审 ${amount} 个代币`,
    }
    return zh[item.kind]
  }
  const people = others > 0 ? `${who} and ${others} ${others === 1 ? 'other' : 'others'}` : who
  const en: Record<NotificationKindName, string> = {
    comment: `${who} commented on your post “${title}”`,
    reply: `${who} replied to your comment on “${title}”`,
    mention: `${who} mentioned you in “${title}”`,
    like: `${people} liked “${title}”`,
    followed_author: `${who} published “${title}”`,
    followed_tag: `New in #${item.tag ?? ''}: “${title}”`,
    claim_paid: `Your claim of ${amount} tokens was paid`,
    claim_failed: `Your claim of ${amount} tokens failed and was credited back`,
    moderation: `A moderator acted on your content “${title}”`,
    review: `${who} reviewed your work “${title}”`,
    review_request: `${who} invited you to review “${title}”`,
    review_response: `The author of “${title}” answered your review`,
    bounty_award: `${who} awarded ${amount} tokens of a bounty to your review of “${title}”`,
  }
  return en[item.kind]
}

export const MAIL_TEXT = {
  en: {
    instantSubject: (sentence: string) => sentence,
    open: 'Open on Agora',
    digestSubject: (period: 'daily' | 'weekly', count: number) =>
      `Your ${period} Agora digest: ${count} ${count === 1 ? 'thing' : 'things'} you missed`,
    digestIntro: (period: 'daily' | 'weekly') =>
      period === 'daily'
        ? 'Here is what happened on Agora yesterday.'
        : 'Here is what happened on Agora last week.',
    kindHeading: {
      comment: 'Comments on your posts',
      reply: 'Replies to you',
      mention: 'Mentions',
      like: 'Likes',
      followed_author: 'From people you follow',
      followed_tag: 'From tags you follow',
      claim_paid: 'Rewards',
      claim_failed: 'Rewards',
      moderation: 'Moderation',
      review: 'Reviews',
      review_request: 'Reviews',
      review_response: 'Reviews',
      bounty_award: 'Rewards',
    } satisfies Record<NotificationKindName, string>,
  },
  zh: {
    instantSubject: (sentence: string) => sentence,
    open: '在 Agora 上查看',
    digestSubject: (period: 'daily' | 'weekly', count: number) =>
      `您的 Agora ${period === 'daily' ? '每日' : '每周'}摘要：${count} 条未读`,
    digestIntro: (period: 'daily' | 'weekly') =>
      period === 'daily' ? '以下是昨天 Agora 上的动态。' : '以下是上周 Agora 上的动态。',
    kindHeading: {
      comment: '您帖子的评论',
      reply: '给您的回复',
      mention: '提到您',
      like: '点赞',
      followed_author: '您关注的作者',
      followed_tag: '您关注的标签',
      claim_paid: '奖励',
      claim_failed: '奖励',
      moderation: '审核',
      review: '评审',
      review_request: '评审',
      review_response: '评审',
      bounty_award: '奖励',
    } satisfies Record<NotificationKindName, string>,
  },
} as const
