import type { NotificationItem } from '@agora/contract'
import type { TFunction } from 'i18next'

const BASE_UNITS_PER_TOKEN = 1_000_000_000n

/** A claim's amount (base units, 10^-9 tokens) as tokens, without trailing zeros. */
export function tokensOf(units: string | undefined, locale: string): string {
  if (!units || !/^\d+$/.test(units)) return '0'
  const value = BigInt(units)
  const whole = value / BASE_UNITS_PER_TOKEN
  const fraction = (value % BASE_UNITS_PER_TOKEN).toString().padStart(9, '0').replace(/0+$/, '')
  const wholeText = new Intl.NumberFormat(locale).format(whole)
  if (!fraction) return wholeText
  const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
  return `${wholeText}${separator?.value ?? '.'}${fraction}`
}

/** The sentence saying what happened, in the reader's language. */
export function notificationText(item: NotificationItem, t: TFunction, locale: string): string {
  const actor = item.actor?.username ?? ''
  const title = item.post_title ?? ''
  switch (item.kind) {
    case 'like':
      return t(item.comment_id ? 'text.likeComment' : 'text.likePost', {
        actor,
        title,
        count: item.actors_count - 1,
      })
    case 'followed_tag':
      return t('text.followed_tag', { tag: item.tag ?? '', title })
    case 'claim_paid':
    case 'claim_failed':
      return t(`text.${item.kind}`, { amount: tokensOf(item.amount, locale) })
    case 'bounty_award':
      return t('text.bounty_award', { actor, title, amount: tokensOf(item.amount, locale) })
    default:
      return t(`text.${item.kind}`, { actor, title })
  }
}
