// What the fuzzer sends: values near what a schema asks for, and hostile ones that are not.
import fc from 'fast-check'
import type { Schema } from './routes'

/** Strings chosen to break parsers, queries, paths and renderers. */
const NASTY_STRINGS = [
  '',
  ' ',
  "' OR '1'='1' --",
  "'; drop table posts; --",
  '1; select pg_sleep(0)',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  'a\u0000b',
  '\u0000',
  '%00',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  'zero\u200bwidth\u200d',
  '\ufeffbom',
  '👩‍🔬🧪🇨🇳',
  'e\u0301', // NFD
  '\u00e9', // NFC
  'مرحبا بالعالم',
  '__proto__',
  'constructor',
  'prototype',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-0',
  '9'.repeat(400),
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '#{7*7}{{7*7}}<%= 7*7 %>',
  '\r\nX-Injected: 1',
  'null',
  'true',
  '[]',
  '{}',
  '%',
  '%ZZ',
  '\\',
]

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  // Any code units, lone surrogates included.
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Longer than any field allows.
  { weight: 1, arbitrary: fc.constantFrom(1_001, 20_001, 200_000).map((length) => 'a'.repeat(length)) },
)

const nastyNumber = fc.constantFrom(
  -1,
  0,
  2 ** 31,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER * 10,
  1e308,
  -1e308,
  0.5,
  Number.MIN_VALUE,
)

/** Nested `depth` levels deep: arrays and objects alike. */
function nested(depth: number, object: boolean): unknown {
  let value: unknown = 'leaf'
  for (let level = 0; level < depth; level++) value = object ? { a: value } : [value]
  return value
}

/** Any JSON value, shaped to trouble a handler that expected something else. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(20, 300).chain((depth) => fc.boolean().map((o) => nested(depth, o))),
  },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

export interface Vocabulary {
  /** Real ids, names and CIDs from the test database, so near-valid input reaches past the lookups. */
  known: string[]
}

function schemaTypes(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  return schema.type ? [schema.type] : []
}

/** Mostly a value that fits the schema, at times a hostile one. */
export function fuzzValue(schema: Schema, vocabulary: Vocabulary): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: nearValid(schema, vocabulary) },
    { weight: 1, arbitrary: nastyValue },
  )
}

/** A value the schema accepts (strings may still be odd unicode); the ids and names are real ones. */
function nearValid(schema: Schema, vocabulary: Vocabulary): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (alternatives?.length) return fc.oneof(...alternatives.map((part) => nearValid(part, vocabulary)))
  const [type] = schemaTypes(schema)
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.constantFrom(...vocabulary.known),
        // Short strings keep runs fast, but never shorter than the schema's minimum (a review's 200).
        fc.string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 60, 60)),
        }),
      )
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 })
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true })
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', 'yes'))
    case 'array':
      return fc.array(schema.items ? fuzzValue(schema.items, vocabulary) : nastyValue, { maxLength: 12 })
    case 'object':
      return fuzzObject(schema, vocabulary)
    default:
      return nastyValue
  }
}

/**
 * An object with the schema's properties: a third of the time all near-valid (to reach the handler
 * behind the validation), otherwise with hostile values, a required field missing or strangers added.
 */
export function fuzzObject(schema: Schema, vocabulary: Vocabulary): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {})
  const keys = properties.map(([name]) => name)
  const required = (schema.required ?? []).filter((name) => keys.includes(name))
  const shaped = (value: (property: Schema) => fc.Arbitrary<unknown>) =>
    fc.record(Object.fromEntries(properties.map(([name, property]) => [name, value(property)])), {
      requiredKeys: required,
    })
  return fc.oneof(
    { weight: 1, arbitrary: shaped((property) => nearValid(property, vocabulary)) },
    {
      weight: 2,
      arbitrary: hostileObject(
        shaped((property) => fuzzValue(property, vocabulary)),
        keys,
      ),
    },
  )
}

/** An object every property of which is near what the schema asks (all of them present). */
export function nearValidObject(
  schema: Schema,
  vocabulary: Vocabulary,
): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, property]) => [
        name,
        nearValid(property, vocabulary),
      ]),
    ),
  )
}

/** Control characters that must never reach the database (a NUL cannot be stored at all). */
export const CONTROL_STRINGS = ['a\u0000b', '\u0000', 'bell\u0007', 'form\u000cfeed', 'del\u007f'] as const

function hostileObject(
  records: fc.Arbitrary<Record<string, unknown>>,
  keys: string[],
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      records,
      keys.length
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.constantFrom(...keys) },
          )
        : fc.constant(null),
      fc.dictionary(
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'user_id'), nastyString),
        nastyValue,
        {
          maxKeys: 2,
        },
      ),
    )
    .map(([record, dropped, extra]) => {
      // Sometimes a required field goes missing; sometimes unknown ones ride along.
      const value: Record<string, unknown> = { ...record }
      if (dropped) delete value[dropped]
      for (const [name, extraValue] of Object.entries(extra)) {
        Object.defineProperty(value, name, {
          value: extraValue,
          enumerable: true,
          configurable: true,
          writable: true,
        })
      }
      return value
    })
}
