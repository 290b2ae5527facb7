import { Button } from '../../ui/Button'
import { CompareVersions } from '../../ui/HistoryDialog'

/**
 * A stale edit (409) of a review or its answer: the saved text beside the reader's own, and the
 * choice to take the saved one or keep theirs — either way the next save starts from the saved revision.
 */
export function ConflictChoice(props: {
  message: string
  current: string
  mine: string
  label: string
  takeLabel: string
  keepLabel: string
  onChoose: (takeCurrent: boolean) => void
}) {
  return (
    <div className="review-form__conflict" role="alert">
      <p>{props.message}</p>
      <CompareVersions current={props.current} mine={props.mine} label={props.label} />
      <div className="review-form__conflict-actions">
        <Button size="sm" onClick={() => props.onChoose(true)}>
          {props.takeLabel}
        </Button>
        <Button size="sm" variant="primary" onClick={() => props.onChoose(false)}>
          {props.keepLabel}
        </Button>
      </div>
    </div>
  )
}
