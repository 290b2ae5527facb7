import type { ItemSentence } from 'wink-nlp'
import { englishNlp, stopWordSet } from '../../apps/server/src/features/analysis/nlp.language'

/**
 * The classic baselines the engine is compared with: TextRank keyphrases (Mihalcea & Tarau 2004:
 * a co-occurrence graph of nouns and adjectives, PageRank, adjacent top words collapsed into
 * phrases) and the lead-1 TLDR (the document's first sentence).
 */

const KEPT_TAGS = new Set(['NOUN', 'PROPN', 'ADJ'])
const WINDOW = 2

export function textRankKeyphrases(text: string, limit: number): string[] {
  const nlp = englishNlp()
  const its = nlp.its
  const stop = stopWordSet('eng')
  // Each sentence as its words, null where a word is filtered out (it breaks phrases).
  const sequences: (string | null)[][] = []
  nlp
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => {
      const tokens = sentence.tokens()
      const normals = tokens.out(its.normal) as string[]
      const tags = tokens.out(its.pos) as string[]
      const types = tokens.out(its.type) as string[]
      sequences.push(
        normals.map((word, i) =>
          types[i] === 'word' && KEPT_TAGS.has(tags[i]) && !stop.has(word) && word.length > 1 ? word : null,
        ),
      )
    })

  const neighbours = new Map<string, Set<string>>()
  const link = (a: string, b: string) => {
    if (a === b) return
    if (!neighbours.has(a)) neighbours.set(a, new Set())
    if (!neighbours.has(b)) neighbours.set(b, new Set())
    neighbours.get(a)!.add(b)
    neighbours.get(b)!.add(a)
  }
  for (const sequence of sequences) {
    const words = sequence.filter((word): word is string => word !== null)
    for (let i = 0; i < words.length; i += 1) {
      if (!neighbours.has(words[i])) neighbours.set(words[i], new Set())
      for (let j = i + 1; j < Math.min(words.length, i + WINDOW); j += 1) link(words[i], words[j])
    }
  }

  const nodes = [...neighbours.keys()]
  let score = new Map(nodes.map((node) => [node, 1]))
  for (let iteration = 0; iteration < 50; iteration += 1) {
    const next = new Map<string, number>()
    for (const node of nodes) {
      let sum = 0
      for (const other of neighbours.get(node)!) sum += score.get(other)! / neighbours.get(other)!.size
      next.set(node, 0.15 + 0.85 * sum)
    }
    score = next
  }

  // Maximal runs of kept words in the text, scored by the sum of their words' ranks.
  const phrases = new Map<string, number>()
  for (const sequence of sequences) {
    let run: string[] = []
    for (const word of [...sequence, null]) {
      if (word !== null) {
        run.push(word)
        continue
      }
      if (run.length > 0 && run.length <= 4) {
        const phrase = run.join(' ')
        phrases.set(
          phrase,
          run.reduce((sum, w) => sum + score.get(w)!, 0),
        )
      }
      run = []
    }
  }
  return [...phrases.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([phrase]) => phrase)
}

/** Lead-1: the first sentence of the text. */
export function leadSentence(text: string): string {
  const first = englishNlp().readDoc(text).sentences().itemAt(0)
  return first ? first.out() : ''
}
