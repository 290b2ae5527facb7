import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { address, getBase58Decoder, getTransactionDecoder } from '@solana/kit'
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm'
import { asRpcError } from './chain.local'

// For tests only: a Solana JSON-RPC node over a LiteSVM, answering the few methods the RPC
// adapter uses, so chain.rpc.ts is tested through real HTTP and real transaction bytes.

export interface FakeRpcNode {
  url: string
  /** Accept transactions without running them: their status stays unknown. */
  dropTransactions: boolean
  /** The block height the node reports (past a blockhash's last valid height it has expired). */
  blockHeight: number
  /** Methods called, in order. */
  calls: string[]
  close(): Promise<void>
}

const LAST_VALID_BLOCK_HEIGHT = 1_000

export async function startFakeRpc(svm: LiteSVM): Promise<FakeRpcNode> {
  const statuses = new Map<string, { err: unknown }>()
  const decodeTransaction = (wire: string) => getTransactionDecoder().decode(Buffer.from(wire, 'base64'))
  const signatureOf = (wire: string) => {
    const [signature] = Object.values(decodeTransaction(wire).signatures)
    return getBase58Decoder().decode(signature!)
  }
  const context = { slot: 1 }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getMultipleAccounts: ([addresses]) => ({
      context,
      value: (addresses as string[]).map((item) => {
        const account = svm.getAccount(address(item))
        if (!account.exists) return null
        return {
          data: [Buffer.from(account.data).toString('base64'), 'base64'],
          executable: account.executable,
          lamports: Number(account.lamports),
          owner: account.programAddress,
          rentEpoch: 0,
          space: account.data.length,
        }
      }),
    }),
    getMinimumBalanceForRentExemption: ([size]) =>
      Number(svm.minimumBalanceForRentExemption(BigInt(size as number))),
    getLatestBlockhash: () => ({
      context,
      value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: LAST_VALID_BLOCK_HEIGHT },
    }),
    simulateTransaction: ([wire]) => {
      const result = svm.simulateTransaction(decodeTransaction(wire as string))
      const err = result instanceof FailedTransactionMetadata ? asRpcError(result.err()) : null
      return { context, value: { err, logs: [], accounts: null, unitsConsumed: 0, returnData: null } }
    },
    sendTransaction: ([wire]) => {
      const signature = signatureOf(wire as string)
      if (!node.dropTransactions) {
        const result = svm.sendTransaction(decodeTransaction(wire as string))
        statuses.set(signature, {
          err: result instanceof FailedTransactionMetadata ? asRpcError(result.err()) : null,
        })
      }
      return signature
    },
    getSignatureStatuses: ([signatures]) => ({
      context,
      value: (signatures as string[]).map((signature) => {
        const status = statuses.get(signature)
        if (!status) return null
        return {
          slot: 1,
          confirmations: null,
          err: status.err,
          confirmationStatus: 'confirmed',
          status: status.err ? { Err: status.err } : { Ok: null },
        }
      }),
    }),
    getBlockHeight: () => node.blockHeight,
  }

  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { id, method, params } = JSON.parse(body) as { id: unknown; method: string; params: unknown[] }
      node.calls.push(method)
      const handler = methods[method]
      const answer = handler
        ? { jsonrpc: '2.0', id, result: handler(params ?? []) }
        : { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const node: FakeRpcNode = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropTransactions: false,
    blockHeight: 10,
    calls: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return node
}
