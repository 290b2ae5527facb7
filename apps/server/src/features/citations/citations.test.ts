import { Cite } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import '@citation-js/plugin-ris'
import { parse as parseBibtex } from '@retorquere/bibtex-parser'
import { describe, expect, it } from 'vitest'
import { apiMakePost, dbMakePost, makeUser, send, sendForm, sendTo } from '../../../test/factories'
import { multipart, pngFile } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'

const t = useTestApp({ PUBLIC_URL: 'http://agora.test' })

async function citation(
  postId: string,
  format: string,
  headers: Record<string, string> = {},
  extra: Record<string, string> = {},
) {
  return sendTo(t, null, 'GET /media/:id/cite', {
    params: { id: postId },
    query: { format, ...extra },
    headers,
  })
}

describe(`citations, licences, DOI and ORCID (${TEST_DB})`, () => {
  it('cites a post in BibTeX that a BibTeX parser reads back, with its DOI, author and address', async () => {
    const ada = await makeUser(t)
    await send(t, ada, 'POST', '/api/v1/modify/modify_profile', {
      user_id: ada.id,
      nickname: 'Ada Lovelace',
      orcid: 'https://orcid.org/0000-0002-1825-0097',
    })
    const post = await apiMakePost(t, ada, {
      title: 'Notes on the {Analytical} Engine & Bernoulli numbers',
      doi: 'https://doi.org/10.1234/agora.42',
      license: 'CC-BY-SA-4.0',
    })
    const answer = await citation(post.post_id, 'bibtex')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/x-bibtex; charset=utf-8')
    const library = parseBibtex(answer.body)
    expect(library.errors).toEqual([])
    expect(library.entries).toHaveLength(1)
    const [entry] = library.entries
    expect(entry!.fields.title).toBe('Notes on the {Analytical} Engine & Bernoulli numbers')
    expect(entry!.fields.doi).toBe('10.1234/agora.42')
    expect(entry!.fields.url).toBe(`http://agora.test/forum/detail/${post.post_id}`)
    expect(JSON.stringify(entry!.fields.author)).toContain('Ada Lovelace')

    const detail = await sendTo(t, null, 'GET /media/:id', { params: { id: post.post_id } })
    expect(detail.json()).toMatchObject({
      license: 'CC-BY-SA-4.0',
      doi: '10.1234/agora.42',
      author_orcid: '0000-0002-1825-0097',
    })
  })

  it('answers RIS, CSL-JSON and APA with their content types; a named version is cited as such', async () => {
    const ada = await makeUser(t)
    const post = await apiMakePost(t, ada, { title: 'Versioned work' })
    const ris = await citation(post.post_id, 'ris')
    expect(ris.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8')
    const lines = ris.body.trim().split(/\r?\n/)
    expect(lines[0]).toMatch(/^TY {2}- /)
    expect(lines).toContain('TI  - Versioned work')
    expect(lines.at(-1)).toMatch(/^ER {2}-/)

    const csl = await citation(post.post_id, 'csl', {}, { download: 'true' })
    expect(csl.headers['content-type']).toBe('application/vnd.citationstyles.csl+json; charset=utf-8')
    expect(csl.headers['content-disposition']).toBe(`attachment; filename="agora-${post.post_id}.json"`)
    const [item] = csl.json()
    expect(item).toMatchObject({
      type: 'post',
      title: 'Versioned work',
      'container-title': 'Agora',
      license: 'CC-BY-4.0',
    })

    const apa = await citation(post.post_id, 'apa')
    expect(apa.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(apa.body).toContain('Versioned work')
    expect(apa.body).toContain(`http://agora.test/forum/detail/${post.post_id}`)

    expect((await citation(post.post_id, 'csl', {}, { version: '2' })).statusCode).toBe(404)
    const form = multipart({ changelog: 'A better figure' }, [{ name: 'figure.png', data: pngFile(77) }])
    const versioned = await sendForm(t, ada, `/api/v1/media/${post.post_id}/versions`, form)
    expect(versioned.statusCode).toBe(201)
    const second = (await citation(post.post_id, 'csl', {}, { version: '2' })).json()[0]
    expect(second).toMatchObject({
      version: '2',
      URL: `http://agora.test/forum/detail/${post.post_id}?version=2`,
    })
    expect((await citation(post.post_id, 'mla')).statusCode).toBe(400)
  })

  /** A post with a DOI that needs encoding in a URL, cited at its second version (a long URL). */
  async function versionedPost() {
    const ada = await makeUser(t)
    await send(t, ada, 'POST', '/api/v1/modify/modify_profile', { user_id: ada.id, nickname: 'Ada Lovelace' })
    const post = await apiMakePost(t, ada, { title: 'Trustless <gateways>', doi: '10.1000/a<b>' })
    const form = multipart({ changelog: 'A better figure' }, [{ name: 'figure.png', data: pngFile(78) }])
    expect((await sendForm(t, ada, `/api/v1/media/${post.post_id}/versions`, form)).statusCode).toBe(201)
    const created = new Date(
      (await sendTo(t, null, 'GET /media/:id', { params: { id: post.post_id } })).json().created_at,
    )
    return {
      id: post.post_id,
      url: `http://agora.test/forum/detail/${post.post_id}?version=2`,
      day: [created.getUTCFullYear(), created.getUTCMonth() + 1, created.getUTCDate()],
    }
  }

  it('writes RIS with one field per line and CRLF, which citation-js reads back field for field', async () => {
    const post = await versionedPost()
    const answer = await citation(post.id, 'ris', {}, { version: '2' })
    expect(answer.statusCode).toBe(200)
    expect(answer.body).not.toMatch(/[^\r]\n/)
    const lines = answer.body.split('\r\n')
    expect(lines.at(-1)).toBe('')
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^[A-Z][A-Z0-9] {2}- /)
    const [item] = new Cite(answer.body).data
    expect(item).toMatchObject({
      title: 'Trustless <gateways>',
      URL: post.url,
      DOI: '10.1000/a<b>',
      issued: { 'date-parts': [post.day] },
    })
    expect(JSON.stringify(item!.author)).toContain('Ada Lovelace')
  })

  it('writes the BibTeX month as its bare macro, which two BibTeX parsers read back', async () => {
    const post = await versionedPost()
    const answer = await citation(post.id, 'bibtex', {}, { version: '2' })
    const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
    expect(answer.body).toMatch(new RegExp(`^\\s*month = ${months[post.day[1]! - 1]},$`, 'm'))
    const library = parseBibtex(answer.body)
    expect(library.errors).toEqual([])
    expect(library.entries[0]!.fields).toMatchObject({ title: 'Trustless <gateways>', url: post.url })
    const [item] = new Cite(answer.body).data
    expect(item).toMatchObject({
      title: 'Trustless <gateways>',
      URL: post.url,
      DOI: '10.1000/a<b>',
      issued: { 'date-parts': [post.day.slice(0, 2)] },
    })
  })

  it('names Agora once in an APA reference and encodes the DOI in its link', async () => {
    const post = await versionedPost()
    const apa = (await citation(post.id, 'apa')).body
    expect(apa.match(/Agora/g)).toHaveLength(1)
    expect(apa).toContain('https://doi.org/10.1000/a%3Cb%3E')
    const [item] = (await citation(post.id, 'csl')).json()
    expect(item).toMatchObject({ 'container-title': 'Agora', DOI: '10.1000/a<b>' })
  })

  it('accepts csl-json as another name of csl', async () => {
    const post = await versionedPost()
    const alias = await citation(post.id, 'csl-json', {}, { download: 'true' })
    expect(alias.statusCode).toBe(200)
    expect(alias.headers['content-type']).toBe('application/vnd.citationstyles.csl+json; charset=utf-8')
    expect(alias.headers['content-disposition']).toBe(`attachment; filename="agora-${post.id}.json"`)
    expect(alias.json()).toEqual(
      (await citation(post.id, 'csl')).json().map((item: object) => ({
        ...item,
        accessed: expect.anything(),
      })),
    )
  })

  it('hides a private post’s citation from everyone but its author', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const hidden = await dbMakePost(t, ada, { visibility: 'private' })
    expect((await citation(hidden, 'bibtex', bob.headers)).statusCode).toBe(404)
    expect((await citation(hidden, 'bibtex')).statusCode).toBe(404)
    expect((await citation(hidden, 'bibtex', ada.headers)).statusCode).toBe(200)
  })

  it('refuses an unknown licence and a malformed DOI with 400, on upload and on edit', async () => {
    const ada = await makeUser(t)
    const form = (fields: Record<string, string>) =>
      multipart({ title: 'Checked', ...fields }, [{ name: 'a.png', data: pngFile(5) }])
    for (const [fields, field] of [
      [{ license: 'GPL-3.0' }, 'license'],
      [{ doi: '11.1234/nope' }, 'doi'],
    ] as const) {
      const body = form(fields)
      const answer = await sendForm(t, ada, '/api/v1/media/upload', body)
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors[0].field).toBe(field)
    }
    const post = await apiMakePost(t, ada)
    const edit = (payload: Record<string, string>) =>
      sendTo(t, ada, 'PATCH /media/:id', { params: { id: post.post_id }, json: payload })
    expect((await edit({ license: 'MIT' })).statusCode).toBe(400)
    const changed = await edit({ license: 'CC0-1.0', doi: 'doi:10.5555/12345678' })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ license: 'CC0-1.0', doi: '10.5555/12345678' })
  })

  it('checks an ORCID iD’s checksum (400), keeps it unique (409), and shows it on the profile', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const set = (user: typeof ada, orcid: string) =>
      send(t, user, 'POST', '/api/v1/modify/modify_profile', { user_id: user.id, orcid })
    const wrong = await set(ada, '0000-0002-1825-0098')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors[0].field).toBe('orcid')
    expect((await set(ada, '0000-0002-1694-233X')).statusCode).toBe(200)
    const taken = await set(bob, '0000-0002-1694-233x')
    expect(taken.statusCode).toBe(409)
    expect(taken.json().detail).toBe('That ORCID iD is on another account')
    const me = await sendTo(t, ada, 'GET /auth/me')
    expect(me.json().orcid).toBe('0000-0002-1694-233X')
    const person = await sendTo(t, null, 'GET /auth/person_information', { query: { user_id: ada.id } })
    expect(person.json().orcid).toBe('0000-0002-1694-233X')
    expect((await set(ada, '')).statusCode).toBe(200)
    expect((await set(bob, '0000-0002-1694-233X')).statusCode).toBe(200)
  })
})
