import type { ProfileSettings } from '@agora/contract'
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { IconButton } from '../../ui/IconButton'
import { CloseIcon } from '../../ui/icons'
import { TextField } from '../../ui/TextField'
import { useFocusTrap } from '../../ui/useFocusTrap'
import { GripIcon } from './icons'
import { OWN_PAGE_LIMITS } from './profileLimits'
import { useDragPosition } from './useDragPosition'

export const SETTING_FLAGS = [
  'public_posts',
  'public_activities',
  'public_profile',
  'public_statistics',
  'public_contact',
] as const satisfies readonly (keyof ProfileSettings)[]

export interface ContactValues {
  email: string
  phone: string
}

export interface SettingsPanelProps {
  open: boolean
  settings: ProfileSettings
  contact: ContactValues
  /** A flag was flipped: apply and send all five at once; resolves true when the server kept them. */
  onSettingsChange: (next: ProfileSettings) => Promise<boolean>
  /** Save the changed contact fields; resolves true when the server kept them. */
  onSaveContact: (changes: Partial<ContactValues>) => Promise<boolean>
  onClose: () => void
}

function changedContact(draft: ContactValues, saved: ContactValues): Partial<ContactValues> {
  const changes: Partial<ContactValues> = {}
  if (draft.email.trim() !== saved.email) changes.email = draft.email.trim()
  if (draft.phone.trim() !== saved.phone) changes.phone = draft.phone.trim()
  return changes
}

type SaveState = 'saving' | 'saved' | 'failed'

/**
 * Settings as a draggable panel (product-spec §2): the five privacy toggles, sent at once, and Email
 * and Phone saved with Save. Switches take effect when flipped, as switches do; the panel says so,
 * and each says "Saving…", "Saved" or "Not saved" in a live region beside it. A modal dialog underneath — the page behind is inert, Tab stays inside,
 * Escape closes — that can be moved by its header with mouse, pen or touch (or the grip button's
 * arrow keys) and never leaves the viewport. Closing saves contact edits not yet saved.
 */
export function SettingsPanel({
  open,
  settings,
  contact,
  onSettingsChange,
  onSaveContact,
  onClose,
}: SettingsPanelProps) {
  const { t } = useTranslation('mypage')
  const dialog = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const keepFocusInside = useFocusTrap(dialog)
  const titleId = useId()
  const { position, centre, handle, onGripKeyDown } = useDragPosition(dialog, open)
  const [draft, setDraft] = useState<ContactValues>(contact)
  const [emailProblem, setEmailProblem] = useState<string | null>(null)
  const [flagStates, setFlagStates] = useState<Partial<Record<keyof ProfileSettings, SaveState>>>({})
  const [contactState, setContactState] = useState<SaveState | null>(null)
  // A newer flip of the same switch owns its status: an older answer must not overwrite it.
  const flips = useRef(new Map<string, number>())

  // Open: show as a modal, start centred and from the saved contact values.
  useLayoutEffect(() => {
    const node = dialog.current
    if (!node) return
    if (open && !node.open) {
      returnFocus.current = document.activeElement as HTMLElement | null
      setDraft(contact)
      setEmailProblem(null)
      setFlagStates({})
      setContactState(null)
      node.showModal()
      // Start at the first setting rather than the grip (showModal's pick).
      node.querySelector<HTMLElement>('[role="switch"]')?.focus()
      centre()
    } else if (!open && node.open) {
      node.close()
      if (returnFocus.current?.isConnected) returnFocus.current.focus()
      returnFocus.current = null
    }
  }, [open, contact, centre])

  function close() {
    const changes = changedContact(draft, contact)
    if (Object.keys(changes).length > 0) void onSaveContact(changes)
    onClose()
  }

  function flip(flag: keyof ProfileSettings) {
    const turn = (flips.current.get(flag) ?? 0) + 1
    flips.current.set(flag, turn)
    setFlagStates((states) => ({ ...states, [flag]: 'saving' }))
    void onSettingsChange({ ...settings, [flag]: !settings[flag] }).then((kept) => {
      if (flips.current.get(flag) === turn)
        setFlagStates((states) => ({ ...states, [flag]: kept ? 'saved' : 'failed' }))
    })
  }

  function saveContact(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = event.currentTarget.elements.namedItem('email') as HTMLInputElement | null
    if (email && !email.validity.valid) {
      setEmailProblem(t('settings.emailInvalid'))
      email.focus()
      return
    }
    const changes = changedContact(draft, contact)
    if (Object.keys(changes).length === 0) return
    setContactState('saving')
    void onSaveContact(changes).then((kept) => setContactState(kept ? 'saved' : 'failed'))
  }

  const dirty = Object.keys(changedContact(draft, contact)).length > 0

  return (
    <dialog
      ref={dialog}
      className="settings-panel"
      aria-labelledby={titleId}
      style={position ? { left: position.x, top: position.y } : undefined}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      onKeyDown={keepFocusInside}
    >
      {open && (
        <div className="settings-panel__body">
          <div className="settings-panel__header" {...handle}>
            <IconButton className="settings-panel__grip" label={t('settings.move')} onKeyDown={onGripKeyDown}>
              <GripIcon size={18} />
            </IconButton>
            <h2 id={titleId} className="settings-panel__title">
              {t('settings.title')}
            </h2>
            <Button
              variant="ghost"
              size="sm"
              iconOnly
              label={t('settings.close')}
              icon={<CloseIcon />}
              onClick={close}
            />
          </div>

          <fieldset className="settings-panel__group">
            <legend className="settings-panel__legend">{t('settings.privacy')}</legend>
            <p className="settings-panel__note">{t('settings.privacyNote')}</p>
            {SETTING_FLAGS.map((flag) => (
              <div key={flag} className="settings-switch">
                <span className="settings-switch__text stack">
                  <label className="settings-switch__label" htmlFor={`${titleId}-${flag}`}>
                    {t(`settings.flags.${flag}.label`)}
                  </label>
                  <span className="settings-switch__hint" id={`${titleId}-${flag}-hint`}>
                    {t(`settings.flags.${flag}.hint`)}
                  </span>
                </span>
                <span className="settings-switch__control">
                  <input
                    id={`${titleId}-${flag}`}
                    type="checkbox"
                    role="switch"
                    aria-checked={settings[flag]}
                    className="settings-switch__input"
                    aria-describedby={`${titleId}-${flag}-hint`}
                    checked={settings[flag]}
                    onChange={() => flip(flag)}
                  />
                  <span className="settings-switch__track" aria-hidden="true" />
                </span>
                <span className="settings-switch__status" role="status" data-state={flagStates[flag]}>
                  {flagStates[flag] ? t(`settings.state.${flagStates[flag]}`) : ''}
                </span>
              </div>
            ))}
          </fieldset>

          <form className="settings-panel__group" onSubmit={saveContact} noValidate>
            <fieldset className="settings-panel__fields">
              <legend className="settings-panel__legend">{t('settings.contact')}</legend>
              <TextField
                label={t('settings.email')}
                name="email"
                type="email"
                autoComplete="email"
                maxLength={OWN_PAGE_LIMITS.email}
                value={draft.email}
                error={emailProblem}
                onChange={(event) => {
                  setDraft((current) => ({ ...current, email: event.target.value }))
                  setEmailProblem(null)
                  setContactState(null)
                }}
              />
              <TextField
                label={t('settings.phone')}
                name="phone"
                type="text"
                inputMode="tel"
                autoComplete="tel"
                maxLength={OWN_PAGE_LIMITS.phone}
                value={draft.phone}
                onChange={(event) => {
                  setDraft((current) => ({ ...current, phone: event.target.value }))
                  setContactState(null)
                }}
              />
            </fieldset>
            <div className="settings-panel__actions">
              <span className="settings-panel__status" role="status" data-state={contactState ?? undefined}>
                {contactState ? t(`settings.state.${contactState}`) : ''}
              </span>
              <Button
                onClick={() => {
                  setDraft(contact)
                  setEmailProblem(null)
                }}
                disabled={!dirty}
              >
                {t('settings.cancel')}
              </Button>
              <Button type="submit" variant="primary" disabled={!dirty}>
                {t('settings.save')}
              </Button>
            </div>
          </form>
        </div>
      )}
    </dialog>
  )
}
