// Builds what is out of date: the web app (Vite) and the server bundle (esbuild). Each build's
// inputs are hashed; an unchanged tree is not rebuilt, so `npm start` twice starts at once.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

/** What builds write inside their inputs' folders: never part of an input's hash. */
export const BUILD_OUTPUTS = ['node_modules', 'dist', 'dist-ssr', '.vite']

function filesUnder(path) {
  if (!existsSync(path)) return []
  if (statSync(path).isFile()) return [path]
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !BUILD_OUTPUTS.includes(entry.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)))
    .sort()
}

export function hashOf(inputs) {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file))
      hash.update(readFileSync(file))
    }
  }
  return hash.digest('hex')
}

async function buildIfStale(name, inputs, outDir, build) {
  const stamp = join(root, outDir, '.build-hash')
  const hash = hashOf(inputs)
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    console.log(`${name}: up to date`)
    return
  }
  const started = Date.now()
  console.log(`${name}: building…`)
  await build()
  writeFileSync(stamp, hash)
  console.log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

const shared = ['packages/contract/src', 'package-lock.json']

export async function buildAll() {
  await buildIfStale('web app', ['apps/web', ...shared], 'apps/web/dist', async () => {
    const { build } = await import('vite')
    await build({ root: join(root, 'apps/web'), logLevel: 'warn' })
    // The screens the server draws before the app runs (src/entry-server.tsx), as a Node module.
    await build({
      root: join(root, 'apps/web'),
      logLevel: 'warn',
      build: {
        ssr: 'src/entry-server.tsx',
        outDir: 'dist-ssr',
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
      },
    })
  })
  await buildIfStale(
    'server',
    ['apps/server/src', 'apps/server/package.json', ...shared],
    'apps/server/dist',
    async () => {
      const esbuild = await import('esbuild')
      rmSync(join(root, 'apps/server/dist'), { recursive: true, force: true })
      const pkg = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8'))
      await esbuild.build({
        // The analysis worker thread loads its own file, `analysis.thread.js` beside the bundle.
        entryPoints: {
          main: join(root, 'apps/server/src/main.ts'),
          // `npm run admin`: roles from the command line (scripts/admin.mjs).
          admin: join(root, 'apps/server/src/admin.ts'),
          'analysis.thread': join(root, 'apps/server/src/features/analysis/analysis.thread.ts'),
        },
        outdir: join(root, 'apps/server/dist'),
        bundle: true,
        // Dynamic imports (the Solana chain, the analysis engines) stay separate chunks, loaded on first
        // use. Chunks sit beside main.js so `new URL('./x.js', import.meta.url)` means the same anywhere.
        splitting: true,
        chunkNames: '[name]-[hash]',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        // Installed packages load from node_modules; our own workspace code (contract) is bundled in.
        external: Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
        banner: {
          js: "import { createRequire as __agoraRequire } from 'node:module'; const require = __agoraRequire(import.meta.url);",
        },
        logLevel: 'warning',
      })
    },
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAll()
}
