import { type ReactNode, useId } from 'react'

export interface RadioGroupProps<Value extends string> {
  legend: ReactNode
  legendClassName?: string
  /** The fieldset's class (its layout). */
  className: string
  /** Each option's label class. */
  optionClassName: string
  options: readonly Value[]
  /** The chosen option (none yet: null). */
  value: Value | null
  onChange: (value: Value) => void
  /** What an option's label says, after its radio button. */
  labelOf: (value: Value) => ReactNode
  disabled?: boolean
  'aria-describedby'?: string
}

/** One choice among a few: a fieldset named by its legend, a labelled radio button an option. */
export function RadioGroup<Value extends string>({
  legend,
  legendClassName,
  className,
  optionClassName,
  options,
  value,
  onChange,
  labelOf,
  disabled,
  'aria-describedby': describedBy,
}: RadioGroupProps<Value>) {
  const name = useId()
  return (
    <fieldset className={className} disabled={disabled} aria-describedby={describedBy}>
      <legend className={legendClassName}>{legend}</legend>
      {options.map((option) => (
        <label key={option} className={optionClassName}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {labelOf(option)}
        </label>
      ))}
    </fieldset>
  )
}
