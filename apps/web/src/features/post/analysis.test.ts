import { describe, expect, it } from 'vitest'
import { isAnalysisPending, readAnalysis } from './analysis'

describe('readAnalysis', () => {
  it('is null (analysing) for no analysis yet', () => {
    expect(readAnalysis('{}')).toBeNull()
    expect(readAnalysis('')).toBeNull()
    expect(readAnalysis('not json')).toBeNull()
    expect(readAnalysis('[1,2]')).toBeNull()
  })

  it('reads a finished analysis and drops tags that are not text', () => {
    expect(
      readAnalysis(JSON.stringify({ status: 'done', summary: ' A study. ', tags: ['cells', 3, ''] })),
    ).toEqual({
      status: 'done',
      summary: 'A study.',
      tags: ['cells'],
    })
  })

  it('takes a summary without a status as done', () => {
    expect(readAnalysis(JSON.stringify({ summary: 'Short.', tags: [] }))?.status).toBe('done')
  })

  it('keeps pending and failed apart', () => {
    expect(readAnalysis(JSON.stringify({ status: 'pending' }))?.status).toBe('pending')
    expect(readAnalysis(JSON.stringify({ status: 'failed', summary: '' }))?.status).toBe('failed')
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
