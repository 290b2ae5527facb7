/** A column heading: its text, or its text and class. */
export type TableColumn = string | { label: string; className?: string }

/** A table's column headings, in order; a `false` one (a column not shown to this reader) is left out. */
export function TableHead({ columns }: { columns: readonly (TableColumn | false)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          if (column === false) return null
          const { label, className } =
            typeof column === 'string' ? { label: column, className: undefined } : column
          return (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}
