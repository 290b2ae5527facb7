/** The trustless IPFS gateway: /ipfs/{cid}[/{path}] at the site's root. */
export { ipfsRoutes, postCarRoutes } from './ipfs.routes'
