import { describe, expect, it } from 'vitest'
import { apiMakePost, dbMakePost, makeUser, sendTo } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

const t = useTestApp()

describe(`tags (${TEST_DB})`, () => {
  it('lists a tag’s public posts by exact tag (not text search), counts them, and names related tags', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { title: 'Mass spec one', tags: ['mass-spec', 'proteomics'] })
    await dbMakePost(t, ada, { title: 'Mass spec two', tags: ['mass-spec'] })
    await dbMakePost(t, ada, { title: 'About mass-spec in words only', tags: ['methods'] })
    await dbMakePost(t, ada, { title: 'Private mass spec', tags: ['mass-spec'], visibility: 'private' })

    const list = await sendTo(t, null, 'GET /media/list', {
      query: { tag: 'Mass-Spec', sort_by: 'recent_desc' },
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().items.map((item: { title: string }) => item.title)).toEqual([
      'Mass spec two',
      'Mass spec one',
    ])

    const page = await sendTo(t, null, 'GET /tags/:name', { params: { name: 'mass-spec' } })
    expect(page.json()).toEqual({ tag: 'mass-spec', count: 2, related: [{ tag: 'proteomics', count: 1 }] })

    const prefix = await sendTo(t, null, 'GET /tags', { query: { prefix: 'ma' } })
    expect(prefix.json().tags).toEqual([{ tag: 'mass-spec', count: 2 }])
    const popular = await sendTo(t, null, 'GET /tags/popular')
    expect(popular.json().tags[0]).toEqual({ tag: 'mass-spec', count: 2 })
  })

  it('offers a tag as soon as a post uses it, though the counts are kept for a minute', async () => {
    const ada = await makeUser(t)
    const offered = async () =>
      (await sendTo(t, null, 'GET /tags', { query: { prefix: 'crystal' } })).json().tags
    expect(await offered()).toEqual([])
    await apiMakePost(t, ada, { title: 'Salt crystals', tags: 'crystallography' })
    expect(await offered()).toEqual([{ tag: 'crystallography', count: 1 }])
  })
})
