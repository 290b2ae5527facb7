import './Spinner.css'

/** A small spinning ring, decorative: the control or text beside it says what is happening. */
export function Spinner({ size = 16 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />
}
