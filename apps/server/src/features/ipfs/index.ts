/** The trustless IPFS gateway (issue 22): /ipfs/{cid}[/{path}] at the site's root. */
export { ipfsRoutes } from './ipfs.routes'
