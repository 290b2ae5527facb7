import { describe, expect, it } from 'vitest'
import { documentKind, documentLabel, officeViewerUrl, publicFileUrl } from './documentKind'

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

describe('publicFileUrl', () => {
  it('gives an absolute address only for a public https site', () => {
    expect(publicFileUrl('/api/v1/files/bafy', new URL('https://agora.example.org/forum'))).toBe(
      'https://agora.example.org/api/v1/files/bafy',
    )
    expect(publicFileUrl('/api/v1/files/bafy', new URL('http://agora.example.org/'))).toBeNull()
    for (const host of ['localhost', '127.0.0.1', '192.168.1.20', '10.0.0.5', '172.20.1.1', 'box.local']) {
      expect(publicFileUrl('/f', new URL(`https://${host}/`)), host).toBeNull()
    }
  })

  it('passes the file address to the Office viewer encoded', () => {
    expect(officeViewerUrl('https://a.example/api/v1/files/x?y=1')).toBe(
      'https://view.officeapps.live.com/op/embed.aspx?src=https%3A%2F%2Fa.example%2Fapi%2Fv1%2Ffiles%2Fx%3Fy%3D1',
    )
  })
})
