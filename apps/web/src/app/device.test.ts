import { expect, it } from 'vitest'
import { deviceClassFor } from './device'

it('classes widths as mobile under 768, tablet under 1024, desktop otherwise', () => {
  expect(deviceClassFor(360)).toBe('mobile')
  expect(deviceClassFor(767)).toBe('mobile')
  expect(deviceClassFor(768)).toBe('tablet')
  expect(deviceClassFor(1023)).toBe('tablet')
  expect(deviceClassFor(1024)).toBe('desktop')
})
