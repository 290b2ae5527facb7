/**
 * Saving the own profile (product-spec §4 "Editing", §8 "Save failures"). Every save is optimistic: the
 * cached /auth/me answer changes at once and goes back if the call fails, with the spec's error toast
 * (details: the server's reason for a refused request, else 'please try again later'). The session's
 * cached basic info follows a saved username, avatar or Public Profile flag.
 *
 *   const edits = useProfileEdits(user)
 *   await edits.saveField('title', 'Research fellow')
 */
import type { ModifyResponse, OwnUserResponse, ProfileSettings } from '@agora/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import {
  type EditableField,
  modifyAvatar,
  modifyEmail,
  modifyField,
  modifyPhone,
  modifySettings,
} from '../../api/profiles'
import { commentKeys, meKey, postKeys, profileKeys } from '../../api/queryKeys'
import { rememberMe } from '../../app/authState'
import { refusalText } from '../../ui/errorText'
import { toast } from '../../ui/toast'

type Patch = Partial<OwnUserResponse>
type ContactField = 'email' | 'phone'

/** The toast title for a failed save (spec §8 wording). */
const FAILURE_KEY: Record<EditableField | ContactField | 'avatar' | 'settings', string> = {
  username: 'saveFailed.username',
  nickname: 'saveFailed.nickname',
  title: 'saveFailed.title',
  url: 'saveFailed.url',
  bio: 'saveFailed.bio',
  orcid: 'saveFailed.orcid',
  avatar: 'saveFailed.avatar',
  email: 'saveFailed.email',
  phone: 'saveFailed.phone',
  settings: 'saveFailed.settings',
}

export function useProfileEdits(user: OwnUserResponse) {
  const { t } = useTranslation('mypage')
  const queryClient = useQueryClient()
  // The latest save of each field: an older call's answer or failure must not undo a newer value.
  const latest = useRef(new Map<string, number>())
  const settingsQueue = useRef<Promise<unknown>>(Promise.resolve())
  const confirmedSettings = useRef<ProfileSettings>(user.settings)
  const settingsInFlight = useRef(0)

  function current(): OwnUserResponse | undefined {
    return queryClient.getQueryData<OwnUserResponse>(meKey)
  }

  function patch(values: Patch) {
    queryClient.setQueryData<OwnUserResponse>(meKey, (me) => (me ? { ...me, ...values } : me))
  }

  /** Keeps the header and the session's cached basic info in step after a save. */
  function remember() {
    const me = current()
    if (me) rememberMe(me)
  }

  function failed(what: keyof typeof FAILURE_KEY, error: unknown) {
    // A refused request carries a reason worth reading; anything else (5xx, network) does not.
    toast.error(t(FAILURE_KEY[what]), {
      description:
        (isApiError(error) && error.status < 500 && refusalText(error, t)) || t('saveFailed.later'),
    })
  }

  /** Optimistic save of one value; resolves true when the server kept it. */
  async function optimistic(
    key: string,
    before: Patch,
    after: Patch,
    call: () => Promise<ModifyResponse>,
    answered: (answer: ModifyResponse) => Patch,
    what: keyof typeof FAILURE_KEY,
  ): Promise<boolean> {
    const turn = (latest.current.get(key) ?? 0) + 1
    latest.current.set(key, turn)
    patch(after)
    try {
      const answer = await call()
      if (latest.current.get(key) === turn) patch(answered(answer))
      remember()
      return true
    } catch (error) {
      if (latest.current.get(key) === turn) patch(before)
      failed(what, error)
      return false
    }
  }

  function saveField(field: EditableField, value: string): Promise<boolean> {
    const before = { [field]: user[field] }
    return optimistic(
      field,
      before,
      { [field]: value },
      () => modifyField(field, value, user.id),
      // A display name that was just the username follows it: the answer says so.
      (answer) => ({
        [field]: answer[field] ?? value,
        ...(field === 'username' && answer.nickname !== undefined ? { nickname: answer.nickname } : {}),
      }),
      field,
    ).then((saved) => {
      // Lists, cards and comments show the author's names: they load again when next shown.
      if (saved && (field === 'username' || field === 'nickname')) {
        void queryClient.invalidateQueries({ queryKey: profileKeys.all })
        for (const queryKey of [postKeys.all, commentKeys.all])
          void queryClient.invalidateQueries({ queryKey, refetchType: 'none' })
      }
      return saved
    })
  }

  function saveContact(field: ContactField, value: string): Promise<boolean> {
    const call = field === 'email' ? () => modifyEmail(value, user.id) : () => modifyPhone(value, user.id)
    return optimistic(
      field,
      { [field]: user[field] },
      { [field]: value },
      call,
      (answer) => ({ [field]: answer[field] ?? value }),
      field,
    )
  }

  /** The preview (an object URL) shows until the stored image's address replaces it, or the old one returns. */
  function saveAvatar(file: File, preview: string): Promise<boolean> {
    return optimistic(
      'avatar',
      { avatar: user.avatar },
      { avatar: preview },
      () => modifyAvatar(file, user.id),
      (answer) => ({ avatar: answer.avatar ?? user.avatar }),
      'avatar',
    )
  }

  /**
   * The five flags go together, one call after the other in the order they were flipped. A failure puts
   * back what the server last confirmed.
   */
  function saveSettings(next: ProfileSettings): Promise<boolean> {
    // With nothing on its way, what the page shows is what the server has.
    if (settingsInFlight.current === 0) confirmedSettings.current = user.settings
    settingsInFlight.current += 1
    const turn = (latest.current.get('settings') ?? 0) + 1
    latest.current.set('settings', turn)
    patch({ settings: next })
    const run = settingsQueue.current.then(async () => {
      try {
        const answer = await modifySettings(next, user.id)
        confirmedSettings.current = answer.settings ?? next
        if (latest.current.get('settings') === turn) patch({ settings: confirmedSettings.current })
        remember()
        return true
      } catch (error) {
        if (latest.current.get('settings') === turn) patch({ settings: confirmedSettings.current })
        failed('settings', error)
        return false
      } finally {
        settingsInFlight.current -= 1
      }
    })
    settingsQueue.current = run
    return run
  }

  /** Resolves when every settings call made so far has answered (the panel waits for it on close). */
  function settled(): Promise<unknown> {
    return settingsQueue.current
  }

  return { saveField, saveContact, saveAvatar, saveSettings, settled }
}
