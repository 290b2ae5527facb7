/** Discussion questions for a post, made from its tags. */

const TOPIC_TEMPLATES: Record<
  'en' | 'zh',
  { pair: (a: string, b: string) => string; single: ((a: string) => string)[] }
> = {
  en: {
    pair: (a, b) => `What is the relationship between ${a} and ${b}?`,
    single: [
      (a) => `What remains open or debatable about ${a}?`,
      (a) => `How could the work on ${a} be tested or taken further?`,
    ],
  },
  zh: {
    pair: (a, b) => `${a}与${b}之间有什么关系？`,
    single: [(a) => `关于${a}，还有哪些问题值得讨论？`, (a) => `关于${a}的工作可以如何检验或进一步推进？`],
  },
}

/** Two or three discussion questions built from the keyphrases, in the document's language when we can. */
export function buildTopics(tags: string[], language: string): string[] {
  if (tags.length === 0) return []
  const templates = TOPIC_TEMPLATES[language === 'zh' ? 'zh' : 'en']
  if (tags.length === 1) return templates.single.map((template) => template(tags[0]))
  const topics = [templates.pair(tags[0], tags[1])]
  topics.push(templates.single[0](tags[2] ?? tags[0]))
  if (tags.length >= 3) topics.push(templates.single[1](tags[3] ?? tags[1]))
  return topics
}
