import type { TFunction } from 'i18next'
import { expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { faucetErrorText } from './faucetErrors'

const t = ((key: string) => `t:${key}`) as unknown as TFunction

it("shows the server's detail, and the app's own sentence when there is none worth showing", () => {
  expect(faucetErrorText(new ApiError(400, 'Invalid Solana address', 'invalid_address'), t)).toBe(
    'Invalid Solana address',
  )
  expect(
    faucetErrorText(
      new ApiError(503, 'Source account does not exist or is not activated', 'transfer_failed'),
      t,
    ),
  ).toBe('Source account does not exist or is not activated')
  expect(faucetErrorText(new ApiError(500, 'Internal Server Error', 'internal'), t)).toBe('t:token:failed')
  expect(faucetErrorText(new ApiError(0, 'Could not reach the server', 'network'), t)).toBe(
    't:common:api.network',
  )
  expect(faucetErrorText(new ApiError(0, 'The server did not answer in time', 'timeout'), t)).toBe(
    't:common:api.timeout',
  )
  expect(faucetErrorText(new Error('boom'), t)).toBe('t:token:failed')
})
