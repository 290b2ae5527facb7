import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import './ProfileTabs.css'

export interface TabDefinition<K extends string> {
  key: K
  label: string
}

export interface ProfileTabsProps<K extends string> {
  /** Names the tab list for assistive technology. */
  label: string
  tabs: readonly TabDefinition<K>[]
  active: K
  onChange: (key: K) => void
  /** Prefix of the tab and panel ids (unique on the page). */
  idPrefix: string
}

/** How far a strip scrolls sideways to show a tab wholly (as scrollIntoView's inline: 'nearest'). */
export function sidewaysToShow(strip: Pick<DOMRect, 'left' | 'right'>, tab: Pick<DOMRect, 'left' | 'right'>) {
  if (tab.left < strip.left) return tab.left - strip.left
  if (tab.right > strip.right) return Math.min(tab.right - strip.right, tab.left - strip.left)
  return 0
}

export const tabId = (prefix: string, key: string) => `${prefix}-tab-${key}`
export const panelId = (prefix: string, key: string) => `${prefix}-panel-${key}`

/**
 * An accessible tab list (WAI-ARIA tabs pattern): one tab in the Tab order, arrow keys move between
 * tabs and select them, Home and End jump to the ends. Scrolls sideways on narrow screens.
 */
export function ProfileTabs<K extends string>({
  label,
  tabs,
  active,
  onChange,
  idPrefix,
}: ProfileTabsProps<K>) {
  const list = useRef<HTMLDivElement>(null)

  // The selected tab is in sight on a narrow screen: the strip scrolls sideways to it, the page stays.
  useEffect(() => {
    const strip = list.current
    const tab = strip?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idPrefix, active))}`)
    if (strip && tab)
      strip.scrollLeft += sidewaysToShow(strip.getBoundingClientRect(), tab.getBoundingClientRect())
  }, [active, idPrefix])

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((tab) => tab.key === active)
    let next = -1
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = tabs.length - 1
    if (next < 0) return
    event.preventDefault()
    const key = tabs[next].key
    onChange(key)
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(idPrefix, key))}`)?.focus()
  }

  return (
    <div ref={list} className="profile-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => {
        const selected = tab.key === active
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.key)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab.key)}
            tabIndex={selected ? 0 : -1}
            className="profile-tabs__tab"
            onClick={() => onChange(tab.key)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

export interface ProfileTabPanelProps {
  idPrefix: string
  tabKey: string
  children: ReactNode
}

/** The selected tab's panel; focusable so keyboard users reach its content right after the tab list. */
export function ProfileTabPanel({ idPrefix, tabKey, children }: ProfileTabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, tabKey)}
      aria-labelledby={tabId(idPrefix, tabKey)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes a panel focusable, since it may hold no control.
      tabIndex={0}
      className="profile-tabs__panel"
    >
      {children}
    </div>
  )
}

/**
 * The selected tab as the `tab` search parameter, so a tab can be linked to and Back returns to it.
 * Unknown values fall back to the first tab.
 */
export function useTabParam<K extends string>(keys: readonly K[]): [K, (key: K) => void] {
  const [params, setParams] = useSearchParams()
  const raw = params.get('tab')
  const active = keys.includes(raw as K) ? (raw as K) : keys[0]
  const select = useCallback(
    (key: K) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (key === keys[0]) next.delete('tab')
          else next.set('tab', key)
          return next
        },
        { replace: true, preventScrollReset: true },
      )
    },
    [setParams, keys],
  )
  return [active, select]
}

export interface RoutedTabsProps<K extends string> {
  /** Names the tab list for assistive technology. */
  label: string
  keys: readonly K[]
  labelOf: (key: K) => string
  /** Prefix of the tab and panel ids (unique on the page). */
  idPrefix: string
  /** The selected tab's content; only it renders, so a tab's calls start on first open. */
  children: (active: K) => ReactNode
}

/** The tab list and the selected tab's panel, the selection kept in the `tab` search parameter. */
export function RoutedTabs<K extends string>({
  label,
  keys,
  labelOf,
  idPrefix,
  children,
}: RoutedTabsProps<K>) {
  const [active, select] = useTabParam(keys)
  const tabs = keys.map((key) => ({ key, label: labelOf(key) }))
  return (
    <>
      <ProfileTabs label={label} tabs={tabs} active={active} onChange={select} idPrefix={idPrefix} />
      <ProfileTabPanel idPrefix={idPrefix} tabKey={active}>
        {children(active)}
      </ProfileTabPanel>
    </>
  )
}
