/** The trustless IPFS gateway (issue 22): /ipfs/{cid}[/{path}] at the site's root. */
export { ipfsRoutes, postCarRoutes } from './ipfs.routes'
