import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query'
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import './MentionField.css'

/** Typing pauses this long before suggestions are asked for. */
const DEBOUNCE_MS = 150

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** The word being completed at the caret: where it starts and what has been typed of it. */
export interface SuggestionQuery {
  start: number
  prefix: string
}

export interface SuggestionSource<T, R> {
  /** The word at the caret that suggestions complete, or null where there is none. */
  at: (text: string, caret: number) => SuggestionQuery | null
  queryKey: (prefix: string) => QueryKey
  find: (prefix: string, signal: AbortSignal) => Promise<R>
  /** The suggestions in an answer of `find`. */
  items: (answer: R) => T[]
  /** The text with `item` chosen for the word at `query`, and where the caret goes. */
  complete: (text: string, caret: number, query: SuggestionQuery, item: T) => { text: string; caret: number }
  key: (item: T) => string
  render: (item: T) => ReactNode
  /** The listbox's accessible name, and what a screen reader hears when suggestions come. */
  label: string
  found: (count: number) => string
}

type Field = HTMLInputElement | HTMLTextAreaElement

export interface Suggestions<F extends Field> {
  /** Props for the field: call `onKeyDown` first and skip your own handling when it was used. */
  fieldProps: {
    'aria-autocomplete': 'list'
    'aria-controls': string | undefined
    'aria-activedescendant': string | undefined
    onSelect: () => void
  }
  onKeyDown: (event: KeyboardEvent<F>) => void
  list: ReactNode
}

/**
 * Suggestions for the word at a field's caret (@mentions, tags): a listbox under the field — arrows
 * move, Enter or Tab takes one, Escape closes the list (not the dialog around it), a click takes one
 * too. The text is the caller's state; the field keeps focus throughout (aria-activedescendant).
 */
export function useSuggestions<T, R, F extends Field>(
  source: SuggestionSource<T, R>,
  text: string,
  setText: (text: string) => void,
  field: RefObject<F | null>,
): Suggestions<F> {
  const listId = useId()
  const [query, setQuery] = useState<SuggestionQuery | null>(null)
  const [active, setActive] = useState(0)
  // Escape closes the list for the word as typed; typing on (or back) opens it again.
  const [dismissed, setDismissed] = useState<SuggestionQuery | null>(null)
  // Where the caret goes once a chosen item's text is in the field (choose).
  const caretAfterChoice = useRef<number | null>(null)
  const prefix = useDebounced(query?.prefix ?? '', DEBOUNCE_MS)
  const found = useQuery({
    queryKey: source.queryKey(prefix),
    queryFn: ({ signal }) => source.find(prefix, signal),
    enabled: prefix.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })
  const items = query && prefix && found.data ? source.items(found.data) : []
  const isDismissed = !!query && dismissed?.start === query.start && dismissed.prefix === query.prefix
  const open = !!query && !isDismissed && items.length > 0
  const activeIndex = Math.min(active, Math.max(0, items.length - 1))
  const { at } = source

  const read = useCallback(() => {
    const node = field.current
    if (!node || node.selectionStart !== node.selectionEnd || node.selectionStart === null)
      return setQuery(null)
    const next = at(node.value, node.selectionStart)
    setQuery((current) =>
      current?.start === next?.start && current?.prefix === next?.prefix ? current : next,
    )
  }, [field, at])

  // The text changed (typed, pasted, or set by the caller): read the word at the caret again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the text changes.
  useEffect(read, [text, read])
  // A new word typed starts at the top of its list, and is offered again after an Escape.
  useEffect(() => {
    setActive(0)
    setDismissed((current) =>
      current && current.start === query?.start && current.prefix === query.prefix ? current : null,
    )
  }, [query?.start, query?.prefix])

  function choose(item: T) {
    const node = field.current
    if (!node || !query) return
    const done = source.complete(node.value, node.selectionStart ?? node.value.length, query, item)
    caretAfterChoice.current = done.caret
    setText(done.text)
    setQuery(null)
  }

  // The caret is placed in the same commit as the chosen text, before the next key is handled: set
  // later (a frame later, say), it moved back over what the writer had typed meanwhile, and their
  // next keys landed before those words.
  useLayoutEffect(() => {
    const node = field.current
    const caret = caretAfterChoice.current
    if (!node || caret === null) return
    caretAfterChoice.current = null
    node.focus()
    node.setSelectionRange(caret, caret)
  })

  function onKeyDown(event: KeyboardEvent<F>) {
    if (!open) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((activeIndex + step + items.length) % items.length)
    } else if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
      event.preventDefault()
      choose(items[activeIndex])
    } else if (event.key === 'Escape') {
      // The list closes; a dialog around the field stays open.
      event.preventDefault()
      event.stopPropagation()
      setDismissed(query)
    }
  }

  const optionId = (index: number) => `${listId}-${index}`
  const list = (
    <>
      <span className="visually-hidden" role="status">
        {open ? source.found(items.length) : ''}
      </span>
      {open && (
        <div id={listId} role="listbox" aria-label={source.label} className="mention-list">
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the field's (aria-activedescendant points here).
            <div
              key={source.key(item)}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className="mention-list__option"
              // The field keeps focus (and its caret) while the pointer picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
            >
              {source.render(item)}
            </div>
          ))}
        </div>
      )}
    </>
  )

  return {
    fieldProps: {
      'aria-autocomplete': 'list',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(activeIndex) : undefined,
      onSelect: read,
    },
    onKeyDown,
    list,
  }
}
