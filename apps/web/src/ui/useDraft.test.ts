import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { arrived, DRAFT_PREFIX } from './useDraft'

const items = new Map<string, string>()
beforeEach(() => {
  Object.assign(globalThis, {
    window: {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
    },
  })
})
afterEach(() => items.clear())

const EMPTY = { title: '' }

describe('a draft whose key arrives late (the session still loading)', () => {
  it('reads what the key kept when the reader typed nothing meanwhile', () => {
    items.set(`${DRAFT_PREFIX}upload:u1`, JSON.stringify({ title: 'Kept from yesterday' }))
    expect(arrived({ value: EMPTY }, 'upload:u1', EMPTY)).toMatchObject({
      value: { title: 'Kept from yesterday' },
      restored: true,
    })
  })

  it('keeps what the reader typed before it came, and keeps it under the key', () => {
    items.set(`${DRAFT_PREFIX}upload:u1`, JSON.stringify({ title: 'Kept from yesterday' }))
    expect(arrived({ value: { title: 'Field notes' } }, 'upload:u1', EMPTY)).toMatchObject({
      value: { title: 'Field notes' },
      restored: false,
      kept: true,
    })
    expect(items.get(`${DRAFT_PREFIX}upload:u1`)).toBe(JSON.stringify({ title: 'Field notes' }))
  })
})
