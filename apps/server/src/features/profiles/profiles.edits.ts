import {
  formBoolean,
  type ModifyProfileRequest,
  type ModifyResponse,
  normaliseOrcid,
  PROFILE_LIMITS,
  PROFILE_SETTINGS,
} from '@agora/contract'
import type { UserRow, UserUpdate } from '../../db/schema'
import type { FieldError } from '../../http/errors'
import { withoutBidiControls } from '../../http/text-guard'
import { settingsOf } from './profiles.presenters'

export const LINK_FIELDS = {
  url: 'Website',
  self_page: 'Personal page',
  twitter: 'Twitter',
  github: 'GitHub',
  linkedin: 'LinkedIn',
}

/** The editable fields as they arrive (validated for type and length by the contract schema). */
export type ProfileChanges = Omit<ModifyProfileRequest, 'user_id'>

/** '' (clears the link) or an http(s) address; anything else is refused with a field error. */
function checkLink(field: keyof typeof LINK_FIELDS, value: string, errors: FieldError[]): string {
  const trimmed = value.trim()
  if (!trimmed) return ''
  let ok = false
  try {
    const parsed = new URL(trimmed)
    ok = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0
  } catch {
    ok = false
  }
  if (!ok) errors.push({ field, message: `${LINK_FIELDS[field]} must be an http:// or https:// address` })
  return trimmed
}

function splitTags(tags: string | string[], errors: FieldError[]): string[] {
  const list = (Array.isArray(tags) ? tags : tags.split(',')).map((tag) => tag.trim()).filter(Boolean)
  const unique = [...new Set(list)]
  if (unique.some((tag) => tag.length > PROFILE_LIMITS.tag)) {
    errors.push({ field: 'tags', message: `Each tag must be at most ${PROFILE_LIMITS.tag} characters` })
  }
  if (unique.length > PROFILE_LIMITS.tags) {
    errors.push({ field: 'tags', message: `At most ${PROFILE_LIMITS.tags} tags` })
  }
  return unique
}

/** Turns the requested changes into a row update, or collects why they cannot be applied. */
export function toUserUpdate(changes: ProfileChanges): { update: UserUpdate; errors: FieldError[] } {
  const update: UserUpdate = {}
  const errors: FieldError[] = []
  if (changes.username !== undefined) update.username = changes.username
  if (changes.nickname !== undefined) update.nickname = withoutBidiControls(changes.nickname).trim()
  if (changes.title !== undefined) update.title = changes.title.trim()
  if (changes.bio !== undefined) update.bio = changes.bio.trim()
  if (changes.email !== undefined) update.email = changes.email.trim()
  if (changes.phone !== undefined) update.phone = changes.phone.trim()
  if (changes.tags !== undefined) update.tags = splitTags(changes.tags, errors)
  if (changes.orcid !== undefined) {
    const orcid = normaliseOrcid(changes.orcid)
    if (orcid === null) {
      errors.push({
        field: 'orcid',
        message: 'That is not an ORCID iD: 16 digits like 0000-0002-1825-0097, the last a checksum',
      })
    } else update.orcid = orcid
  }
  for (const field of Object.keys(LINK_FIELDS) as (keyof typeof LINK_FIELDS)[]) {
    const value = changes[field]
    if (value !== undefined) update[field] = checkLink(field, value, errors)
  }
  for (const flag of PROFILE_SETTINGS) {
    const value = changes[flag]
    if (value !== undefined) update[flag] = formBoolean(value, false)
  }
  return { update, errors }
}

/** The changed values under their own-user-data names, as every /modify call answers them. */
export function changedValues(
  user: UserRow,
  fields: (keyof UserUpdate)[],
): Omit<ModifyResponse, 'status' | 'message'> {
  const view: Omit<ModifyResponse, 'status' | 'message'> = { user_id: user.id }
  for (const field of fields) {
    switch (field) {
      case 'username':
      case 'nickname':
      case 'title':
      case 'bio':
      case 'url':
      case 'email':
      case 'phone':
      case 'self_page':
      case 'twitter':
      case 'github':
      case 'linkedin':
      case 'orcid':
      case 'avatar':
        view[field] = user[field]
        break
      case 'tags':
        view.tags = user.tags
        break
      default:
        if ((PROFILE_SETTINGS as readonly string[]).includes(field)) view.settings = settingsOf(user)
    }
  }
  return view
}
