import type { ReadSentence } from './nlp.sentences'

/**
 * Discussion topics from what the text itself claims: a stated limitation, future work, a
 * comparison, a hypothesis, a choice of method. Each topic asks about one sentence and keeps it,
 * so the reader sees where the question comes from. A text that claims none of these gets none.
 */

export const TOPIC_KINDS = ['limitation', 'future', 'comparison', 'hypothesis', 'method'] as const
export type TopicKind = (typeof TOPIC_KINDS)[number]

export interface GroundedTopic {
  kind: TopicKind
  /** The question, in the document's language. */
  topic: string
  /** The sentence of the text it comes from, verbatim. */
  sentence: string
  /**
   * Where that sentence stands, when it is in one of the post's files (prepare.ts): the file's index
   * among the post's files, and for a PDF its page. Absent: the post's own text.
   */
  file?: number
  page?: number
}

const CUES: Record<'en' | 'zh', Record<TopicKind, RegExp>> = {
  en: {
    limitation:
      /\b(?:limitations?|limited (?:to|by)|drawbacks?|shortcomings?|does not (?:scale|generali[sz]e|account)|cannot|fails? to|remains? (?:unclear|unknown|open|an open)|open (?:question|problem)|caveat|at the cost of)\b/i,
    future:
      /\b(?:future (?:work|research|studies|directions?)|in the future|we plan to|further (?:work|research|studies) (?:is|are|will|should)|remains to be (?:seen|shown|explored)|left for future)\b/i,
    comparison:
      /\b(?:outperform\w*|compared (?:with|to)|in comparison (?:with|to)|better than|worse than|faster than|more accurate than|in contrast to|superior to|than (?:the )?(?:existing|previous|baseline|state-of-the-art|conventional|standard))\b/i,
    // A hypothesis, or a conclusion drawn from the data ("these measurements suggest…").
    hypothesis:
      /\b(?:hypothes[ie]s|hypothesi[sz]e[ds]?|we conjecture|conjecture that|we posit|we speculate|(?:results?|data|measurements?|findings?|observations?|experiments?|evidence|analys[ie]s) (?:suggests?|indicates?|implies|imply|shows? that))\b/i,
    method:
      /\b(?:we (?:chose|choose|opted|adopt(?:ed)?|rel(?:y|ied) on)|instead of|rather than|as opposed to|in place of)\b/i,
  },
  zh: {
    limitation: /局限|不足之处|缺点|难以|无法|尚不清楚|尚未解决|有待解决|限制了/u,
    future: /未来(?:工作|研究)|今后|下一步|有待进一步|将来/u,
    comparison: /相比|优于|相较|对比|比较了|高于|低于/u,
    hypothesis: /假设|假说|推测|猜想/u,
    method: /而不是|而非|代替|取代|我们选择|采用了/u,
  },
}

const QUESTIONS: Record<'en' | 'zh', Record<TopicKind, (phrase: string | null) => string>> = {
  en: {
    limitation: (p) =>
      p ? `How could the limitation around ${p} be addressed?` : 'How could this limitation be addressed?',
    future: (p) =>
      p
        ? `What should the next step on ${p} be, and how would we know it worked?`
        : 'Which next step matters most here?',
    comparison: (p) =>
      p
        ? `Would the comparison on ${p} hold with other baselines or data?`
        : 'Would this comparison hold with other baselines or data?',
    hypothesis: (p) =>
      p
        ? `What evidence would confirm or refute the claim about ${p}?`
        : 'What evidence would confirm or refute this claim?',
    method: (p) =>
      p
        ? `Why this choice for ${p}, and what would an alternative change?`
        : 'Why this choice, and what would an alternative change?',
  },
  zh: {
    limitation: (p) => (p ? `关于${p}的这一局限可以如何解决？` : '这一局限可以如何解决？'),
    future: (p) => (p ? `关于${p}，下一步应该做什么？如何判断是否成功？` : '下一步工作中哪一项最重要？'),
    comparison: (p) =>
      p ? `关于${p}的比较换用其他基线或数据是否仍然成立？` : '这一比较换用其他基线或数据是否仍然成立？',
    hypothesis: (p) => (p ? `什么证据能证实或否定关于${p}的这一论断？` : '什么证据能证实或否定这一论断？'),
    method: (p) =>
      p ? `为什么在${p}上做这样的选择？换一种做法会有什么不同？` : '为什么这样选择？换一种做法会有什么不同？',
  },
}

const MAX_TOPICS = 3

/**
 * Up to three topics, one per kind in the order of TOPIC_KINDS, each from the first sentence that
 * states it; `phraseOf` names what a sentence is about (its best keyphrase), or null.
 */
export function buildTopics(
  sentences: ReadSentence[],
  language: string,
  phraseOf: (sentence: ReadSentence) => string | null,
): GroundedTopic[] {
  const tongue = language === 'zh' ? 'zh' : 'en'
  if (language !== 'zh' && language !== 'en') return []
  const topics: GroundedTopic[] = []
  const used = new Set<string>()
  for (const kind of TOPIC_KINDS) {
    const sentence = sentences.find(
      (candidate) => !used.has(candidate.text) && CUES[tongue][kind].test(candidate.text),
    )
    if (!sentence) continue
    used.add(sentence.text)
    topics.push({ kind, topic: QUESTIONS[tongue][kind](phraseOf(sentence)), sentence: sentence.text })
    if (topics.length === MAX_TOPICS) break
  }
  return topics
}
