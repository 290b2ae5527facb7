import type { TokenChain } from './token.chain'

// For tests only: the chain as seen by a server killed mid-transfer. Its send stops for good at a
// stage (the request never answers, and nothing after the stage runs, as after kill -9), so the
// grant or claim stays as the dead process left it:
// - 'before-signing': the transaction was never signed (no signature stored, nothing sent);
// - 'signed': signed and its signature stored, never submitted;
// - 'landed': submitted and landed on chain, the answer never stored.

export type StopStage = 'before-signing' | 'signed' | 'landed'

class Stopped extends Error {}

const forever = () => new Promise<never>(() => {})

export function stoppingChain(chain: TokenChain, stage: StopStage): TokenChain {
  return {
    ...chain,
    async send(instructions, onSigned) {
      if (stage === 'landed') await chain.send(instructions, onSigned)
      if (stage === 'signed') {
        // The real chain signs and calls back; stopping inside the callback keeps it from submitting.
        await chain
          .send(instructions, async (signature) => {
            await onSigned?.(signature)
            throw new Stopped()
          })
          .catch((error) => {
            if (!(error instanceof Stopped)) throw error
          })
      }
      return forever()
    },
  }
}

/** The chain whose transfers wait, before anything else, until `release` is called. */
export function heldChain(chain: TokenChain): { chain: TokenChain; release: () => void } {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  return {
    chain: {
      ...chain,
      send: async (instructions, onSigned) => {
        await held
        return chain.send(instructions, onSigned)
      },
    },
    release: () => release(),
  }
}
