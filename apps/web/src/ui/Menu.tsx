import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useDismiss } from './useDismiss'
import './Menu.css'

interface MenuContextValue {
  close: (refocus: boolean) => void
}
const MenuContext = createContext<MenuContextValue>({ close: () => {} })

export interface MenuProps {
  /** Accessible name of the button that opens the menu. */
  label: string
  /** What the button shows (an icon, an avatar, a short text). */
  button: ReactNode
  /** A visible title at the top of the open menu (e.g. 'Theme Settings'). */
  title?: string
  align?: 'start' | 'end'
  buttonClassName?: string
  children: ReactNode
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"]'

/**
 * A button that opens a menu (WAI-ARIA menu button): arrow keys, Home and End move between items,
 * Escape or a press outside closes, Tab leaves. Items are `MenuItem`s.
 */
export function Menu({ label, button, title, align = 'end', buttonClassName, children }: MenuProps) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const focusOnOpen = useRef<'first' | 'last' | 'checked'>('checked')
  const menuId = useId()
  const titleId = `${menuId}-title`

  const close = useCallback((refocus: boolean) => {
    setOpen(false)
    if (refocus) trigger.current?.focus()
  }, [])
  const dismiss = useCallback(() => setOpen(false), [])
  const inside = useMemo(() => [trigger, list], [])
  useDismiss(open, dismiss, inside, trigger)

  function items(): HTMLElement[] {
    return [...(list.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])]
  }

  useEffect(() => {
    if (!open) return
    const all = [...(list.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])]
    const checked = all.find((item) => item.getAttribute('aria-checked') === 'true')
    const target =
      focusOnOpen.current === 'last'
        ? all.at(-1)
        : focusOnOpen.current === 'checked'
          ? (checked ?? all[0])
          : all[0]
    target?.focus()
  }, [open])

  function openWith(focus: 'first' | 'last' | 'checked') {
    focusOnOpen.current = focus
    setOpen(true)
  }

  function onTriggerKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      openWith('checked')
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      openWith('last')
    }
  }

  function onListKeyDown(event: KeyboardEvent) {
    const all = items()
    const index = all.indexOf(document.activeElement as HTMLElement)
    const move = (next: number) => {
      event.preventDefault()
      all[(next + all.length) % all.length]?.focus()
    }
    if (event.key === 'ArrowDown') move(index + 1)
    else if (event.key === 'ArrowUp') move(index - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(all.length - 1)
    else if (event.key === 'Tab') setOpen(false)
  }

  return (
    <div className="menu">
      <button
        ref={trigger}
        type="button"
        className={buttonClassName ?? 'menu__button'}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openWith('checked'))}
        onKeyDown={onTriggerKeyDown}
      >
        {button}
      </button>
      {open && (
        <div
          ref={list}
          id={menuId}
          className={`menu__popup menu__popup--${align}`}
          role="menu"
          aria-label={title ? undefined : label}
          aria-labelledby={title ? titleId : undefined}
          tabIndex={-1}
          onKeyDown={onListKeyDown}
        >
          {title && (
            <div className="menu__title" id={titleId} role="presentation">
              {title}
            </div>
          )}
          <MenuContext.Provider value={{ close }}>{children}</MenuContext.Provider>
        </div>
      )}
    </div>
  )
}

export interface MenuItemProps {
  onSelect: () => void
  /** Given: the item is one choice of a set (menuitemradio) and shows a check when chosen. */
  checked?: boolean
  icon?: ReactNode
  /** A second, quieter line. */
  description?: ReactNode
  lang?: string
  children: ReactNode
}

export function MenuItem({ onSelect, checked, icon, description, lang, children }: MenuItemProps) {
  const { close } = useContext(MenuContext)
  const select = () => {
    close(true)
    onSelect()
  }
  const content = (
    <>
      {icon && <span className="menu__icon">{icon}</span>}
      <span className="menu__text">
        <span>{children}</span>
        {description && <span className="menu__description">{description}</span>}
      </span>
    </>
  )
  if (checked === undefined) {
    return (
      <button type="button" className="menu__item" role="menuitem" tabIndex={-1} lang={lang} onClick={select}>
        {content}
      </button>
    )
  }
  return (
    <button
      type="button"
      className="menu__item"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      lang={lang}
      onClick={select}
    >
      {content}
      <span className="menu__check" aria-hidden="true">
        {checked ? '✓' : ''}
      </span>
    </button>
  )
}
