import Type, { type TObject, type TSchema } from 'typebox'

// Groups of properties and builders that answers of several features share. Building blocks of the
// contract's schemas, like user-fields.ts, so index.ts does not export them.

/** One property per name, in the names' order, each the same schema: a set of flags. */
export function SameFields<const Names extends readonly string[], T extends TSchema>(
  names: Names,
  schema: T,
): TObject<{ [Name in Names[number]]: T }> {
  // fromEntries() forgets which names it was given; the declared return type says them again.
  return Type.Object(Object.fromEntries(names.map((name) => [name, schema]))) as never
}

/** A record's id under both of the spec's names: `_id` (as the first client reads it) and `id`. */
export const BothIds = Type.Object({ _id: Type.String(), id: Type.String() })
