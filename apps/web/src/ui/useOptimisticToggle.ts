import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../api/client'
import { refusalText } from './errorText'
import { toast } from './toast'

/**
 * A yes/no the reader sets (like, save, follow) that shows in one query's cached data. The data is
 * patched at once, the wanted state sent, and the server's answer written over the patch.
 */
export interface OptimisticToggleOptions<TData, Answer> {
  /** The query whose cached data shows the state. */
  queryKey: QueryKey
  /** Whether the data shows the state on. */
  isOn: (data: TData) => boolean
  /** The data as it shows with the state `on`, before the server answers. */
  shown: (data: TData, on: boolean) => TData
  /** Sends the wanted state. */
  send: (on: boolean) => Promise<Answer>
  /** The data as the answer says it is: the server's counts win. */
  answered: (data: TData, answer: Answer) => TData
  /** Whether the answer did what was asked; when not, the data rolls back as on a failure. */
  tookEffect?: (answer: Answer, on: boolean) => boolean
  /** The data with what `before` showed put back; by default `before` whole. */
  restore?: (data: TData, before: TData) => TData
  /** What else changes once a call took effect. */
  onSuccess?: (answer: Answer) => void
  /** Once nothing is on its way any more, whatever the outcome. */
  onSettled?: () => void
  /** The error toast's title when a call fails. */
  failed: string
}

export interface OptimisticToggle {
  /** True while a call is on its way. */
  isPending: boolean
  /** Asks for the state `on`; the last ask wins, even while a call is on its way. */
  mutate: (on: boolean) => void
}

/** A failure toasted under `title` with the refusal's words; a 401 opens the login card by itself. */
export function toastFailure(error: unknown, title: string, t: TFunction) {
  if (!isApiError(error, 401)) toast.error(title, { description: refusalText(error, t) ?? undefined })
}

/**
 * The toggle without React, so it is unit tested with a real QueryClient. `current` gives the options
 * a press starts with; one run of calls keeps them, so a reused component cannot mix two targets.
 */
export function optimisticToggle<TData, Answer>(
  queryClient: QueryClient,
  current: () => OptimisticToggleOptions<TData, Answer> & { t: TFunction },
  setPending: (pending: boolean) => void,
): (on: boolean) => void {
  let running: (OptimisticToggleOptions<TData, Answer> & { t: TFunction }) | null = null
  let wanted = false
  // Counts the presses, so a failed call is sent again only when the reader pressed after sending it.
  let asked = 0

  function update(options: OptimisticToggleOptions<TData, Answer>, change: (data: TData) => TData) {
    queryClient.setQueryData<TData>(options.queryKey, (data) => (data === undefined ? data : change(data)))
  }

  function show(options: OptimisticToggleOptions<TData, Answer>, on: boolean) {
    // A load on its way would write the state from before the press over the patch.
    void queryClient.cancelQueries({ queryKey: options.queryKey })
    update(options, (data) => (options.isOn(data) === on ? data : options.shown(data, on)))
  }

  async function run(options: OptimisticToggleOptions<TData, Answer> & { t: TFunction }, first: boolean) {
    running = options
    setPending(true)
    void queryClient.cancelQueries({ queryKey: options.queryKey })
    let before = queryClient.getQueryData<TData>(options.queryKey)
    let serverOn = before === undefined ? !first : options.isOn(before)
    let sending = first
    show(options, sending)
    try {
      for (;;) {
        const sentAt = asked
        let answer: { value: Answer } | null = null
        try {
          answer = { value: await options.send(sending) }
        } catch (error) {
          toastFailure(error, options.failed, options.t)
        }
        const took = answer !== null && (options.tookEffect?.(answer.value, sending) ?? true)
        if (answer && took) {
          const { value } = answer
          serverOn = sending
          update(options, (data) => options.answered(data, value))
          if (before !== undefined) before = options.answered(before, value)
          options.onSuccess?.(value)
        } else if (before !== undefined) {
          const restored = before
          update(options, (data) => (options.restore ? options.restore(data, restored) : restored))
        }
        if (wanted === serverOn || (!took && asked === sentAt)) break
        sending = wanted
        show(options, sending)
      }
    } finally {
      running = null
      setPending(false)
      options.onSettled?.()
    }
  }

  return (on: boolean) => {
    asked += 1
    wanted = on
    if (running) show(running, on)
    else void run(current(), on)
  }
}

/**
 * One toggle for likes, saves and follows: shown at once; on failure what was there comes back and
 * the error is toasted under `failed`; on success the server's answer wins. A press while a call is
 * on its way shows at once and is sent when that call is back, so the last press decides.
 */
export function useOptimisticToggle<TData, Answer>(
  options: OptimisticToggleOptions<TData, Answer>,
): OptimisticToggle {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  const [isPending, setPending] = useState(false)
  const latest = useRef({ ...options, t })
  latest.current = { ...options, t }
  const [mutate] = useState(() => optimisticToggle(queryClient, () => latest.current, setPending))
  return { isPending, mutate }
}
