/**
 * i18next setup: English (default) and Chinese. Translations are JSON namespaces, one per screen or
 * feature, under locales/{en,zh}/<namespace>.json; every file found there is registered.
 * Add a namespace by adding the two files, then `useTranslation('<namespace>')`.
 * The shell's English namespaces (header, footer, sign-in, wallet button, bell, home, forum) are
 * bundled with the app; every other namespace loads with the screen that uses it (router.tsx names
 * them; router.test.ts checks the names against the screens' code), and other languages load on
 * demand, so a page carries only the texts it shows. Switch with `setLanguage(code)`.
 * The language is the stored choice (localStorage `lang`), else the browser's, else English.
 */
import i18n, { type BackendModule, type Resource } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'

export const LANGUAGES = [
  { code: 'en', label: 'English', htmlLang: 'en' },
  { code: 'zh', label: '中文', htmlLang: 'zh-CN' },
] as const
export type Language = (typeof LANGUAGES)[number]['code']
export const LANGUAGE_KEY = 'lang'

type Namespace = Record<string, unknown>

const english = import.meta.glob<Namespace>(
  './locales/en/{common,auth,errors,wallet,notifications,home,forum}.json',
  { eager: true, import: 'default' },
)
const onDemand = import.meta.glob<Namespace>(
  ['./locales/*/*.json', '!./locales/en/{common,auth,errors,wallet,notifications,home,forum}.json'],
  { import: 'default' },
)

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

/** The namespaces bundled with the app's shell (the rest load with their screens). */
export const SHELL_NAMESPACES = Object.keys(resourcesFrom(english).en ?? {})

/** Fetches the files among `onDemand` that `wanted` picks (once each) and registers them. */
async function loadFiles(wanted: (language: string, namespace: string) => boolean): Promise<void> {
  const missing = Object.entries(onDemand).filter(([path]) => {
    const [, language, namespace] = FILE.exec(path) ?? []
    return language && wanted(language, namespace) && !i18n.hasResourceBundle(language, namespace)
  })
  const loaded = await Promise.all(missing.map(async ([path, load]) => [path, await load()] as const))
  for (const [path, data] of loaded) {
    const [, language, namespace] = FILE.exec(path)!
    i18n.addResourceBundle(language, namespace, data, true, true)
  }
}

/** Fetches every namespace of a language (once) and registers them. */
export function loadLanguage(code: string): Promise<void> {
  return loadFiles((language) => language === code)
}

/** Fetches a screen's namespaces in the shown language and in English, its fallback (router.tsx). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const languages = new Set(['en', currentLanguage()])
  return loadFiles((language, namespace) => languages.has(language) && namespaces.includes(namespace))
}

/** A text asked for before its screen named its namespace still arrives (then the component re-renders). */
const onDemandTexts: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = onDemand[`./locales/${language}/${namespace}.json`]
    if (!load) return callback(null, {})
    load().then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    )
  },
}

function applyHtmlLang(language: string) {
  if (typeof document === 'undefined') return // rendering on the server (entry-server.tsx)
  const entry = LANGUAGES.find((candidate) => candidate.code === language) ?? LANGUAGES[0]
  document.documentElement.lang = entry.htmlLang
}

i18n.on('languageChanged', applyHtmlLang)

void i18n
  .use(LanguageDetector)
  .use(onDemandTexts)
  .use(initReactI18next)
  .init({
    resources: resourcesFrom(english),
    partialBundledLanguages: true,
    supportedLngs: LANGUAGES.map((language) => language.code),
    fallbackLng: 'en',
    ns: SHELL_NAMESPACES,
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

/**
 * Switches language without a reload (fetching its texts first when needed). English needs nothing
 * fetched: the shell's texts are bundled, and a screen's arrive with it in English too.
 */
export async function setLanguage(code: Language): Promise<void> {
  if (code !== 'en') await loadLanguage(code)
  await i18n.changeLanguage(code)
}

/** Resolves when the detected language's texts are in place: render after it to avoid a flash of English. */
export const i18nReady: Promise<void> = setLanguage(detectedLanguage()).catch((error) => {
  // Offline or a missing chunk: English (bundled) is shown instead.
  console.warn('Could not load the language texts; showing English', error)
})

export default i18n
