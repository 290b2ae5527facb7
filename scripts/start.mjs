// `npm start`: build what is missing, then run the server, which also serves the web app.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildAll, root } from './build.mjs'

await buildAll()
if (process.argv.includes('--build-only')) process.exit(0)

process.env.WEB_DIST ??= join(root, 'apps/web/dist')
process.env.NODE_ENV ??= 'production'
await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href)
