import { lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import './MarkdownEditor.css'

const Markdown = lazy(() => import('./Markdown').then((module) => ({ default: module.Markdown })))

export interface MarkdownEditorProps {
  /** The text being written, drawn in Preview as a post draws it (math and code included). */
  text: string
  /** The textarea: shown in Write, kept (hidden) in Preview so its caret and history stay. */
  children: ReactNode
  /** With a draft kept on this device: the Discard button's action. */
  onDiscard?: () => void
  /** A draft is kept on this device (says so, and offers Discard). */
  kept?: boolean
  /** The draft came back from an earlier visit. */
  restored?: boolean
}

/**
 * A Markdown textarea with Write and Preview tabs (toggle buttons, reached by Tab) and, when the
 * form keeps a draft, a note saying so with a Discard button.
 */
export function MarkdownEditor({ text, children, onDiscard, kept, restored }: MarkdownEditorProps) {
  const { t } = useTranslation()
  const [previewing, setPreviewing] = useState(false)
  const previewId = useId()
  return (
    <div className="md-editor">
      <div className="md-editor__bar">
        <fieldset className="md-editor__modes">
          <legend className="visually-hidden">{t('markdownEditor.mode')}</legend>
          <button
            type="button"
            className="md-editor__mode"
            aria-pressed={!previewing}
            onClick={() => setPreviewing(false)}
          >
            {t('markdownEditor.write')}
          </button>
          <button
            type="button"
            className="md-editor__mode"
            aria-pressed={previewing}
            onClick={() => setPreviewing(true)}
          >
            {t('markdownEditor.preview')}
          </button>
        </fieldset>
        {kept && onDiscard && (
          <span className="md-editor__draft">
            <span role="status">{restored ? t('markdownEditor.restored') : t('markdownEditor.kept')}</span>
            <Button size="sm" variant="ghost" onClick={onDiscard}>
              {t('markdownEditor.discard')}
            </Button>
          </span>
        )}
      </div>
      <div hidden={previewing}>{children}</div>
      {previewing && (
        <section
          id={previewId}
          className="md-editor__preview"
          aria-label={t('markdownEditor.preview')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a long preview scrolls, which the keyboard must reach
          tabIndex={0}
        >
          {text.trim() ? (
            <Suspense fallback={<p className="md-editor__plain">{text}</p>}>
              <Markdown>{text}</Markdown>
            </Suspense>
          ) : (
            <p className="md-editor__empty">{t('markdownEditor.empty')}</p>
          )}
        </section>
      )}
    </div>
  )
}
