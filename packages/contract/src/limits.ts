// Plain constants with no schema library behind them, so the web bundle can import them cheaply.

/** Limits shared by the server's validation and the forms' maxLength attributes. */
export const USERNAME_MAX = 20
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const EMAIL_MAX = 254
export const PHONE_MAX = 20
/** Letters and digits of any script, plus _ . - */
export const USERNAME_PATTERN = '^[\\p{L}\\p{N}_.\\-]+$'
export const PHONE_PATTERN = '^[0-9 +()\\-]*$'
/** Access tokens live 15 minutes in both modes (architecture.md §6). */
export const ACCESS_TOKEN_TTL_SECONDS = 900
