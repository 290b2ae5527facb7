import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/client'
import { onToast, type ToastRequest } from './toast'
import {
  type OptimisticToggle,
  type OptimisticToggleOptions,
  optimisticToggle,
  useOptimisticToggle,
} from './useOptimisticToggle'

interface Post {
  likes: number
  is_liked: boolean
  title: string
}
interface Answer {
  likes: number
  is_liked: boolean
}

const key = ['posts', 'detail', 'p1']
const t = ((text: string) => text) as unknown as TFunction

/** A call that answers when the test says so. */
function deferred() {
  let resolve!: (answer: Answer) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<Answer>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

/** Lets the toggle's awaits run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

let client: QueryClient
let toasts: ToastRequest[]
let stopToasts: () => void

beforeEach(() => {
  client = new QueryClient()
  client.setQueryData<Post>(key, { likes: 3, is_liked: false, title: 'A post' })
  toasts = []
  stopToasts = onToast((request) => toasts.push(request))
})

afterEach(() => {
  stopToasts()
  client.clear()
})

function likeToggle(
  send: (on: boolean) => Promise<Answer>,
  extra: Partial<OptimisticToggleOptions<Post, Answer>> = {},
) {
  const pending: boolean[] = []
  const onSuccess = vi.fn()
  const onSettled = vi.fn()
  const options: OptimisticToggleOptions<Post, Answer> & { t: TFunction } = {
    queryKey: key,
    isOn: (post) => post.is_liked,
    shown: (post, on) => ({ ...post, is_liked: on, likes: post.likes + (on ? 1 : -1) }),
    send,
    answered: (post, answer) => ({ ...post, ...answer }),
    onSuccess,
    onSettled,
    failed: 'Could not like',
    t,
    ...extra,
  }
  const mutate = optimisticToggle(
    client,
    () => options,
    (on) => pending.push(on),
  )
  return { mutate, pending, onSuccess, onSettled }
}

const shown = () => client.getQueryData<Post>(key)

describe('optimisticToggle', () => {
  it('patches the cache before the server answers, then writes the answer over it', async () => {
    const call = deferred()
    const send = vi.fn(() => call.promise)
    const toggle = likeToggle(send)
    toggle.mutate(true)
    expect(shown()).toEqual({ likes: 4, is_liked: true, title: 'A post' })
    expect(send).toHaveBeenCalledWith(true)
    expect(toggle.pending).toEqual([true])

    // Someone else liked it meanwhile: the server's count wins.
    call.resolve({ likes: 9, is_liked: true })
    await settle()
    expect(shown()).toEqual({ likes: 9, is_liked: true, title: 'A post' })
    expect(toggle.onSuccess).toHaveBeenCalledWith({ likes: 9, is_liked: true })
    expect(toggle.onSettled).toHaveBeenCalledTimes(1)
    expect(toggle.pending).toEqual([true, false])
    expect(toasts).toEqual([])
  })

  it('puts back what was there and toasts the refusal when the call fails', async () => {
    const call = deferred()
    const toggle = likeToggle(() => call.promise)
    toggle.mutate(true)
    expect(shown()?.is_liked).toBe(true)

    call.reject(new ApiError(429, 'Too many likes, wait a minute', 'rate_limited'))
    await settle()
    expect(shown()).toEqual({ likes: 3, is_liked: false, title: 'A post' })
    expect(toasts).toEqual([
      { kind: 'error', title: 'Could not like', description: 'Too many likes, wait a minute' },
    ])
    expect(toggle.onSuccess).not.toHaveBeenCalled()
    expect(toggle.onSettled).toHaveBeenCalledTimes(1)
    expect(toggle.pending).toEqual([true, false])
  })

  it('says nothing of a 401 (the login card opens by itself) but still rolls back', async () => {
    const toggle = likeToggle(() => Promise.reject(new ApiError(401, 'Login required', 'unauthorized')))
    toggle.mutate(true)
    await settle()
    expect(shown()).toEqual({ likes: 3, is_liked: false, title: 'A post' })
    expect(toasts).toEqual([])
  })

  it('rolls back without a toast when the answer says it did not take', async () => {
    const toggle = likeToggle(() => Promise.resolve({ likes: 3, is_liked: false }), {
      tookEffect: (answer, on) => answer.is_liked === on,
    })
    toggle.mutate(true)
    await settle()
    expect(shown()).toEqual({ likes: 3, is_liked: false, title: 'A post' })
    expect(toggle.onSuccess).not.toHaveBeenCalled()
    expect(toasts).toEqual([])
  })

  it('keeps what changed elsewhere in the data when a restore says what to put back', async () => {
    const toggle = likeToggle(() => Promise.reject(new Error('offline')), {
      restore: (post, before) => ({ ...post, likes: before.likes, is_liked: before.is_liked }),
    })
    toggle.mutate(true)
    client.setQueryData<Post>(key, (post) => post && { ...post, title: 'Edited meanwhile' })
    await settle()
    expect(shown()).toEqual({ likes: 3, is_liked: false, title: 'Edited meanwhile' })
  })

  it('ends where the last of quick presses asked, sending it once the first call is back', async () => {
    const calls = [deferred(), deferred()]
    const send = vi.fn((_on: boolean) => calls[send.mock.calls.length - 1]!.promise)
    const toggle = likeToggle(send)
    toggle.mutate(true)
    toggle.mutate(false)
    // The second press shows at once, and waits for the first call.
    expect(shown()).toEqual({ likes: 3, is_liked: false, title: 'A post' })
    expect(send.mock.calls).toEqual([[true]])

    calls[0]!.resolve({ likes: 4, is_liked: true })
    await settle()
    expect(send.mock.calls).toEqual([[true], [false]])
    expect(shown()).toEqual({ likes: 3, is_liked: false, title: 'A post' })
    expect(toggle.pending).toEqual([true])

    calls[1]!.resolve({ likes: 2, is_liked: false })
    await settle()
    expect(shown()).toEqual({ likes: 2, is_liked: false, title: 'A post' })
    expect(toggle.pending).toEqual([true, false])
    expect(toggle.onSettled).toHaveBeenCalledTimes(1)
  })

  it('sends nothing more when quick presses come back to what the server has', async () => {
    const call = deferred()
    const send = vi.fn(() => call.promise)
    const toggle = likeToggle(send)
    toggle.mutate(true)
    toggle.mutate(false)
    toggle.mutate(true)
    expect(shown()).toEqual({ likes: 4, is_liked: true, title: 'A post' })
    call.resolve({ likes: 4, is_liked: true })
    await settle()
    expect(send).toHaveBeenCalledTimes(1)
    expect(shown()).toEqual({ likes: 4, is_liked: true, title: 'A post' })
  })

  it('keeps the last press when the first call fails, and rolls back to the server state', async () => {
    const calls = [deferred(), deferred()]
    const send = vi.fn((_on: boolean) => calls[send.mock.calls.length - 1]!.promise)
    const toggle = likeToggle(send)
    toggle.mutate(true)
    toggle.mutate(false)
    calls[0]!.reject(new Error('offline'))
    await settle()
    // Unliked is what the server has and what was last asked: nothing more to send.
    expect(send).toHaveBeenCalledTimes(1)
    expect(shown()).toEqual({ likes: 3, is_liked: false, title: 'A post' })
    expect(toasts.map((request) => request.title)).toEqual(['Could not like'])
  })

  it('rolls a failed second call back to the first call’s answer', async () => {
    const calls = [deferred(), deferred()]
    const send = vi.fn((_on: boolean) => calls[send.mock.calls.length - 1]!.promise)
    const toggle = likeToggle(send)
    toggle.mutate(true)
    toggle.mutate(false)
    calls[0]!.resolve({ likes: 7, is_liked: true })
    await settle()
    expect(shown()).toEqual({ likes: 6, is_liked: false, title: 'A post' })
    calls[1]!.reject(new Error('offline'))
    await settle()
    expect(shown()).toEqual({ likes: 7, is_liked: true, title: 'A post' })
    expect(send).toHaveBeenCalledTimes(2)
  })
})

/** Renders the hook once and hands out what it gave. */
function Probe({ onToggle }: { onToggle: (toggle: OptimisticToggle) => void }) {
  onToggle(
    useOptimisticToggle<Post, Answer>({
      queryKey: key,
      isOn: (post) => post.is_liked,
      shown: (post, on) => ({ ...post, is_liked: on, likes: post.likes + (on ? 1 : -1) }),
      send: () => Promise.reject(new ApiError(403, 'You may not like this', 'forbidden')),
      answered: (post, answer) => ({ ...post, ...answer }),
      failed: 'Could not like',
    }),
  )
  return null
}

describe('useOptimisticToggle', () => {
  it('works on the provider’s client and toasts under the title it is given', async () => {
    let toggle: OptimisticToggle | undefined
    renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client },
        createElement(Probe, {
          onToggle: (given) => {
            toggle = given
          },
        }),
      ),
    )
    expect(toggle?.isPending).toBe(false)
    toggle?.mutate(true)
    expect(shown()?.is_liked).toBe(true)
    await settle()
    expect(shown()).toEqual({ likes: 3, is_liked: false, title: 'A post' })
    expect(toasts).toEqual([{ kind: 'error', title: 'Could not like', description: 'You may not like this' }])
  })
})
