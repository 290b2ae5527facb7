import type { UserSearchResponse } from '@agora/contract'
import { type Ref, type TextareaHTMLAttributes, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { userKeys } from '../api/queryKeys'
import { searchUsers } from '../api/users'
import { Avatar } from './Avatar'
import { completeMention, mentionAt } from './mentions'
import { type SuggestionSource, useSuggestions } from './useSuggestions'

type Member = UserSearchResponse['users'][number]

/**
 * @mention suggestions: typing `@` and the start of a name offers up to eight members
 * (see useSuggestions for the keys).
 */
function useMemberSource(): SuggestionSource<Member, UserSearchResponse> {
  const { t } = useTranslation()
  return useMemo(
    () => ({
      at: mentionAt,
      queryKey: userKeys.search,
      find: searchUsers,
      items: (answer) => answer.users,
      complete: (text, caret, query, user) => completeMention(text, caret, query, user.username),
      key: (user) => user.id,
      render: (user) => (
        <>
          <Avatar src={user.avatar} name={user.username} size={24} />
          <span>{user.username}</span>
        </>
      ),
      label: t('mentions.label'),
      found: (count) => t('mentions.found', { count }),
    }),
    [t],
  )
}

export interface MentionTextareaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  value: string
  onValueChange: (text: string) => void
  ref?: Ref<HTMLTextAreaElement>
}

/**
 * A textarea offering @mentions as one types; its list drops over what is below. The caller's
 * onKeyDown runs only for keys the list did not take.
 */
export function MentionTextarea({ value, onValueChange, onKeyDown, ref, ...props }: MentionTextareaProps) {
  const own = useRef<HTMLTextAreaElement | null>(null)
  const mentions = useSuggestions(useMemberSource(), value, onValueChange, own)
  const setRef = (node: HTMLTextAreaElement | null) => {
    own.current = node
    if (typeof ref === 'function') ref(node)
    else if (ref) ref.current = node
  }
  return (
    <div className="mention-field">
      <textarea
        {...props}
        {...mentions.fieldProps}
        ref={setRef}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          mentions.onKeyDown(event)
          if (!event.defaultPrevented) onKeyDown?.(event)
        }}
      />
      {mentions.list}
    </div>
  )
}
