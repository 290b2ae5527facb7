import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  dbMakePost,
  dbPostCommentCount,
  makeUser,
  sendComment,
  sendCommentList,
  sendEditComment,
  sendLikeComment,
  sendReport,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { PARENT_NOT_FOUND } from './comments.service'

// The read cache on: a deletion must reach anonymous readers at once.
const t = useTestApp({ READ_CACHE_MS: '60000' })

interface Listed {
  _id: string
  userId: string
  username: string
  display_name: string
  avatar: string
  content: string
  likes: number
  replyCount: number
  parentId: string | null
  deleted?: true
}

function remove(user: TestUser, commentId: string) {
  return sendTo(t, user, 'DELETE /comments/:id', { params: { id: commentId } })
}

async function thread(postId: string, user: TestUser | null = null): Promise<Listed[]> {
  const response = await sendCommentList(t, user, postId)
  expect(response.statusCode).toBe(200)
  return response.json()
}

async function rowsOf(table: 'comment_likes' | 'comment_revisions', commentId: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)} where comment_id = ${commentId}`.execute(t.database.db)
  return rows[0].n
}

async function commentRows(postId: string) {
  const { rows } = await sql<{ id: string }>`select id from comments where post_id = ${postId}`.execute(
    t.database.db,
  )
  return rows.map((row) => row.id).sort()
}

/** Every comment whose stored reply_count differs from its real number of direct replies. */
async function replyCountDrift() {
  const { rows } = await sql<{ id: string }>`
    select c.id from comments c where c.reply_count <> (select count(*) from comments r where r.parent_id = c.id)
  `.execute(t.database.db)
  return rows
}

describe(`deleting a comment keeps the replies (${TEST_DB})`, () => {
  it("leaves a placeholder with no author, text, likes or history above other people's replies", async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)
    const top = await apiMakeComment(t, ben, postId, { content: 'First words' })
    expect((await sendEditComment(t, ben, top._id, { content: 'Second words' })).statusCode).toBe(200)
    expect((await sendLikeComment(t, ana, top._id, 'like')).statusCode).toBe(200)
    const reply = await apiMakeComment(t, ana, postId, { content: 'My answer', parentId: top._id })
    expect(await thread(postId)).toHaveLength(2)

    const gone = await remove(ben, top._id)
    expect(gone.statusCode, gone.body).toBe(200)
    expect(gone.json()).toEqual({
      status: 'success',
      message: 'Comment deleted; the replies to it stay',
      deleted: 1,
      placeholder: true,
    })

    for (const reader of [null, ana, ben]) {
      const [placeholder, kept] = await thread(postId, reader)
      expect(placeholder).toMatchObject({
        _id: top._id,
        deleted: true,
        userId: '',
        username: '',
        display_name: '',
        avatar: '',
        content: '',
        likes: 0,
        is_liked: false,
        replyCount: 1,
      })
      expect(kept).toMatchObject({ _id: reply._id, parentId: top._id, content: 'My answer', userId: ana.id })
      expect(kept.deleted).toBeUndefined()
    }
    // The post counts the comments that are there; the placeholder's likes and revisions are gone.
    expect(await dbPostCommentCount(t, postId)).toBe(1)
    expect(await rowsOf('comment_likes', top._id)).toBe(0)
    expect(await rowsOf('comment_revisions', top._id)).toBe(0)
    expect(await replyCountDrift()).toEqual([])

    // Nothing more can be done with it.
    const history = await sendTo(t, null, 'GET /comments/:id/revisions', { params: { id: top._id } })
    expect(history.statusCode).toBe(404)
    expect((await sendLikeComment(t, ana, top._id, 'like')).statusCode).toBe(404)
    expect((await sendLikeComment(t, ana, top._id)).statusCode).toBe(404)
    const answer = await sendComment(t, ana, { postId, content: 'Hello?', parentId: top._id })
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toMatchObject({ code: 'parent_not_found', detail: PARENT_NOT_FOUND })
    expect((await sendEditComment(t, ben, top._id, { content: 'Back again' })).statusCode).toBe(404)
    const reported = await sendReport(t, ana, { target_type: 'comment', target_id: top._id, reason: 'spam' })
    expect(reported.statusCode).toBe(404)
    expect((await remove(ben, top._id)).statusCode).toBe(404)
    // The reply is as alive as before.
    expect((await sendLikeComment(t, ben, reply._id, 'like')).statusCode).toBe(200)
  })

  it('deletes a comment without replies, and the placeholders its going leaves bare', async () => {
    const [ana, ben, cara] = [await makeUser(t), await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)
    const top = await apiMakeComment(t, ben, postId, { content: 'Top' })
    const middle = await apiMakeComment(t, ana, postId, { content: 'Middle', parentId: top._id })
    const deep = await apiMakeComment(t, cara, postId, { content: 'Deep', parentId: middle._id })
    const sibling = await apiMakeComment(t, cara, postId, { content: 'Sibling', parentId: top._id })
    const other = await apiMakeComment(t, cara, postId, { content: 'Another thread' })
    expect(await dbPostCommentCount(t, postId)).toBe(5)

    expect((await remove(ben, top._id)).json()).toMatchObject({ placeholder: true })
    expect((await remove(ana, middle._id)).json()).toMatchObject({ placeholder: true })
    expect(await dbPostCommentCount(t, postId)).toBe(3)
    expect((await thread(postId)).map((c) => [c._id, c.deleted ?? false])).toEqual([
      [other._id, false],
      [top._id, true],
      [sibling._id, false],
      [middle._id, true],
      [deep._id, false],
    ])

    // The deep reply was all the middle placeholder held: both go; the top one still holds the sibling.
    expect((await remove(cara, deep._id)).json()).toEqual({
      status: 'success',
      message: 'Comment deleted',
      deleted: 1,
      placeholder: false,
    })
    expect(await commentRows(postId)).toEqual([top._id, sibling._id, other._id].sort())
    expect((await thread(postId)).find((c) => c._id === top._id)).toMatchObject({
      deleted: true,
      replyCount: 1,
    })

    // Its last reply gone, the top placeholder goes too; the other thread stays.
    await remove(cara, sibling._id)
    expect(await commentRows(postId)).toEqual([other._id])
    expect((await thread(postId)).map((c) => c._id)).toEqual([other._id])
    expect(await dbPostCommentCount(t, postId)).toBe(1)
    expect(await replyCountDrift()).toEqual([])
  })

  it("takes the deleted comment's notifications and leaves those of the replies", async () => {
    const [ana, ben] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, ana)
    const top = await apiMakeComment(t, ben, postId, { content: 'Words to forget' })
    const reply = await apiMakeComment(t, ana, postId, { content: 'An answer', parentId: top._id })
    const about = async (user: TestUser) => {
      const response = await sendTo(t, user, 'GET /notifications')
      expect(response.statusCode, response.body).toBe(200)
      return JSON.stringify(response.json())
    }
    expect(await about(ana)).toContain(top._id)
    expect(await about(ben)).toContain(reply._id)

    await remove(ben, top._id)
    expect(await about(ana)).not.toContain(top._id)
    expect(await about(ana)).not.toContain('Words to forget')
    expect(await about(ben)).toContain(reply._id)
  })
})
