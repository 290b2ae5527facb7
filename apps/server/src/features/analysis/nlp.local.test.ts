import { describe, expect, it } from 'vitest'
import { isTagShaped } from './nlp.keyphrases'
import { localAnalysis } from './nlp.local'
import { structureOf } from './nlp.structure'
import { parseAnswer } from './remote-engine'

/** The local analysis's later steps: structure, TLDR, grounded topics, focus, Chinese. */

// A golden abstract (written for this test) in the shape of a paper's first page.
const TITLE = 'Certified stability of switched systems with quadratic Lyapunov functions'
const PAPER = [
  'Jane Doe, Example University',
  'Abstract',
  'Switched linear systems appear in power converters and networked control. ' +
    'Proving their stability usually requires a common Lyapunov function, which is hard to find. ' +
    'We propose a semidefinite programming method that searches for quadratic Lyapunov functions under arbitrary switching. ' +
    'Compared with sum-of-squares relaxations, our method certifies stability twenty times faster on benchmark converters. ' +
    'However, the method cannot handle systems with state-dependent switching, a limitation we discuss.',
  'Keywords: switched systems; quadratic Lyapunov function; semidefinite programming',
  '1. Introduction',
  'Switched systems combine continuous dynamics with discrete switching between modes. ' +
    'A quadratic Lyapunov function that decreases in every mode proves stability under arbitrary switching. ' +
    'Semidefinite programming finds such a function when one exists. ' +
    'The security of the controller firmware is outside the scope of this stability analysis.',
  '5. Conclusion',
  'In future work we plan to extend the semidefinite programming method to state-dependent switching.',
  'References',
  '[1] A. Author. Switched systems. Journal of Control, 2001.',
]

describe('document structure', () => {
  it('finds the abstract, the keywords line and the headings, and stops at the references', () => {
    const structure = structureOf(PAPER)
    expect(structure.authorKeywords).toEqual([
      'switched systems',
      'quadratic Lyapunov function',
      'semidefinite programming',
    ])
    expect(structure.body.filter((block) => block.abstract)).toHaveLength(1)
    expect(structure.body.filter((block) => block.heading).map((block) => block.text)).toEqual(
      expect.arrayContaining(['1. Introduction', '5. Conclusion']),
    )
    expect(structure.body.map((block) => block.text).join(' ')).not.toMatch(/Journal of Control/)
  })
})

describe('an English paper', () => {
  const result = localAnalysis({ title: TITLE, blocks: PAPER, instruction: '' }, null)

  it('puts the authors’ keywords first, as noun phrases of the text', () => {
    expect(result.tags.slice(0, 3)).toEqual([
      'switched systems',
      'quadratic Lyapunov function',
      'semidefinite programming',
    ])
    for (const tag of result.tags) expect(tag.split(' ').length).toBeLessThanOrEqual(5)
    // Single generic words and one-word pieces of chosen phrases are not tags.
    expect(result.tags).not.toContain('method')
    expect(result.tags).not.toContain('stability')
  })

  it('lists the post’s own tags before everything else', () => {
    const tagged = localAnalysis(
      { title: TITLE, blocks: PAPER, instruction: '', tags: ['control theory'] },
      null,
    )
    expect(tagged.tags.slice(0, 4)).toEqual([
      'control theory',
      'switched systems',
      'quadratic Lyapunov function',
      'semidefinite programming',
    ])
  })

  it('gives a one-sentence TLDR stating the contribution, and a summary from the abstract', () => {
    expect(result.tldr).toBe(
      'We propose a semidefinite programming method that searches for quadratic Lyapunov functions under arbitrary switching.',
    )
    const abstract = PAPER[2]
    expect(result.summary.length).toBeGreaterThan(result.tldr.length)
    for (const sentence of result.summary.split(/(?<=\.)\s+/)) expect(abstract).toContain(sentence)
  })

  it('asks about the limitation, the future work and the comparison, each with its sentence', () => {
    const kinds = result.topicSources.map((topic) => topic.kind)
    expect(kinds).toEqual(['limitation', 'future', 'comparison'])
    const limitation = result.topicSources[0]
    expect(limitation.sentence).toBe(
      'However, the method cannot handle systems with state-dependent switching, a limitation we discuss.',
    )
    expect(limitation.topic).toMatch(/limitation/)
    expect(result.topics).toEqual(result.topicSources.map((topic) => topic.topic))
    expect(result.focus).toEqual([])
  })

  it('lets the author’s instruction change what is picked, and says what it focused on', () => {
    const focused = localAnalysis(
      { title: TITLE, blocks: PAPER, instruction: 'Focus on the security implications' },
      null,
    )
    expect(focused.focus).toEqual(['security'])
    expect(focused.summary).toMatch(/security of the controller firmware/)
    expect(result.summary).not.toMatch(/security/)
    expect(focused.tags.some((tag) => /security/.test(tag))).toBe(true)
  })

  it('does not claim a focus the text cannot give', () => {
    const focused = localAnalysis(
      { title: TITLE, blocks: PAPER, instruction: 'Focus on the ethics of gene editing' },
      null,
    )
    expect(focused.focus).toEqual([])
    expect(focused.summary).toBe(result.summary)
  })
})

describe('a Chinese document', () => {
  const blocks = [
    '摘要',
    '深度学习模型在医学影像诊断中取得了显著进展。本文提出一种轻量级卷积神经网络，用于肺部结节的自动检测。与传统方法相比，该模型在公开数据集上的检测准确率提高了百分之五。',
    '关键词：卷积神经网络；肺部结节；医学影像',
    '然而，该模型在小样本数据上的表现仍然存在局限。未来工作将探索半监督学习以减少对标注数据的依赖。',
  ]
  const result = localAnalysis({ title: '轻量级卷积神经网络用于肺部结节检测', blocks, instruction: '' }, null)

  it('is analysed in Chinese, segmented into words', () => {
    expect(result.language).toBe('zh')
    expect(result.tags.slice(0, 3)).toEqual(['卷积神经网络', '肺部结节', '医学影像'])
    expect(result.tldr).toBe('本文提出一种轻量级卷积神经网络，用于肺部结节的自动检测。')
    // Verbs and function words of research prose do not glue onto the nouns ("神经网络用于").
    for (const tag of result.tags) expect(tag).not.toMatch(/用于|本文|提出|一种/u)
  })

  it('follows an instruction written in Chinese', () => {
    const focused = localAnalysis(
      { title: '轻量级卷积神经网络用于肺部结节检测', blocks, instruction: '请重点关注数据集' },
      null,
    )
    expect(focused.focus.length).toBeGreaterThan(0)
    expect(focused.tags.slice(3).some((tag) => tag.includes('数据'))).toBe(true)
  })

  it('asks its topics in Chinese, from its own sentences', () => {
    expect(result.topicSources.map((topic) => topic.kind)).toEqual(['limitation', 'future', 'comparison'])
    for (const topic of result.topicSources) {
      expect(blocks.join('')).toContain(topic.sentence)
      expect(topic.topic).toMatch(/[\u4e00-\u9fff]/u)
      expect(topic.topic).toMatch(/？$/u)
    }
  })
})

describe('page furniture', () => {
  it('drops running heads and page numbers that repeat on every page', () => {
    const page = (n: number) => [
      'Journal of Reef Science Vol 12',
      String(n),
      `Survey ${n} found coral bleaching on the shallow reef flats after the marine heat wave.`,
    ]
    const blocks = [1, 2, 3, 4].flatMap(page)
    const structure = structureOf(blocks)
    expect(structure.body.map((block) => block.text)).toEqual(
      blocks.filter((block) => block.startsWith('Survey')),
    )
    const result = localAnalysis({ title: 'Reef surveys', blocks, instruction: '' }, null)
    expect(result.tags.join(' ')).not.toMatch(/journal/i)
  })
})

describe('summary sentences', () => {
  it('never picks bullets, code, links, figure captions or citation lists', () => {
    const blocks = [
      'Coral reefs bleach when ocean temperatures stay high for several weeks in a row.',
      '- Coral reefs bleach in warm water and the surveys of coral reefs show it every year.',
      'Figure 2. Coral reefs bleached in warm water during the surveys of the coral reefs.',
      'The code sets coral_reefs = bleach(warm_water) for every survey of the coral reefs;',
      'Earlier surveys of coral reefs [3] [4, 5] found bleaching of coral reefs in warm water.',
      'See https://example.org/coral-reefs for the surveys of coral reefs in warm water.',
      'Surveys of coral reefs show that bleaching in warm water is now an annual event.',
      'Shaded coral reefs bleached less often than exposed coral reefs in warm water.',
    ]
    const result = localAnalysis({ title: 'Coral reefs in warm water', blocks, instruction: '' }, null)
    const chosen = result.summary.split(/(?<=\.)\s+/)
    expect(chosen.length).toBeGreaterThanOrEqual(2)
    for (const sentence of chosen) expect([blocks[0], blocks[6], blocks[7]]).toContain(sentence)
    expect([blocks[0], blocks[6], blocks[7]]).toContain(result.tldr)
  })
})

describe('suggested tags', () => {
  it('are words: never a one-letter variable, a two-character symbol like dT, or a symbol', () => {
    const text =
      'The temperature step dT drives the heat flux. We measure dT at each sensor. A larger dT means ' +
      'more flux. The dT of the probe follows the heater. Heat flux scales with dT. Let x be the ' +
      'state of the sensor and x its reading; the probe reads x twice.'
    const { tags } = localAnalysis({ title: 'Heat flux in a probe', blocks: [text], instruction: '' }, null)
    expect(tags).toContain('heat flux')
    for (const tag of tags) expect(isTagShaped(tag), tag).toBe(true)
    expect(tags).not.toContain('dT')
    expect(tags).not.toContain('x')
  })

  it('keep the rule in every script: two letters and three characters, two in Chinese', () => {
    expect(['dT', 'x', 'Δ', '#', '∂T', 'a1'].filter(isTagShaped)).toEqual([])
    expect(['EEG', 'heat flux', 'ΔT ratio', '蛋白', 'fMRI'].every(isTagShaped)).toBe(true)
  })

  it('from an AI service follow it too', () => {
    const answer = parseAnswer(
      JSON.stringify({ summary: 'S.', tags: ['dT', 'heat flux', 'x'], topics: ['t'] }),
    )
    expect(answer.tags).toEqual(['heat flux'])
  })

  it('still keep the authors own short tags', () => {
    const { tags } = localAnalysis(
      {
        title: 'Heat flux in a probe',
        blocks: ['Heat flux scales with the step.'],
        instruction: '',
        tags: ['dT'],
      },
      null,
    )
    expect(tags[0]).toBe('dT')
  })
})
