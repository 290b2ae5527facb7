import { describe, expect, it } from 'vitest'
import { ERRORS, fillDetail, isErrorCode } from './errors'

describe('the refusal codes', () => {
  it('are snake_case, each an error status with a sentence', () => {
    for (const [code, { status, detail }] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/)
      expect(status, code).toBeGreaterThanOrEqual(400)
      expect(status, code).toBeLessThan(600)
      expect(detail.trim(), code).not.toBe('')
    }
  })

  it('fill their sentence from the params, leaving a missing one as written', () => {
    expect(fillDetail(ERRORS.file_too_large.detail, { name: 'a.pdf', mb: 50 })).toBe(
      'File a.pdf exceeds 50MB limit',
    )
    expect(fillDetail('Wait {{seconds}} s', {})).toBe('Wait {{seconds}} s')
  })

  it('know their own codes only', () => {
    expect(isErrorCode('invalid_credentials')).toBe(true)
    expect(isErrorCode('toString')).toBe(false)
    expect(isErrorCode(404)).toBe(false)
  })
})
