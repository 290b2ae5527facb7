import { expect, it, vi } from 'vitest'
import { createEventBus } from './events'

it('delivers typed events until unsubscribed, and one failing handler does not stop the others', () => {
  const bus = createEventBus()
  const seen: number[] = []
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  bus.on('token-updated', () => {
    throw new Error('boom')
  })
  const off = bus.on('token-updated', ({ expiresAt }) => seen.push(expiresAt))
  bus.emit('token-updated', { expiresAt: 1 })
  off()
  bus.emit('token-updated', { expiresAt: 2 })
  expect(seen).toEqual([1])
  expect(error).toHaveBeenCalledTimes(2)
  error.mockRestore()
})
