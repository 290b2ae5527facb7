import { describe, expect, it } from 'vitest'
import {
  ANALYSIS_POLL_MS,
  ANALYSIS_POLL_WINDOW_MS,
  analysisPollInterval,
  analysisPollingStopped,
  isAnalysisPending,
  readAnalysis,
  restartAnalysisPolling,
} from './analysis'

describe('readAnalysis', () => {
  it('is null (analysing) for no analysis yet', () => {
    expect(readAnalysis('{}')).toBeNull()
    expect(readAnalysis('')).toBeNull()
    expect(readAnalysis('not json')).toBeNull()
    expect(readAnalysis('[1,2]')).toBeNull()
  })

  it('reads a finished analysis and drops tags and topics that are not text', () => {
    expect(
      readAnalysis(
        JSON.stringify({
          status: 'done',
          summary: ' A study. ',
          tags: ['cells', 3, ''],
          topics: ['How were cells counted?', null],
          engine: 'openai-compatible',
          model: 'llama3',
          language: 'en',
          fallback_reason: '',
          truncated: true,
        }),
      ),
    ).toEqual({
      status: 'done',
      tldr: null,
      summary: 'A study.',
      tags: ['cells'],
      topics: ['How were cells counted?'],
      topicSources: new Map(),
      focus: [],
      engine: 'openai-compatible',
      model: 'llama3',
      language: 'en',
      error: null,
      fallbackReason: null,
      truncated: true,
    })
  })

  it('reads the TLDR, the sentence each topic comes from (and where it stands) and the focus', () => {
    const analysis = readAnalysis(
      JSON.stringify({
        status: 'done',
        tldr: 'We propose a faster solver.',
        summary: 'We propose a faster solver. It scales.',
        tags: [],
        topics: ['How could the limitation be addressed?', 'Does it hold?'],
        topic_sources: [
          {
            topic: 'How could the limitation be addressed?',
            sentence: 'It cannot scale.',
            kind: 'limitation',
            cid: 'bafkreib',
            page: 3,
          },
          { topic: 'Does it hold?', sentence: 'It is faster than X.', kind: 'bragging', page: 0 },
          { topic: 'No sentence' },
        ],
        focus: ['security', 4],
        engine: 'local',
        language: 'en',
      }),
    )
    expect(analysis?.tldr).toBe('We propose a faster solver.')
    expect(analysis?.focus).toEqual(['security'])
    expect([...(analysis?.topicSources ?? [])]).toEqual([
      [
        'How could the limitation be addressed?',
        { sentence: 'It cannot scale.', kind: 'limitation', cid: 'bafkreib', page: 3 },
      ],
      ['Does it hold?', { sentence: 'It is faster than X.', kind: null, cid: null, page: null }],
    ])
  })

  it('takes a summary without a status as done, from the local engine unless it says otherwise', () => {
    const analysis = readAnalysis(JSON.stringify({ summary: 'Short.', tags: [], engine: 'gpt' }))
    expect(analysis?.status).toBe('done')
    expect(analysis?.engine).toBeNull()
    expect(analysis?.topics).toEqual([])
  })

  it('keeps pending and failed apart, with the reason of a failure', () => {
    expect(readAnalysis(JSON.stringify({ status: 'pending' }))?.status).toBe('pending')
    const failed = readAnalysis(
      JSON.stringify({ status: 'failed', summary: '', error: 'The PDF is damaged' }),
    )
    expect(failed?.status).toBe('failed')
    expect(failed?.error).toBe('The PDF is damaged')
  })
})

describe('isAnalysisPending', () => {
  it('is true until the analysis is done or failed', () => {
    expect(isAnalysisPending('{}')).toBe(true)
    expect(isAnalysisPending(JSON.stringify({ status: 'pending' }))).toBe(true)
    expect(isAnalysisPending(JSON.stringify({ status: 'done', summary: 'x' }))).toBe(false)
    expect(isAnalysisPending(JSON.stringify({ status: 'failed' }))).toBe(false)
  })
})

describe('analysisPollInterval', () => {
  const pending = (id: string) => ({ id, ai_analysis: JSON.stringify({ status: 'pending' }) })
  const done = (id: string) => ({ id, ai_analysis: JSON.stringify({ status: 'done', summary: 'x' }) })

  it('polls while pending, within a window that starts when pending is first seen', () => {
    expect(analysisPollInterval(pending('a'), 1_000)).toBe(ANALYSIS_POLL_MS)
    expect(analysisPollInterval(pending('a'), 1_000 + ANALYSIS_POLL_WINDOW_MS - 1)).toBe(ANALYSIS_POLL_MS)
    expect(analysisPollingStopped(pending('a'), 1_000 + ANALYSIS_POLL_WINDOW_MS - 1)).toBe(false)
    expect(analysisPollInterval(pending('a'), 1_000 + ANALYSIS_POLL_WINDOW_MS)).toBe(false)
    expect(analysisPollingStopped(pending('a'), 1_000 + ANALYSIS_POLL_WINDOW_MS)).toBe(true)
  })

  it('stops once the analysis is done or failed, and a later pending (a re-run) gets a new window', () => {
    expect(analysisPollInterval(pending('b'), 0)).toBe(ANALYSIS_POLL_MS)
    expect(analysisPollInterval(done('b'), 10_000)).toBe(false)
    expect(analysisPollInterval(pending('b'), 10 * ANALYSIS_POLL_WINDOW_MS)).toBe(ANALYSIS_POLL_MS)
  })

  it('opens a new window when asked to check again', () => {
    expect(analysisPollInterval(pending('c'), 0)).toBe(ANALYSIS_POLL_MS)
    expect(analysisPollInterval(pending('c'), ANALYSIS_POLL_WINDOW_MS)).toBe(false)
    restartAnalysisPolling('c')
    expect(analysisPollInterval(pending('c'), ANALYSIS_POLL_WINDOW_MS + 5)).toBe(ANALYSIS_POLL_MS)
  })

  it('does nothing without a post', () => {
    expect(analysisPollInterval(undefined)).toBe(false)
  })
})
