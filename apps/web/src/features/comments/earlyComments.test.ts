import { readFileSync } from 'node:fs'
import { COMMENTS_PAGE_SIZE } from '@agora/contract/limits'
import { describe, expect, it } from 'vitest'

// public/route-prefetch.js runs before the app's code, so it cannot import the page size: it writes
// the same request useComments takes (issue 28), and this keeps the two in step.
describe('the first comments index.html asks for early', () => {
  it('are the page useComments asks for', () => {
    const script = readFileSync(new URL('../../../public/route-prefetch.js', import.meta.url), 'utf8')
    expect(script).toContain(`/comments/post/\${encodeURIComponent(id)}?skip=0&limit=${COMMENTS_PAGE_SIZE}`)
  })
})
