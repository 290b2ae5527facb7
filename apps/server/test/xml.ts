import { DOMParser } from '@xmldom/xmldom'
import { validate as validateXml } from 'fast-xml-parser'
import { expect } from 'vitest'

export const ATOM = 'http://www.w3.org/2005/Atom'

/**
 * A document read by two XML parsers that are not ours: fast-xml-parser's validator and xmldom's
 * DOM, whose every warning or error fails the test.
 */
export function strictXml(body: string) {
  expect(validateXml(body)).toBe(true)
  const errors: string[] = []
  const report = (message: string) => void errors.push(message)
  const doc = new DOMParser({
    errorHandler: { warning: report, error: report, fatalError: report },
  }).parseFromString(body, 'application/xml')
  expect(errors).toEqual([])
  return doc
}
