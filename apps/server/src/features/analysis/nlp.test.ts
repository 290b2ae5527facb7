import { describe, expect, it } from 'vitest'
import { BEES_PARAGRAPHS, BEES_TITLE, CORAL_PARAGRAPHS, CORAL_TITLE } from './analysis.fixtures'
import { prepareText } from './nlp'
import { type CorpusStats, type KeyphraseModel, rankKeyphrases } from './nlp.keyphrases'
import { type KeyphraseLexicon, stemKey } from './nlp.keyphrases.features'
import { KEYPHRASE_MODEL } from './nlp.keyphrases.model'
import { isStopWord } from './nlp.language'
import { type PlacedSentence, selectSummary } from './nlp.summary'

const emptyCorpus: CorpusStats = { documents: 0, frequency: new Map() }
/** The shipped model with its keyphraseness lexicon ignored: every phrase and word reads as unseen. */
const withoutLexicon: KeyphraseModel | null = KEYPHRASE_MODEL && { ...KEYPHRASE_MODEL, lexicon: undefined }

describe('local analysis of English text', () => {
  const prepared = prepareText({
    title: CORAL_TITLE,
    blocks: CORAL_PARAGRAPHS,
    metadata: ['reef-survey_2024.pdf'],
  })

  it('detects the language', () => {
    expect(prepared.language).toBe('en')
  })

  it('summarises with 2 to 4 of the document’s own sentences, in document order', () => {
    expect(prepared.summary.length).toBeGreaterThanOrEqual(2)
    expect(prepared.summary.length).toBeLessThanOrEqual(4)
    const positions = prepared.summary.map((sentence) => CORAL_PARAGRAPHS.indexOf(sentence))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    // The central sentences are the ones about bleaching reefs, not the one on acidification.
    expect(prepared.summary.join(' ')).toMatch(/coral bleaching/)
    expect(prepared.summary).not.toContain(CORAL_PARAGRAPHS[5])
  })

  it('tags the key phrases and no stop words', () => {
    const tags = rankKeyphrases(prepared.candidates, emptyCorpus)
    expect(tags).toEqual(expect.arrayContaining(['coral bleaching', 'coral reefs']))
    expect(tags.length).toBeGreaterThanOrEqual(3)
    expect(tags.length).toBeLessThanOrEqual(8)
    for (const word of tags.flatMap((tag) => tag.split(' '))) {
      expect(isStopWord(word), word).toBe(false)
      expect(['the', 'and', 'of', 'in', 'that', 'their', 'with', 'too', 'we']).not.toContain(word)
    }
  })

  it('asks no topic when the text states no limitation, future work, comparison, hypothesis or choice', () => {
    // Not three templated questions built from its tags: a topic must be grounded in the text.
    expect(prepared.topics).toEqual([])
  })

  it('is deterministic', () => {
    const again = prepareText({
      title: CORAL_TITLE,
      blocks: CORAL_PARAGRAPHS,
      metadata: ['reef-survey_2024.pdf'],
    })
    expect(again).toEqual(prepared)
  })
})

describe('English phrases', () => {
  it('keeps hyphenated compounds and meaningful capitals, and never tags abbreviations', () => {
    const blocks = [
      'We mapped the visual-cortex fMRI response in five sessions.',
      'The visual-cortex fMRI response grew with long-range motion, vs. static dots.',
      'Long-range motion drove the visual-cortex fMRI response in every subject.',
      'STIMULUS PROTOCOL: moving dots vs static dots, then RMSE per subject.',
    ]
    const prepared = prepareText({ title: 'Motion and the visual cortex', blocks, metadata: [] })
    const tags = rankKeyphrases(prepared.candidates, emptyCorpus)
    expect(tags).toContain('visual-cortex fMRI response')
    expect(tags).toContain('long-range motion')
    expect(tags.join(' ')).not.toMatch(/\bvs\b/)
    const labels = prepared.candidates.map((candidate) => candidate.label)
    expect(labels).toContain('stimulus protocol')
    expect(labels).toContain('RMSE')
    expect(labels.join(' ')).not.toMatch(/STIMULUS|\bvs\b/)
  })
})

describe('English candidate phrases', () => {
  const labelsOf = (text: string) =>
    prepareText({ title: '', blocks: [text], metadata: [] }).candidates.map((candidate) => candidate.label)

  it('joins compounds written with an en dash, and only without spaces around it', () => {
    const labels = labelsOf('Cracks start at the steel–concrete interface. Results – as expected – vary.')
    expect(labels).toContain('steel-concrete interface')
    expect(labels.some((label) => label.includes('results –'))).toBe(false)
  })

  it.each([
    [
      'keeps a past participle that opens a noun phrase, not a verb inside a clause',
      'Chlorides corrode the reinforced concrete structures near the coast. The team used impressed current cathodic protection. We recorded temperatures.',
      ['reinforced concrete structures', 'impressed current cathodic protection', 'temperatures'],
      // "used" and "recorded" follow their subjects: they are the verbs of their sentences.
      /\bused\b|\brecorded\b/,
    ],
    [
      'does not end a phrase on a preposition in -ing',
      'Inspectors collected information concerning bridge decks during winter.',
      ['information', 'bridge decks'],
      /concerning/,
    ],
    [
      'drops grading adjectives from the front of a phrase',
      'We computed the corresponding eigenvalues with an accurate estimation of the spectral gap.',
      ['eigenvalues', 'estimation', 'spectral gap'],
      /corresponding|accurate/,
    ],
  ] as [string, string, string[], RegExp][])('%s', (_what, text, kept, dropped) => {
    const labels = labelsOf(text)
    for (const label of kept) expect(labels).toContain(label)
    expect(labels.join(' | ')).not.toMatch(dropped)
  })

  it('ranks a phrase on a generic head ("results") below one that names a thing, all else equal', () => {
    // Keys hold lemmas, labels the text's words.
    const candidate = (key: string, label: string, first: number) => ({
      key,
      label,
      count: 2,
      first,
      words: 2,
      score: 1,
    })
    // All else equal includes what the training documents said of these phrases: no lexicon here
    // (the shipped one has seen "noise level" as a keyphrase 3 times in 4; see the fifth round).
    const tags = rankKeyphrases(
      [
        candidate('simulation result', 'simulation results', 1),
        candidate('noise level', 'noise level', 2),
        candidate('lattice model', 'lattice model', 3),
      ],
      emptyCorpus,
      8,
      withoutLexicon,
    )
    expect(tags).toEqual(['lattice model', 'simulation results', 'noise level'])
    const alone = (key: string) => ({ key, label: key, count: 3, first: 1, words: 1, score: 1 })
    expect(rankKeyphrases([alone('problem'), alone('time'), alone('lattice')], emptyCorpus)).toEqual([
      'lattice',
    ])
  })

  it('favours what a long text names first over a slightly stronger phrase it names late', () => {
    const candidate = (key: string, first: number, score: number) => ({
      key,
      label: key,
      count: 2,
      first,
      words: 2,
      score,
    })
    const tags = rankKeyphrases(
      [candidate('late topic', 400, 1.2), candidate('early topic', 0, 1)],
      emptyCorpus,
    )
    expect(tags).toEqual(['early topic', 'late topic'])
  })

  it('never tags a lone unit of measure', () => {
    const prepared = prepareText({
      title: '',
      blocks: [
        'Samples were polished for 5 min at 300 rpm. After 5 min the polished samples were rinsed. Each 5 min step used fresh diamond suspension.',
      ],
      metadata: [],
    })
    const tags = rankKeyphrases(prepared.candidates, emptyCorpus, 10)
    expect(tags).toContain('fresh diamond suspension')
    expect(tags).not.toContain('min')
    expect(tags).not.toContain('rpm')
  })
})

describe('the keyphrase model', () => {
  const prepared = prepareText({ title: CORAL_TITLE, blocks: CORAL_PARAGRAPHS, metadata: [] })

  it('ranks by the fitted model, not the hand-set score (golden example)', () => {
    // The weights in nlp.keyphrases.model.ts (npm run train:keyphrases) decide these ten tags; a
    // new fit may change them, ignoring the file changes them back to the hand-set ranking below.
    expect(KEYPHRASE_MODEL).not.toBeNull()
    const tags = rankKeyphrases(prepared.candidates, emptyCorpus, 10)
    expect(tags).toEqual([
      'coral reefs',
      'coral bleaching',
      'heat waves',
      'ocean temperatures',
      'calcium carbonate skeletons',
      'satellite data',
      'cutting greenhouse gas emissions',
      'marine heat waves',
      'great barrier reef',
      'local pollution',
    ])
    expect(rankKeyphrases(prepared.candidates, emptyCorpus, 10, null)).toEqual([
      'coral bleaching',
      'coral reefs',
      'ocean temperatures',
      'repeated coral bleaching events',
      'exposed coral reefs',
      'great barrier reef',
      'marine heat waves',
      'ocean acidification',
      'calcium carbonate skeletons',
      'shaded coral',
    ])
  })

  it('orders the candidates by whatever model it is given, keeping the authors’ keywords first', () => {
    // A model that only likes long phrases, and one that only dislikes them.
    const lengthModel = (weight: number): KeyphraseModel => ({
      features: ['fourWordsOrMore'],
      mean: [0],
      scale: [1],
      weights: [weight],
      bias: 0,
    })
    const long = rankKeyphrases(prepared.candidates, emptyCorpus, 3, lengthModel(5))
    expect(long[0].split(' ').length).toBeGreaterThanOrEqual(4)
    const short = rankKeyphrases(prepared.candidates, emptyCorpus, 10, lengthModel(-5))
    expect(short.every((tag) => tag.split(' ').length < 4)).toBe(true)
    const withKeywords = prepareText({
      title: CORAL_TITLE,
      blocks: ['Keywords: sea surface temperature; zooxanthellae', ...CORAL_PARAGRAPHS],
      metadata: [],
    })
    expect(rankKeyphrases(withKeywords.candidates, emptyCorpus, 4, lengthModel(5)).slice(0, 2)).toEqual([
      'sea surface temperature',
      'zooxanthellae',
    ])
  })

  it('reads the keyphraseness lexicon: what the training documents said of a phrase (fifth round)', () => {
    expect(stemKey('Quadratic Lyapunov-functions')).toBe('quadrat lyapunov function')
    // Alike but for their words: the shipped lexicon has "noise level" gold in 3 of 4 documents,
    // "simulation results" in 1 of 19; without it the earlier mention wins.
    const candidate = (key: string, first: number) => ({
      key,
      label: key,
      count: 2,
      first,
      words: 2,
      score: 1,
    })
    const pair = [candidate('simulation results', 1), candidate('noise level', 2)]
    expect(KEYPHRASE_MODEL?.lexicon?.phrases.get('nois level')).toEqual([4, 3])
    expect(rankKeyphrases(pair, emptyCorpus)).toEqual(['noise level', 'simulation results'])
    expect(rankKeyphrases(pair, emptyCorpus, 8, withoutLexicon)).toEqual([
      'simulation results',
      'noise level',
    ])
    // A model of the word rate alone, with a lexicon of its own.
    const wordModel = (lexicon?: KeyphraseLexicon): KeyphraseModel => ({
      features: ['wordGoldRate'],
      mean: [0],
      scale: [1],
      weights: [5],
      bias: 0,
      lexicon,
    })
    const filters = [candidate('particle filter', 1), candidate('kalman filter', 2)]
    const lexicon = { phrases: new Map(), words: new Map([['kalman', [10, 9] as const]]) }
    expect(rankKeyphrases(filters, emptyCorpus, 8, wordModel(lexicon))).toEqual([
      'kalman filter',
      'particle filter',
    ])
    expect(rankKeyphrases(filters, emptyCorpus, 8, wordModel())).toEqual(['particle filter', 'kalman filter'])
  })

  it('refuses a model with a feature the engine does not compute', () => {
    const unknown: KeyphraseModel = { features: ['colour'], mean: [0], scale: [1], weights: [1], bias: 0 }
    expect(() => rankKeyphrases(prepared.candidates, emptyCorpus, 5, unknown)).toThrow(/unknown feature/)
  })
})

describe('keyphrases against the corpus', () => {
  const prepared = prepareText({ title: BEES_TITLE, blocks: BEES_PARAGRAPHS, metadata: [] })

  it('lets a phrase that every post uses lose to the ones this post is about', () => {
    const alone = rankKeyphrases(prepared.candidates, emptyCorpus)
    expect(alone.slice(0, 3).some((tag) => /^honey bee/.test(tag))).toBe(true)
    expect(alone).toContain('neonicotinoid pesticides')
    expect(alone.length).toBeGreaterThanOrEqual(5)
    // In a forum where nearly every post is about honey bees, they say little about this one.
    const beeForum: CorpusStats = {
      documents: 200,
      frequency: new Map(
        ['honey bee', 'honey bee colony', 'bee colony', 'colony', 'bee', 'honey'].map((key) => [key, 190]),
      ),
    }
    const inForum = rankKeyphrases(prepared.candidates, beeForum)
    expect(inForum[0]).toBe('neonicotinoid pesticides')
    // Fewer honey-bee phrases lead (the document's own repetition weighs more, so
    // "honey bee colonies", said three times, may keep its place; the first tag no longer is one).
    const beesOnTop = (tags: string[]) => tags.slice(0, 3).filter((tag) => /honey bee/.test(tag)).length
    expect(beesOnTop(inForum)).toBeLessThan(beesOnTop(alone))
  })
})

describe('other languages', () => {
  it('segments Chinese with the platform segmenter and answers in Chinese', () => {
    const blocks = [
      '珊瑚礁是地球上最多样化的生态系统之一。海水温度上升导致珊瑚白化，珊瑚会排出生活在其组织中的共生藻类。',
      '没有这些藻类，珊瑚礁就失去了主要的食物来源并变白。海洋生物学家利用卫星数据追踪大堡礁的海面温度异常。',
      '反复的珊瑚白化事件使珊瑚礁没有足够的时间恢复。',
    ]
    const prepared = prepareText({ title: '珊瑚礁白化与海水温度', blocks, metadata: [] })
    expect(prepared.language).toBe('zh')
    const text = blocks.join('')
    for (const sentence of prepared.summary) expect(text).toContain(sentence)
    const tags = rankKeyphrases(prepared.candidates, emptyCorpus)
    expect(tags).toContain('海水温度')
    expect(tags.some((tag) => tag.includes('珊瑚'))).toBe(true)
    for (const tag of tags) expect(isStopWord(tag, 'zh')).toBe(false)
  })

  it('leaves the language undetermined when there is too little text', () => {
    const prepared = prepareText({ title: 'Hi', blocks: [], metadata: [] })
    expect(prepared.language).toBe('und')
    expect(prepared.summary).toEqual([])
  })
})

describe('bounded cost', () => {
  it('ranks a bounded number of sentences however long the document', () => {
    // 20,000 distinct sentences: all-pairs TextRank would compare 200 million pairs.
    const vocabulary = Array.from({ length: 500 }, (_, i) => `term${i}`)
    const sentences: PlacedSentence[] = Array.from({ length: 20_000 }, (_, i) => {
      const terms = Array.from({ length: 8 }, (_, k) => vocabulary[(i * 7 + k * 13) % vocabulary.length])
      const text = `Sentence ${i} about ${terms.join(' ')}.`
      return { text, words: 12, terms, phrases: [], abstract: false, block: i }
    })
    const started = Date.now()
    const { summary } = selectSummary(sentences, {})
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(summary).toHaveLength(4)
    const order = summary.map((sentence) => Number(sentence.split(' ')[1]))
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  it('keeps at most 200 candidate phrases of a long document', () => {
    const blocks = Array.from(
      { length: 2000 },
      (_, i) => `In survey ${i}, ${CORAL_PARAGRAPHS[i % CORAL_PARAGRAPHS.length].toLowerCase()}`,
    )
    const prepared = prepareText({ title: CORAL_TITLE, blocks, metadata: [] })
    expect(prepared.summary).toHaveLength(4)
    expect(prepared.candidates.length).toBeLessThanOrEqual(200)
  })
})
