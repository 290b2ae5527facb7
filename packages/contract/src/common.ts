import Type, { type Static } from 'typebox'

/** Every error answer: a sentence for people, a stable code for programs, and per-field problems. */
export const ErrorResponse = Type.Object(
  {
    detail: Type.String(),
    code: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorResponse' },
)
export type ErrorResponse = Static<typeof ErrorResponse>

/** A message-only answer, as the spec's delete and logout calls give. */
export const MessageResponse = Type.Object({ message: Type.String(), status: Type.Optional(Type.String()) })
export type MessageResponse = Static<typeof MessageResponse>

/** Form fields arrive as strings; booleans are accepted as true/false/1/0/on/off. */
export const FormBoolean = Type.Union([
  Type.Boolean(),
  Type.String({ pattern: '^(true|false|1|0|on|off|yes|no)$' }),
])

export function formBoolean(value: boolean | string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value === 'boolean') return value
  return ['true', '1', 'on', 'yes'].includes(value)
}

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
})
export type HealthResponse = Static<typeof HealthResponse>
