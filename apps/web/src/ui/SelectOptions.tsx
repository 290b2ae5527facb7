import type { ReactNode } from 'react'

export interface SelectOptionsProps<Value extends string | number> {
  values: readonly Value[]
  /** What the reader sees for a value. */
  labelOf: (value: Value) => ReactNode
}

/** A select's options, one a value, each named by `labelOf`. */
export function SelectOptions<Value extends string | number>({ values, labelOf }: SelectOptionsProps<Value>) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labelOf(value)}
    </option>
  ))
}
