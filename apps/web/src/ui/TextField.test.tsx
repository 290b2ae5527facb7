import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TextAreaField } from './TextField'

/** The textarea's attributes as drawn, and the ids the label and hint carry. */
function drawn(element: React.ReactElement) {
  const html = renderToStaticMarkup(element)
  const attribute = (tag: string, name: string) =>
    html.match(new RegExp(`<${tag}[^>]* ${name}="([^"]*)"`))?.[1]
  return { html, attribute }
}

describe('TextAreaField', () => {
  it('draws a textarea its label names and its hint describes, several lines high by default', () => {
    const { html, attribute } = drawn(
      <TextAreaField
        label="Note"
        labelNote="optional"
        hint="At most 500"
        rows={3}
        maxLength={500}
        value=""
        readOnly
      />,
    )
    const id = attribute('textarea', 'id')
    expect(id).toBeTruthy()
    expect(attribute('label', 'for')).toBe(id)
    expect(html).toContain('<span class="field__note"> (optional)</span>')
    expect(attribute('textarea', 'aria-describedby')).toBe(`${id}-hint`)
    expect(html).toContain(`<p class="field__hint" id="${id}-hint">At most 500</p>`)
    expect(attribute('textarea', 'class')).toBe('field__input field__input--multiline')
    expect(attribute('textarea', 'rows')).toBe('3')
    expect(attribute('textarea', 'maxLength')).toBe('500')
    expect(attribute('textarea', 'aria-invalid')).toBeUndefined()
  })

  it('is invalid, described by its error, when the error is its own or shown elsewhere', () => {
    const own = drawn(<TextAreaField label="Reason" hint="Why" error="Say why" value="" readOnly />)
    const id = own.attribute('textarea', 'id')
    expect(own.attribute('textarea', 'aria-invalid')).toBe('true')
    expect(own.attribute('textarea', 'aria-describedby')?.split(' ')).toContain(`${id}-error`)
    expect(own.html).toContain(`<p class="field__error" id="${id}-error">Say why</p>`)
    expect(own.html).not.toContain('field__hint')

    const elsewhere = drawn(
      <TextAreaField label="Reason" errorElsewhere="dialog-problem" value="" readOnly />,
    )
    expect(elsewhere.attribute('textarea', 'aria-invalid')).toBe('true')
    expect(elsewhere.attribute('textarea', 'aria-describedby')).toBe('dialog-problem')
    expect(elsewhere.html).toContain('class="field field--invalid"')
  })

  it('takes its own textarea class in place of the multiline one', () => {
    const { attribute } = drawn(
      <TextAreaField label="Summary" inputClassName="field__textarea" value="" readOnly />,
    )
    expect(attribute('textarea', 'class')).toBe('field__input field__textarea')
  })
})
