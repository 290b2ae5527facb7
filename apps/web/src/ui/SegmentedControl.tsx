import { type ReactNode, useId } from 'react'
import './SegmentedControl.css'

export interface SegmentedOption<V extends string> {
  value: V
  label: string
  icon?: ReactNode
  lang?: string
}

export interface SegmentedControlProps<V extends string> {
  legend: string
  options: readonly SegmentedOption<V>[]
  value: V
  onChange: (value: V) => void
}

/** One choice of a few, as native radio buttons (arrow keys move between them) drawn as a segmented bar. */
export function SegmentedControl<V extends string>({
  legend,
  options,
  value,
  onChange,
}: SegmentedControlProps<V>) {
  const name = useId()
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{legend}</legend>
      <div className="segmented__options">
        {options.map((option) => (
          <label key={option.value} className="segmented__option" lang={option.lang}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span className="segmented__face">
              {option.icon}
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
