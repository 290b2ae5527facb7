// `npm run admin -- grant <username> moderator|admin`, `revoke <username>`, `list`: builds the
// server if its sources changed, then runs its roles command (apps/server/src/admin.ts).
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildAll, root } from './build.mjs'

const log = console.log
// The build's own progress lines are not what the person asked for.
console.log = () => {}
await buildAll()
console.log = log
await import(pathToFileURL(join(root, 'apps/server/dist/admin.js')).href)
