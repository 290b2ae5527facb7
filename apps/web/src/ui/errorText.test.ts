import { readFileSync } from 'node:fs'
import { ERRORS } from '@agora/contract/errors'
import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../api/client'
import { errorText, refusalText } from './errorText'

const texts = (language: string) =>
  JSON.parse(readFileSync(new URL(`../i18n/locales/${language}/errors.json`, import.meta.url), 'utf8'))
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{(\w+)/g)].map((match) => match[1]))

const refusal = (status: number, code: string, params?: Record<string, string | number>) =>
  new ApiError(status, 'English words', code, undefined, { detail: 'English words', code, params })

const t = i18next.createInstance()
beforeAll(async () => {
  await t.init({
    lng: 'zh',
    fallbackLng: 'en',
    resources: { en: { errors: texts('en') }, zh: { errors: texts('zh') } },
    interpolation: { escapeValue: false },
  })
})

describe('the words for refusals', () => {
  it.each(['en', 'zh'])('has %s words for exactly the contract’s codes', (language) => {
    expect(Object.keys(texts(language)).sort()).toEqual(Object.keys(ERRORS).sort())
  })

  it('uses only values the server’s sentence names', () => {
    for (const [code, { detail }] of Object.entries(ERRORS)) {
      const named = placeholders(detail)
      for (const language of ['en', 'zh']) {
        for (const used of placeholders(texts(language)[code]))
          expect(named, `${language} ${code}`).toContain(used)
      }
    }
  })

  it('speaks the reader’s language, with the wait and the date filled in', () => {
    expect(refusalText(refusal(401, 'invalid_credentials'), t.t, 'zh')).toBe('用户名或密码错误。')
    expect(refusalText(refusal(429, 'too_many_requests', { seconds: 30 }), t.t, 'zh')).toBe(
      '请求过于频繁，请等待 30 秒后重试。',
    )
    const suspended = refusalText(refusal(403, 'suspended', { until: '2026-12-24T10:00:00.000Z' }), t.t, 'zh')
    expect(suspended).toContain('2026')
    expect(suspended).not.toContain('T10:00')
  })

  it('gives an English reader the server’s own sentence', () => {
    expect(refusalText(refusal(401, 'invalid_credentials'), t.t, 'en')).toBe('English words')
  })

  it('falls back for a code it does not know, and for no answer', () => {
    expect(refusalText(refusal(418, 'teapot'), t.t, 'zh')).toBeNull()
    expect(refusalText(refusal(500, 'internal'), t.t, 'zh')).toBeNull()
    expect(errorText(refusal(503, 'teapot'), t.t, 'fallback')).toBe('fallback')
    expect(errorText(new Error('boom'), t.t, 'fallback')).toBe('fallback')
  })
})
