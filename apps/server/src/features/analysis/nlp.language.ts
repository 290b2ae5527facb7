import { franc } from 'franc-min'
import { iso6393To1 } from 'iso-639-3'
import * as stopwords from 'stopword'
import model from 'wink-eng-lite-web-model'
import winkNLP from 'wink-nlp'

/**
 * Which language a text is in (franc), the stop words of a language, and the English model
 * (wink-nlp) that tags the words of English texts.
 */

export const LANGUAGE_SAMPLE_CHARS = 20_000

// franc names individual languages where the stop-word lists and ISO 639-1 name the macrolanguage.
const MACROLANGUAGE: Record<string, string> = {
  cmn: 'zho',
  arb: 'ara',
  pes: 'fas',
  zlm: 'msa',
  swh: 'swa',
  ekk: 'est',
  lvs: 'lav',
  nob: 'nor',
  uzn: 'uzb',
  azj: 'aze',
}
const MACROLANGUAGE_OF: Record<string, string> = { zho: 'zho', ara: 'ara', fas: 'fas', msa: 'msa' }

/** The language of a text: ISO 639-3 (for the stop words) and ISO 639-1, 'und' when unknown. */
export function detectLanguage(text: string): { iso3: string; code: string } {
  const detected = franc(text.slice(0, LANGUAGE_SAMPLE_CHARS), { minLength: 20 })
  const iso3 = MACROLANGUAGE[detected] ?? detected
  const code = iso3 === 'nor' ? 'no' : ((iso6393To1 as Record<string, string>)[iso3] ?? 'und')
  return { iso3, code }
}

/** A language's stop words (ISO 639-3), lower-cased; empty for a language without a list. */
export function stopWordSet(iso3: string): Set<string> {
  const lists = stopwords as unknown as Record<string, string[] | undefined>
  return new Set((lists[iso3] ?? []).map((word) => word.toLowerCase()))
}

let englishModel: ReturnType<typeof winkNLP> | null = null

/** Loaded once per thread (a few hundred milliseconds); the model ships inside its npm package. */
export function englishNlp() {
  englishModel ??= winkNLP(model)
  return englishModel
}

/** Whether a word is a stop word for the language (ISO 639-1): the same lists the engine filters with. */
export function isStopWord(word: string, language = 'en'): boolean {
  const normal = word.toLowerCase()
  if (language === 'en') {
    const { its } = englishNlp()
    const flagged = englishNlp().readDoc(normal).tokens().out(its.stopWordFlag) as boolean[]
    return stopWordSet('eng').has(normal) || flagged.some(Boolean)
  }
  const iso3 = Object.entries(iso6393To1 as Record<string, string>).find(([, code]) => code === language)?.[0]
  return iso3 ? stopWordSet(MACROLANGUAGE_OF[iso3] ?? iso3).has(normal) : false
}
