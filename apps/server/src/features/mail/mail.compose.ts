import escapeHtml from 'escape-html'

/** The languages mail is written in; anything else reads English. */
export type MailLanguage = 'en' | 'zh'

export function mailLanguage(value: string | null | undefined): MailLanguage {
  return value?.toLowerCase().startsWith('zh') ? 'zh' : 'en'
}

/** The preferred language of an Accept-Language header, as a mail language. */
export function languageOfRequest(acceptLanguage: string | undefined): MailLanguage {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim()
  return mailLanguage(first)
}

/** What a message says, before it is laid out as text and HTML. */
export interface MailContent {
  language: MailLanguage
  subject: string
  /** Paragraphs of plain text. */
  paragraphs: readonly string[]
  /** The one thing to do, as a button (HTML) and a bare link (text). */
  action?: { label: string; url: string }
  /** Grouped lines with links (a digest). */
  sections?: readonly { heading: string; items: readonly { text: string; url: string }[] }[]
  /** Where to stop mail like this; absent for security messages, which cannot be turned off. */
  unsubscribeUrl?: string
}

const FOOTER = {
  en: {
    security: 'You get this message because it concerns the security of your Agora account.',
    unsubscribe: 'Stop these e-mails',
    why: 'You get this message because of your notification settings on Agora.',
  },
  zh: {
    security: '此邮件与您的 Agora 账户安全相关，因此无法退订。',
    unsubscribe: '不再接收此类邮件',
    why: '您根据 Agora 上的通知设置收到此邮件。',
  },
} as const

export interface ComposedMail {
  subject: string
  text: string
  html: string
}

/** Lays a message out as plain text and as simple, inline-styled HTML (every text escaped). */
export function compose(content: MailContent): ComposedMail {
  const footer = FOOTER[content.language]
  const text: string[] = [...content.paragraphs]
  if (content.action) text.push(`${content.action.label}:\n${content.action.url}`)
  for (const section of content.sections ?? []) {
    text.push([section.heading, ...section.items.map((item) => `- ${item.text}\n  ${item.url}`)].join('\n'))
  }
  text.push('--')
  text.push(
    content.unsubscribeUrl
      ? `${footer.why}\n${footer.unsubscribe}: ${content.unsubscribeUrl}`
      : footer.security,
  )

  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line).replace(/\n/g, '<br>')}</p>`
  const html: string[] = content.paragraphs.map(p)
  if (content.action) {
    html.push(
      `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(content.action.url)}</p>`,
    )
  }
  for (const section of content.sections ?? []) {
    html.push(`<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(section.heading)}</h2>`)
    html.push(
      `<ul style="padding-left:20px;margin:0 0 16px">${section.items
        .map(
          (item) =>
            `<li style="margin:0 0 6px"><a href="${escapeHtml(item.url)}">${escapeHtml(item.text)}</a></li>`,
        )
        .join('')}</ul>`,
    )
  }
  const foot = content.unsubscribeUrl
    ? `${escapeHtml(footer.why)} <a href="${escapeHtml(content.unsubscribeUrl)}">${escapeHtml(footer.unsubscribe)}</a>`
    : escapeHtml(footer.security)
  return {
    subject: content.subject,
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${content.language}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#111;max-width:560px;margin:0 auto;padding:24px">${html.join('')}<hr style="border:none;border-top:1px solid #ddd;margin:24px 0"><p style="font-size:12px;color:#555">${foot}</p></body></html>`,
  }
}
