/**
 * Token amounts as the rewards API sends them: decimal strings of integer base units (10^-9 tokens).
 * Kept in BigInt from the wire to the screen, so no amount is ever rounded through a float.
 *
 *   formatTokens('12500000000', 'en')                  // '12.5'
 *   formatTokens('-1000000000', 'en', { signed: true }) // '-1'
 *   parseTokens('0.000000001')                          // { units: 1n }
 */
import { TOKEN_DECIMALS } from '@agora/contract/limits'

/** Base units in one token. */
export const TOKEN_SCALE = 10n ** BigInt(TOKEN_DECIMALS)

/** Base units as BigInt; anything that is not an integer string counts as 0. */
export function toUnits(value: string | bigint): bigint {
  if (typeof value === 'bigint') return value
  return /^-?\d+$/.test(value.trim()) ? BigInt(value.trim()) : 0n
}

/** An amount split for display: sign, whole tokens, and the decimals that matter ('' for none). */
function splitUnits(units: bigint): { negative: boolean; whole: bigint; fraction: string } {
  const magnitude = units < 0n ? -units : units
  const fraction = (magnitude % TOKEN_SCALE).toString().padStart(TOKEN_DECIMALS, '0').replace(/0+$/, '')
  return { negative: units < 0n, whole: magnitude / TOKEN_SCALE, fraction }
}

/** The amount in tokens as a plain decimal ('12.5', '-0.000000001'): for inputs and the API. */
export function unitsToDecimal(value: string | bigint): string {
  const { negative, whole, fraction } = splitUnits(toUnits(value))
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Tokens as a Number, for compact figures ('1.2K') only: it may round, so exact displays use formatTokens. */
export function unitsToNumber(value: string | bigint): number {
  return Number(unitsToDecimal(value))
}

export interface FormatTokensOptions {
  /** Shows '+' before a gain as well as '−' before a loss (ledger entries). */
  signed?: boolean
}

/**
 * The amount in tokens in the reader's locale: the whole part grouped by Intl (which takes a BigInt
 * exactly), every significant decimal kept, the locale's own decimal separator and signs.
 */
export function formatTokens(
  value: string | bigint,
  locale: string,
  { signed = false }: FormatTokensOptions = {},
): string {
  const units = toUnits(value)
  const { negative, whole, fraction } = splitUnits(units)
  const format = new Intl.NumberFormat(locale)
  const parts = format.formatToParts(-1.5)
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.'
  const minus = parts.find((part) => part.type === 'minusSign')?.value ?? '-'
  const plus =
    new Intl.NumberFormat(locale, { signDisplay: 'always' })
      .formatToParts(1)
      .find((part) => part.type === 'plusSign')?.value ?? '+'
  const body = `${format.format(whole)}${fraction ? `${decimal}${fraction}` : ''}`
  if (negative) return `${minus}${body}`
  return signed && units > 0n ? `${plus}${body}` : body
}

export type ParsedTokens = { units: bigint } | { problem: 'invalid' | 'tooPrecise' }

/**
 * What someone typed as a token amount ('12', '12.5', '.5', ' 3. '), in base units exactly. Up to
 * TOKEN_DECIMALS decimals; no sign, exponent or grouping, so what is sent is what was read.
 */
export function parseTokens(text: string): ParsedTokens {
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text.trim())
  if (!match || (match[1] === '' && !match[2])) return { problem: 'invalid' }
  const [, whole, fraction = ''] = match
  if (fraction.length > TOKEN_DECIMALS) return { problem: 'tooPrecise' }
  return { units: BigInt(whole || '0') * TOKEN_SCALE + BigInt(fraction.padEnd(TOKEN_DECIMALS, '0')) }
}
