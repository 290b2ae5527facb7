import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en/post.json'
import zh from '../../i18n/locales/zh/post.json'
import { focusSentence } from './focusSentence'

const i18n = i18next.createInstance()
await i18n.init({
  lng: 'en',
  ns: ['post'],
  defaultNS: 'post',
  resources: { en: { post: en }, zh: { post: zh } },
  showSupportNotice: false,
})

describe('focusSentence', () => {
  it('reads as an English sentence, not a list of keywords', () => {
    const t = i18n.getFixedT('en', 'post')
    expect(focusSentence(t, 'en', ['security'])).toBe('As you asked, the analysis focuses on security.')
    expect(focusSentence(t, 'en', ['security', 'gateways', 'caching'])).toBe(
      'As you asked, the analysis focuses on security, gateways, and caching.',
    )
  })

  it('names at most four words and counts the rest', () => {
    const t = i18n.getFixedT('en', 'post')
    expect(focusSentence(t, 'en', ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'])).toBe(
      'As you asked, the analysis focuses on a1, b2, c3, d4, and 2 more topics.',
    )
  })

  it('reads as a Chinese sentence', () => {
    const t = i18n.getFixedT('zh', 'post')
    expect(focusSentence(t, 'zh-CN', ['security', 'gateways'])).toBe(
      '已按你的要求，分析重点关注security和gateways。',
    )
  })
})
