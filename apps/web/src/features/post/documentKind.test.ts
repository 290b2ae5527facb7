import { describe, expect, it } from 'vitest'
import { documentKind, documentLabel } from './documentKind'

const file = (mime: string, name = 'file') => ({ mime, name })

describe('documentKind', () => {
  it('previews PDF, text, Markdown and DOCX in the page', () => {
    expect(documentKind(file('application/pdf', 'paper.pdf'))).toBe('pdf')
    expect(documentKind(file('text/plain; charset=utf-8', 'notes.txt'))).toBe('text')
    expect(documentKind(file('text/markdown', 'README'))).toBe('markdown')
    expect(documentKind(file('text/plain', 'notes.md'))).toBe('markdown')
    expect(
      documentKind(file('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx')),
    ).toBe('docx')
  })

  it('treats the other Office formats as download-only, by type not by name', () => {
    expect(documentKind(file('application/vnd.ms-excel', 'a.xls'))).toBe('office')
    expect(
      documentKind(file('application/vnd.openxmlformats-officedocument.presentationml.presentation')),
    ).toBe('office')
    expect(documentKind(file('application/msword', 'a.doc'))).toBe('office')
    expect(documentKind(file('application/octet-stream', 'a.pdf'))).toBe('other')
  })
})

describe('documentLabel', () => {
  it('names the family of an Office file', () => {
    expect(documentLabel(file('application/msword'))).toBe('word')
    expect(documentLabel(file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe(
      'sheet',
    )
    expect(documentLabel(file('application/vnd.ms-powerpoint'))).toBe('slides')
    expect(documentLabel(file('application/zip'))).toBe('file')
  })
})
