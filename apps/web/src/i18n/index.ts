/**
 * i18next setup: English (default) and Chinese. Translations are JSON namespaces, one per screen or
 * feature, under locales/{en,zh}/<namespace>.json; every file found there is bundled and registered.
 * Add a namespace by adding the two files, then `useTranslation('<namespace>')`.
 * The language is the stored choice (localStorage `lang`), else the browser's, else English.
 */
import i18n, { type Resource } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'

export const LANGUAGES = [
  { code: 'en', label: 'English', htmlLang: 'en' },
  { code: 'zh', label: '中文', htmlLang: 'zh-CN' },
] as const
export type Language = (typeof LANGUAGES)[number]['code']
export const LANGUAGE_KEY = 'lang'

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
})

export function resourcesFrom(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {}
  for (const [path, data] of Object.entries(modules)) {
    const match = /\/locales\/([\w-]+)\/([\w-]+)\.json$/.exec(path)
    if (!match) continue
    const [, language, namespace] = match
    resources[language] ??= {}
    resources[language][namespace] = data
  }
  return resources
}

const resources = resourcesFrom(files)

function applyHtmlLang(language: string) {
  const entry = LANGUAGES.find((candidate) => candidate.code === language) ?? LANGUAGES[0]
  document.documentElement.lang = entry.htmlLang
}

i18n.on('languageChanged', applyHtmlLang)

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: LANGUAGES.map((language) => language.code),
    fallbackLng: 'en',
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'common',
    initAsync: false,
    // No advertisement in the console.
    showSupportNotice: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_KEY,
      caches: ['localStorage'],
      // zh-CN, zh-TW... → zh; en-GB → en.
      convertDetectedLanguage: (language: string) => language.split('-')[0],
    },
    react: { useSuspense: false },
  })

/** The active language, reduced to one we support. */
export function currentLanguage(): Language {
  const active = i18n.resolvedLanguage ?? i18n.language
  return LANGUAGES.some((language) => language.code === active) ? (active as Language) : 'en'
}

export default i18n
