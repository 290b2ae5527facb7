export interface TextSegment {
  text: string
  marked: boolean
}

/**
 * A text cut at the server's highlight ranges ([start, end) string indices, search snippets). A
 * range out of order, overlapping one before it or outside the text is skipped or clipped, so a
 * bad range can never duplicate or lose text.
 */
export function highlightSegments(text: string, highlights: readonly (readonly number[])[]): TextSegment[] {
  const segments: TextSegment[] = []
  let at = 0
  for (const [rawStart, rawEnd] of highlights) {
    const start = Math.max(at, Math.min(rawStart ?? 0, text.length))
    const end = Math.min(rawEnd ?? 0, text.length)
    if (!(end > start)) continue
    if (start > at) segments.push({ text: text.slice(at, start), marked: false })
    segments.push({ text: text.slice(start, end), marked: true })
    at = end
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false })
  return segments
}

export interface HighlightedTextProps {
  text: string
  highlights: readonly (readonly number[])[]
}

/** Text with its matched words in <mark>: React text nodes only, so nothing in it is ever markup. */
export function HighlightedText({ text, highlights }: HighlightedTextProps) {
  return (
    <>
      {highlightSegments(text, highlights).map((segment, index) =>
        // The segments of one text never reorder: their position is their identity.
        segment.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <mark key={index}>{segment.text}</mark>
        ) : (
          segment.text
        ),
      )}
    </>
  )
}
