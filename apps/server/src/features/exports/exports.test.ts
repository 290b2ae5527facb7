import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { apiMakeComment, apiMakePost, makeUser, sendTo } from '../../../test/factories'
import { pngFile } from '../../../test/files'
import { TEST_DB } from '../../../test/harness'
import { PUBLIC_URL, useMailTestApp } from '../../../test/mail/mail-harness'
import { exportsWorker, mailExportReady } from './index'

const m = useMailTestApp()

function worker() {
  return exportsWorker(m.t.database.db, m.t.app.ctx.blobs, mailExportReady(m.t.config.mail.publicUrl))
}

describe(`data export (${TEST_DB})`, () => {
  it('prepares a ZIP of data.json and the files, mails a link, and serves it to its owner only for 7 days', async () => {
    const ada = await makeUser(m.t)
    await m.t.database.db
      .updateTable('users')
      .set({ email: 'export@example.org', email_verified_at: new Date() })
      .where('id', '=', ada.id)
      .execute()
    const figure = pngFile(4242)
    const post = await apiMakePost(m.t, ada, { title: 'Lovelace notes' }, [
      { name: 'note-g.png', data: figure },
    ])
    await apiMakeComment(m.t, ada, post.post_id, { content: 'My own remark' })

    const asked = await sendTo(m.t, ada, 'POST /auth/me/export')
    expect(asked.statusCode).toBe(202)
    expect(asked.json()).toMatchObject({ status: 'pending', download_url: null })
    // Asked again while it is being made: the same export.
    const again = await sendTo(m.t, ada, 'POST /auth/me/export')
    expect(again.json().id).toBe(asked.json().id)

    expect(await worker().drain()).toBe(1)
    const list = await sendTo(m.t, ada, 'GET /auth/me/exports')
    const [ready] = list.json().items
    expect(ready).toMatchObject({ id: asked.json().id, status: 'ready' })
    expect(new Date(ready.expires_at).getTime() - new Date(ready.ready_at).getTime()).toBe(7 * 86_400_000)

    await m.send()
    const mail = await m.smtp.waitForMail('export@example.org')
    expect(mail.parsed.subject).toBe('Your Agora data export is ready')
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/mypage?tab=account`)

    const download = await m.t.app.inject({ method: 'GET', url: ready.download_url, headers: ada.headers })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/zip')
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="agora-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    const zip = await JSZip.loadAsync(download.rawPayload)
    const data = JSON.parse(await zip.file('data.json')!.async('string'))
    expect(data.profile).toMatchObject({ id: ada.id, username: ada.username, email: 'export@example.org' })
    expect(data.profile).not.toHaveProperty('password_hash')
    expect(data.posts.map((p: { title: string }) => p.title)).toEqual(['Lovelace notes'])
    expect(data.comments.map((c: { content: string }) => c.content)).toEqual(['My own remark'])
    const cid = post.post.media[0]!.cid
    expect(data.posts[0].files).toEqual([
      expect.objectContaining({ cid, name: 'note-g.png', path: 'posts/Lovelace notes/v1/note-g.png' }),
    ])
    const stored = await zip.file('posts/Lovelace notes/v1/note-g.png')!.async('uint8array')
    expect(Buffer.from(stored).equals(figure)).toBe(true)

    // Nobody else gets it: not by its address, not by its content id.
    const bob = await makeUser(m.t)
    expect(
      (await m.t.app.inject({ method: 'GET', url: ready.download_url, headers: bob.headers })).statusCode,
    ).toBe(404)
    expect((await m.t.app.inject({ method: 'GET', url: ready.download_url })).statusCode).toBe(401)
    const archive = await m.t.database.db
      .selectFrom('account_exports')
      .select('cid')
      .executeTakeFirstOrThrow()
    expect((await m.t.app.inject({ method: 'GET', url: `/files/${archive.cid}` })).statusCode).toBe(404)
    expect(
      (await sendTo(m.t, null, 'GET /files/:cid', { params: { cid: String(archive.cid) } })).statusCode,
    ).toBe(404)

    // A week later it is gone, bytes included.
    await m.t.database.db
      .updateTable('account_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute()
    await worker().drain()
    const expired = await m.t.app.inject({ method: 'GET', url: ready.download_url, headers: ada.headers })
    expect(expired.statusCode).toBe(404)
    expect(expired.json().detail).toBe('This export has expired. Ask for a new one.')
    expect(await m.t.app.ctx.blobs.exists(archive.cid!)).toBe(false)
  })

  it('asks a visitor to sign in', async () => {
    expect((await sendTo(m.t, null, 'POST /auth/me/export')).statusCode).toBe(401)
    expect((await sendTo(m.t, null, 'GET /auth/me/exports')).statusCode).toBe(401)
  })
})
