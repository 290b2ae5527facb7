import Type, { type TArray, type TNull, type TObject, type TSchema, type TString, type TUnion } from 'typebox'
import { Nullable } from './common'

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

/** What a keyset-paged list takes: the previous answer's `next_cursor` and how many (default 20). */
export const PageQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
})

/** A keyset-paged list's answer: one page of items and where the next starts (null: the last page). */
export function PageOf<T extends TSchema>(
  item: T,
): TObject<{ items: TArray<T>; next_cursor: TUnion<[TString, TNull]> }> {
  return Type.Object({ items: Type.Array(item), next_cursor: Nullable(Type.String()) })
}

/** When something happened: an ISO 8601 time. */
export const Timestamp = Type.String()
