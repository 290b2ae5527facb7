import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en/rewards.json'
import zh from '../../i18n/locales/zh/rewards.json'
import { tokenText } from './rewardText'

const i18n = i18next.createInstance()
await i18n.init({
  lng: 'en',
  resources: { en: { rewards: en }, zh: { rewards: zh } },
  showSupportNotice: false,
})

describe('tokenText', () => {
  it('says token for exactly one, tokens otherwise, with the amount formatted', () => {
    const t = i18n.getFixedT('en')
    expect(tokenText(t, 'en', '1000000000')).toBe('1 token')
    expect(tokenText(t, 'en', '1000000000', { signed: true })).toBe('+1 token')
    expect(tokenText(t, 'en', '-1000000000')).toBe('-1 token')
    expect(tokenText(t, 'en', '1500000000')).toBe('1.5 tokens')
    expect(tokenText(t, 'en', '0')).toBe('0 tokens')
    expect(tokenText(t, 'en', '1234000000000')).toBe('1,234 tokens')
  })

  it('speaks Chinese with the Chinese number format', () => {
    expect(tokenText(i18n.getFixedT('zh'), 'zh-CN', '1000000000')).toBe('1 代币')
    expect(tokenText(i18n.getFixedT('zh'), 'zh-CN', '12345000000000')).toBe('12,345 代币')
  })
})
