import type { MailContent, MailLanguage } from '../mail/index'

/** The account's security mail, in the user's language. None of it can be unsubscribed from. */
const TEXT = {
  en: {
    verifySubject: 'Confirm your e-mail address for Agora',
    verifyBody: (name: string, email: string) => [
      `Hello ${name},`,
      `Please confirm that ${email} is your address. The link works once, for 24 hours.`,
      'If you did not add this address to an Agora account, ignore this message.',
    ],
    verifyAction: 'Confirm my address',
    resetSubject: 'Reset your Agora password',
    resetBody: (name: string) => [
      `Hello ${name},`,
      'Someone (we hope you) asked to reset the password of your Agora account. The link works once, for 30 minutes.',
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    resetAction: 'Choose a new password',
    passwordChangedSubject: 'Your Agora password was changed',
    passwordChangedBody: (name: string) => [
      `Hello ${name},`,
      'The password of your Agora account was just changed, and your other sessions were signed out.',
      'If this was not you, reset your password at once with the link below.',
    ],
    passwordChangedAction: 'Reset my password',
    emailChangedSubject: 'The e-mail address of your Agora account was changed',
    emailChangedBody: (name: string, email: string) => [
      `Hello ${name},`,
      `The e-mail address of your Agora account was changed to ${email || '(none)'}. Mail will no longer come to this address.`,
      'If this was not you, reset your password at once with the link below and put your address back.',
    ],
  },
  zh: {
    verifySubject: '确认您在 Agora 的电子邮件地址',
    verifyBody: (name: string, email: string) => [
      `${name}，您好：`,
      `请确认 ${email} 是您的地址。此链接只能使用一次，24 小时内有效。`,
      '如果您没有在 Agora 账户中添加此地址，请忽略此邮件。',
    ],
    verifyAction: '确认我的地址',
    resetSubject: '重置您的 Agora 密码',
    resetBody: (name: string) => [
      `${name}，您好：`,
      '有人（希望是您）请求重置您 Agora 账户的密码。此链接只能使用一次，30 分钟内有效。',
      '如果不是您本人，请忽略此邮件：您的密码不会改变。',
    ],
    resetAction: '设置新密码',
    passwordChangedSubject: '您的 Agora 密码已更改',
    passwordChangedBody: (name: string) => [
      `${name}，您好：`,
      '您 Agora 账户的密码刚刚被更改，其他会话已退出登录。',
      '如果不是您本人，请立即通过下面的链接重置密码。',
    ],
    passwordChangedAction: '重置我的密码',
    emailChangedSubject: '您 Agora 账户的电子邮件地址已更改',
    emailChangedBody: (name: string, email: string) => [
      `${name}，您好：`,
      `您 Agora 账户的电子邮件地址已改为 ${email || '（无）'}。此地址将不再收到邮件。`,
      '如果不是您本人，请立即通过下面的链接重置密码并改回您的地址。',
    ],
  },
} as const

export function verifyEmailMail(
  language: MailLanguage,
  name: string,
  email: string,
  url: string,
): MailContent {
  const t = TEXT[language]
  return {
    language,
    subject: t.verifySubject,
    paragraphs: t.verifyBody(name, email),
    action: { label: t.verifyAction, url },
  }
}

export function resetPasswordMail(language: MailLanguage, name: string, url: string): MailContent {
  const t = TEXT[language]
  return {
    language,
    subject: t.resetSubject,
    paragraphs: t.resetBody(name),
    action: { label: t.resetAction, url },
  }
}

export function passwordChangedMail(language: MailLanguage, name: string, forgotUrl: string): MailContent {
  const t = TEXT[language]
  return {
    language,
    subject: t.passwordChangedSubject,
    paragraphs: t.passwordChangedBody(name),
    action: { label: t.passwordChangedAction, url: forgotUrl },
  }
}

export function emailChangedMail(
  language: MailLanguage,
  name: string,
  email: string,
  forgotUrl: string,
): MailContent {
  const t = TEXT[language]
  return {
    language,
    subject: t.emailChangedSubject,
    paragraphs: t.emailChangedBody(name, email),
    action: { label: t.passwordChangedAction, url: forgotUrl },
  }
}
