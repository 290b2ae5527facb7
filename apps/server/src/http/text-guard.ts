import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BadRequestError } from './errors'

/**
 * Control characters in what people send: a NUL cannot even be stored (PostgreSQL text
 * refuses it, which used to surface as a 500), and the other C0 controls and DEL have no place in a
 * title, a name or a comment. Tab, line feed and carriage return are text. Checked for every JSON or
 * form body, query and path before validation, so each route sees clean text; multipart fields are
 * checked where they are read (features/files, `refuseControlCharacters`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** The path of the first string under `value` holding a control character, or null. */
function controlAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null
  if (depth > 32 || value === null || typeof value !== 'object') return null
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL.test(key)) return path ? `${path}.${key}` : key
    const found = controlAt(item, path ? `${path}.${key}` : key, depth + 1)
    if (found !== null) return found
  }
  return null
}

/** Refuses text with a control character, naming the field. */
export function refuseControlCharacters(value: unknown, where = '') {
  const field = controlAt(value, where)
  if (field === null) return
  const name = field || 'the text'
  throw new BadRequestError('control_characters', {
    params: { field: name },
    errors: [{ field: name, message: 'must not contain control characters' }],
  })
}

export function guardText(app: FastifyInstance) {
  // A callback hook, not an async one: every request passes here.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    try {
      refuseControlCharacters(request.params)
      refuseControlCharacters(request.query)
      refuseControlCharacters(request.body)
    } catch (error) {
      return done(error as Error)
    }
    done()
  })
}

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a name they
 * only serve to make it read as something else ("‮fdp.exe" shows as "exe.pdf"). Removed from names.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g

export function withoutBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '')
}
