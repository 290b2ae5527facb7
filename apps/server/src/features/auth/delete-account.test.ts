import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  apiMakePost,
  makeUser,
  send,
  sendForm,
  sendLogin,
  sendTo,
} from '../../../test/factories'
import { multipart } from '../../../test/files'
import { TEST_DB, useTestApp } from '../../../test/harness'

const t = useTestApp()

const remove = (headers: Record<string, string>, password: string, content: 'delete' | 'keep') =>
  sendTo(t, null, 'DELETE /auth/me', { json: { password, content }, headers })

describe(`deleting an account (${TEST_DB})`, () => {
  it('needs the password; a wrong one changes nothing', async () => {
    const ada = await makeUser(t)
    const wrong = await remove(ada.headers, 'not the password', 'delete')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ detail: 'Your password is not right' })
    expect((await sendTo(t, ada, 'GET /auth/me')).statusCode).toBe(200)
    const bad = await send(t, ada, 'DELETE', '/api/v1/auth/me', { password: ada.password, content: 'shred' })
    expect(bad.statusCode).toBe(400)
    const visitor = await sendTo(t, null, 'DELETE /auth/me', {
      json: { password: 'anything', content: 'keep' },
    })
    expect(visitor.statusCode).toBe(401)
  })

  it("'keep' leaves posts and comments under [deleted user]; sessions end, the profile goes, the name is held 30 days", async () => {
    const ada = await makeUser(t)
    const post = await apiMakePost(t, ada, { title: 'Kept work' })
    const bob = await makeUser(t)
    await apiMakeComment(t, ada, post.post_id, { content: 'Kept remark' })
    const answer = await remove(ada.headers, ada.password, 'keep')
    expect(answer.statusCode).toBe(200)
    expect((await sendTo(t, ada, 'GET /auth/me')).statusCode).toBe(401)

    const shown = await send(t, bob, 'GET', `/api/v1/media/${post.post_id}`)
    expect(shown.statusCode).toBe(200)
    expect(shown.json().author_name).toBe('[deleted user]')
    expect(JSON.stringify(shown.json())).not.toContain(ada.username)
    // Nobody can take that name.
    const posing = await sendTo(t, null, 'POST /auth/register', {
      json: { username: '[deleted user]', password: 'someone posing' },
    })
    expect(posing.statusCode).toBe(400)
    const comments = await sendTo(t, null, 'GET /comments/post/:id', { params: { id: post.post_id } })
    expect(comments.body).toContain('Kept remark')
    const profile = await sendTo(t, null, 'GET /auth/person_information', { query: { user_id: ada.id } })
    expect(profile.statusCode).toBe(404)

    const login = await sendLogin(t, { username: ada.username, password: ada.password })
    expect(login.statusCode).toBe(401)
    const taken = await sendTo(t, null, 'POST /auth/register', {
      json: { username: ada.username, password: 'someone else entirely' },
    })
    expect(taken.statusCode).toBe(409)
    await t.database.db
      .updateTable('released_usernames')
      .set({ free_at: new Date(Date.now() - 1000) })
      .execute()
    const freed = await sendTo(t, null, 'POST /auth/register', {
      json: { username: ada.username, password: 'someone else entirely' },
    })
    expect(freed.statusCode).toBe(201)
  })

  it('two deleted accounts are both "[deleted user]", and neither turns up in the search for people', async () => {
    const first = await makeUser(t)
    const second = await makeUser(t)
    expect((await remove(first.headers, first.password, 'keep')).statusCode).toBe(200)
    expect((await remove(second.headers, second.password, 'keep')).statusCode).toBe(200)
    const looker = await makeUser(t)
    const found = await send(t, looker, 'GET', '/api/v1/users/search?q=%5B')
    expect(found.json().users).toEqual([])
  })

  it("'delete' removes the posts and collects their files; comments elsewhere are emptied so replies keep their place", async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const own = await apiMakePost(t, ada, { title: 'To go' })
    const theirs = await apiMakePost(t, bob, { title: 'Stays' })
    const remark = await apiMakeComment(t, ada, theirs.post_id, { content: 'A remark to forget' })
    await apiMakeComment(t, bob, theirs.post_id, { content: 'A reply that stays', parentId: remark._id })
    const cid = own.post.media[0]!.cid
    expect(await t.app.ctx.blobs.exists(cid)).toBe(true)

    const gone = await remove(ada.headers, ada.password, 'delete')
    expect(gone.statusCode, gone.body).toBe(200)
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id: own.post_id } })).statusCode).toBe(410)
    expect(await t.app.ctx.blobs.exists(cid)).toBe(false)
    const thread = await sendTo(t, null, 'GET /comments/post/:id', { params: { id: theirs.post_id } })
    expect(thread.body).not.toContain('A remark to forget')
    expect(thread.body).toContain('[deleted]')
    expect(thread.body).toContain('A reply that stays')
  })

  it("'delete' takes the files uploaded on their own too, and keeps those someone else uploaded as well", async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const upload = async (user: typeof ada, text: string) => {
      const body = multipart({}, [{ name: 'notes.txt', data: Buffer.from(text), field: 'file' }])
      const response = await sendForm(t, user, '/api/v1/media/upload/ipfs', body)
      expect(response.statusCode, response.body).toBe(200)
      return response.json().cid as string
    }
    const alone = await upload(ada, 'Only Ada kept these notes')
    const shared = await upload(ada, 'Both kept these notes')
    expect(await upload(bob, 'Both kept these notes')).toBe(shared)
    const served = async (cid: string) =>
      (await sendTo(t, null, 'GET /files/:cid', { params: { cid } })).statusCode

    expect((await remove(ada.headers, ada.password, 'delete')).statusCode).toBe(200)
    expect(await served(alone)).toBe(404)
    expect(await t.app.ctx.blobs.exists(alone)).toBe(false)
    expect(await served(shared)).toBe(200)
  })

  it("'keep' keeps the files uploaded on their own", async () => {
    const ada = await makeUser(t)
    const body = multipart({}, [{ name: 'kept.txt', data: Buffer.from('Kept notes'), field: 'file' }])
    const { cid } = (await sendForm(t, ada, '/api/v1/media/upload/ipfs', body)).json()
    expect((await remove(ada.headers, ada.password, 'keep')).statusCode).toBe(200)
    expect((await sendTo(t, null, 'GET /files/:cid', { params: { cid } })).statusCode).toBe(200)
  })
})
