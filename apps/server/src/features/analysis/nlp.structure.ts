/**
 * A document's structure from its blocks: which blocks are headings, the abstract, the author's
 * "Keywords:" line, and where the references begin (nothing after them is read). Blocks come from
 * the PDF, Word and Markdown readers, or a post's own text.
 */

export interface StructuredText {
  /** Body blocks in reading order, references and the keywords line left out. */
  body: { text: string; heading: boolean; abstract: boolean; caption: boolean }[]
  /** Keyphrases the authors listed ("Keywords: a; b; c"), in their order. */
  authorKeywords: string[]
}

const KEYWORDS_LINE =
  /^(?:key\s*-?\s*words?|index\s+terms|keyphrases|关键词|关键字|關鍵詞)\s*[:：.\-—–]?\s*/iu
const ABSTRACT_HEAD = /^(?:abstract|summary|摘要)\b\s*[:：.\-—–]?\s*/iu
const REFERENCES_HEAD =
  /^(?:\d+\.?\s*)?(?:references|bibliography|literature\s+cited|works\s+cited|参考文献|參考文獻)\s*$/iu
/** "Figure 2.", "Table 1:", "Fig. 3" at the start of a block: a caption, words for tags but no summary. */
const CAPTION = /^(?:fig(?:ure)?|table|chart|plate|图|表)\.?\s*\d+/iu
const SENTENCE_END = /[.!?。！？…:;；：]['"’”)\]]*$/u
/** A numbered heading: "3", "3.2", "IV.", "A." then a capitalised word. */
const NUMBERED_HEADING = /^(?:\d+(?:\.\d+)*|[IVX]+|[A-H])\.?\s+\p{Lu}/u

function isHeading(text: string) {
  const words = text.split(/\s+/).length
  return words <= 12 && text.length <= 100 && !SENTENCE_END.test(text) && !/^\p{Ll}/u.test(text)
}

function splitKeywords(list: string) {
  return list
    .split(/\s*[;,·•、，；]\s*/u)
    .map((keyword) => keyword.replace(/[.。]$/u, '').trim())
    .filter((keyword) => keyword.length >= 2 && keyword.length <= 60 && keyword.split(/\s+/).length <= 6)
}

/** A short block seen this often is page furniture (a running head, a journal line), not text. */
const FURNITURE_REPEATS = 3

export function structureOf(blocks: string[]): StructuredText {
  const seen = new Map<string, number>()
  for (const block of blocks) {
    const text = block.trim()
    if (text.length <= 120 && !SENTENCE_END.test(text)) seen.set(text, (seen.get(text) ?? 0) + 1)
  }
  const body: StructuredText['body'] = []
  const authorKeywords: string[] = []
  let inAbstract = false
  let keywordsNext = false
  for (const raw of blocks) {
    const text = raw.trim()
    if (!text || /^[\p{N}\s.,:\-–—/|]+$/u.test(text) || (seen.get(text) ?? 0) >= FURNITURE_REPEATS) continue
    if (REFERENCES_HEAD.test(text)) break
    const keywords = KEYWORDS_LINE.exec(text)
    if (keywords) {
      const rest = text.slice(keywords[0].length)
      if (rest) authorKeywords.push(...splitKeywords(rest))
      else keywordsNext = true
      continue
    }
    if (keywordsNext) {
      keywordsNext = false
      if (text.split(/\s+/).length <= 40) {
        authorKeywords.push(...splitKeywords(text))
        continue
      }
    }
    const abstractHead = ABSTRACT_HEAD.exec(text)
    if (abstractHead && text.length - abstractHead[0].length < 2) {
      inAbstract = true
      continue
    }
    if (abstractHead && /^abstract|^摘要/iu.test(text)) {
      inAbstract = true
      body.push({ text: text.slice(abstractHead[0].length), heading: false, abstract: true, caption: false })
      continue
    }
    const heading =
      isHeading(text) || (NUMBERED_HEADING.test(text) && text.length <= 80 && !SENTENCE_END.test(text))
    if (heading) inAbstract = false
    const caption = CAPTION.test(text)
    body.push({ text, heading, abstract: inAbstract && !heading && !caption, caption })
  }
  return { body, authorKeywords }
}
