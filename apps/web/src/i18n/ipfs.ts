// The IPFS tools beside a post's files (issue 22): their English is in the post screen's chunk, not in
// every first load (the /forum first load has a budget). Import this module where the texts are used.
import { registerEnglish } from './index'
import english from './locales/en/ipfs.json'

export const IPFS_NS = 'ipfs'
registerEnglish(IPFS_NS, english)
