import type { MailContent, MailLanguage } from '../mail/index'

/** The account's security mails. None of them can be unsubscribed from. */
type SecurityMail = 'verify' | 'reset' | 'passwordChanged' | 'emailChanged'

/** What a security mail says after the greeting, and the label of its one link. */
interface SecurityText {
  subject: string
  /** The paragraphs after the greeting; `email` is the address the mail is about. */
  body: (email: string) => readonly string[]
  action: string
}

/** The security mails' words, in the user's language. */
const TEXT: Record<
  MailLanguage,
  { greeting: (name: string) => string } & Record<SecurityMail, SecurityText>
> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    verify: {
      subject: 'Confirm your e-mail address for Agora',
      body: (email) => [
        `Please confirm that ${email} is your address. The link works once, for 24 hours.`,
        'If you did not add this address to an Agora account, ignore this message.',
      ],
      action: 'Confirm my address',
    },
    reset: {
      subject: 'Reset your Agora password',
      body: () => [
        'Someone (we hope you) asked to reset the password of your Agora account. The link works once, for 30 minutes.',
        'If it was not you, ignore this message: your password stays as it is.',
      ],
      action: 'Choose a new password',
    },
    passwordChanged: {
      subject: 'Your Agora password was changed',
      body: () => [
        'The password of your Agora account was just changed, and your other sessions were signed out.',
        'If this was not you, reset your password at once with the link below.',
      ],
      action: 'Reset my password',
    },
    emailChanged: {
      subject: 'The e-mail address of your Agora account was changed',
      body: (email) => [
        `The e-mail address of your Agora account was changed to ${email || '(none)'}. Mail will no longer come to this address.`,
        'If this was not you, reset your password at once with the link below and put your address back.',
      ],
      action: 'Reset my password',
    },
  },
  zh: {
    greeting: (name) => `${name}，您好：`,
    verify: {
      subject: '确认您在 Agora 的电子邮件地址',
      body: (email) => [
        `请确认 ${email} 是您的地址。此链接只能使用一次，24 小时内有效。`,
        '如果您没有在 Agora 账户中添加此地址，请忽略此邮件。',
      ],
      action: '确认我的地址',
    },
    reset: {
      subject: '重置您的 Agora 密码',
      body: () => [
        '有人（希望是您）请求重置您 Agora 账户的密码。此链接只能使用一次，30 分钟内有效。',
        '如果不是您本人，请忽略此邮件：您的密码不会改变。',
      ],
      action: '设置新密码',
    },
    passwordChanged: {
      subject: '您的 Agora 密码已更改',
      body: () => [
        '您 Agora 账户的密码刚刚被更改，其他会话已退出登录。',
        '如果不是您本人，请立即通过下面的链接重置密码。',
      ],
      action: '重置我的密码',
    },
    emailChanged: {
      subject: '您 Agora 账户的电子邮件地址已更改',
      body: (email) => [
        `您 Agora 账户的电子邮件地址已改为 ${email || '（无）'}。此地址将不再收到邮件。`,
        '如果不是您本人，请立即通过下面的链接重置密码并改回您的地址。',
      ],
      action: '重置我的密码',
    },
  },
}

/** A security mail to `name`, about `email` where it names one, with its link to `url`. */
function securityMail(
  mail: SecurityMail,
  language: MailLanguage,
  name: string,
  email: string,
  url: string,
): MailContent {
  const t = TEXT[language]
  const text = t[mail]
  return {
    language,
    subject: text.subject,
    paragraphs: [t.greeting(name), ...text.body(email)],
    action: { label: text.action, url },
  }
}

export function verifyEmailMail(language: MailLanguage, name: string, email: string, url: string) {
  return securityMail('verify', language, name, email, url)
}

export function resetPasswordMail(language: MailLanguage, name: string, url: string) {
  return securityMail('reset', language, name, '', url)
}

export function passwordChangedMail(language: MailLanguage, name: string, forgotUrl: string) {
  return securityMail('passwordChanged', language, name, '', forgotUrl)
}

export function emailChangedMail(language: MailLanguage, name: string, email: string, forgotUrl: string) {
  return securityMail('emailChanged', language, name, email, forgotUrl)
}
