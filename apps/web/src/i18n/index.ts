/**
 * i18next setup: English (default) and Chinese. Translations are JSON namespaces, one per screen or
 * feature, under locales/{en,zh}/<namespace>.json; every file found there is registered.
 * Add a namespace by adding the two files, then `useTranslation('<namespace>')`.
 * English is bundled with the app (a screen's own namespace with that screen: registerEnglish); other
 * languages load on demand (one chunk per language), so a page carries only the language it shows. Switch with `setLanguage(code)`.
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

type Namespace = Record<string, unknown>

// English rides in the first load, but for namespaces of one lazily loaded screen's widget, which ride in
// that screen's chunk and register themselves there (`registerEnglish`): the IPFS tools of a post (ipfs.ts).
const english = import.meta.glob<Namespace>(['./locales/en/*.json', '!./locales/en/ipfs.json'], {
  eager: true,
  import: 'default',
})
const onDemand = import.meta.glob<Namespace>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
})

const FILE = /\/locales\/([\w-]+)\/([\w-]+)\.json$/

export function resourcesFrom(modules: Record<string, Namespace>): Resource {
  const resources: Resource = {}
  for (const [path, data] of Object.entries(modules)) {
    const match = FILE.exec(path)
    if (!match) continue
    const [, language, namespace] = match
    resources[language] ??= {}
    resources[language][namespace] = data
  }
  return resources
}

/** Fetches a language's namespaces (once) and registers them. */
export async function loadLanguage(code: string): Promise<void> {
  const files = Object.entries(onDemand).filter(([path]) => FILE.exec(path)?.[1] === code)
  const missing = files.filter(([path]) => !i18n.hasResourceBundle(code, FILE.exec(path)![2]))
  const loaded = await Promise.all(missing.map(async ([path, load]) => [path, await load()] as const))
  for (const [path, data] of loaded) i18n.addResourceBundle(code, FILE.exec(path)![2], data, true, true)
}

/** Registers the English of a namespace that rides in a screen's chunk (see `english`), once. */
export function registerEnglish(namespace: string, data: Namespace) {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, data)
}

function applyHtmlLang(language: string) {
  if (typeof document === 'undefined') return // rendering on the server (entry-server.tsx)
  const entry = LANGUAGES.find((candidate) => candidate.code === language) ?? LANGUAGES[0]
  document.documentElement.lang = entry.htmlLang
}

i18n.on('languageChanged', applyHtmlLang)

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: resourcesFrom(english),
    partialBundledLanguages: true,
    supportedLngs: LANGUAGES.map((language) => language.code),
    fallbackLng: 'en',
    ns: Object.keys(resourcesFrom(english).en ?? {}),
    defaultNS: 'common',
    initAsync: false,
    // No advertisement in the console.
    showSupportNotice: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_KEY,
      // The cookie tells the server which language to draw its first screens in (apps/server/src/features/pages).
      caches: ['localStorage', 'cookie'],
      lookupCookie: LANGUAGE_KEY,
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
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

/** What the detector chose; `resolvedLanguage` still says English until that language's texts arrive. */
function detectedLanguage(): Language {
  const detected = (i18n.language ?? 'en').split('-')[0]
  return LANGUAGES.some((language) => language.code === detected) ? (detected as Language) : 'en'
}

/** Switches language without a reload (fetching its texts first when needed). */
export async function setLanguage(code: Language): Promise<void> {
  await loadLanguage(code)
  await i18n.changeLanguage(code)
}

/** Resolves when the detected language's texts are in place: render after it to avoid a flash of English. */
export const i18nReady: Promise<void> = setLanguage(detectedLanguage()).catch((error) => {
  // Offline or a missing chunk: English (bundled) is shown instead.
  console.warn('Could not load the language texts; showing English', error)
})

export default i18n
