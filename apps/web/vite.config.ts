import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { constants } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
// The screens the server may draw before the app runs (apps/server/src/features/pages), each one's
// module and the texts (i18n namespaces beyond the shell's) its route fetches with it (router.tsx).
import DRAWN_SCREENS from './src/app/drawn-screens.json' with { type: 'json' }

/**
 * Parts a drawn post's text may need (the server draws its Markdown, math and code as the app
 * shows them): their files are named on the same tag (`data-markdown-part`, …), for the server
 * to link their stylesheets when the text it drew uses them, and for route-prefetch.js to fetch
 * their code with the app's (the app takes over once it draws the text the same).
 */
const DRAWN_PARTS = {
  markdown: '/src/ui/Markdown.tsx',
  math: '/src/ui/markdown/math.ts',
  code: '/src/ui/markdown/highlight.ts',
  // Not the text's: the viewer of a PDF the drawn page shows, fetched with the app's code.
  pdf: '/src/features/post/pdf/PdfWithComments.tsx',
}

/**
 * Names each drawn screen's files on index.html's route-prefetch.js tag (`data-home-screen`, …,
 * `data-texts-<language>`), so that script fetches them beside the app's code instead of after it,
 * and the server can link the stylesheets of a screen it draws.
 */
function screenFiles(): Plugin {
  return {
    name: 'agora-screen-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle: Rollup.OutputBundle | undefined = context.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
        const entry = chunks.find((chunk) => chunk.isEntry)
        if (!entry) throw new Error('no entry chunk in the bundle')
        const closure = (name: string, seen: Set<string>) => {
          if (seen.has(name)) return seen
          seen.add(name)
          const chunk = bundle[name]
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(imported, seen)
          return seen
        }
        const loaded = closure(entry.fileName, new Set())
        /** A chunk's files the entry does not load already (its own, its imports', their CSS), as URLs. */
        const filesBeyondEntry = (fileName: string) => {
          const needed = [...closure(fileName, new Set())].filter((file) => !loaded.has(file))
          const css = needed.flatMap((file) => {
            const chunk = bundle[file]
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : []
          })
          return [...needed, ...css].map((file) => `/${file}`).join(' ')
        }
        const chunkOf = (module: string) => {
          const chunk = chunks.find((candidate) =>
            candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(module),
          )
          if (!chunk) throw new Error(`no chunk for ${module} in the bundle`)
          return chunk
        }
        const attributes = Object.entries(DRAWN_SCREENS).map(([name, screen]) => {
          const texts = screen.texts.map((text) => chunkOf(`/src/i18n/locales/en/${text}.json`).fileName)
          const files = [chunkOf(screen.module).fileName, ...texts].map(filesBeyondEntry).join(' ')
          return ` data-${name}-screen="${files}"`
        })
        for (const chunk of chunks) {
          const language = /^locale-([\w-]+)$/.exec(chunk.name)?.[1]
          if (language && language !== 'en' && !loaded.has(chunk.fileName))
            attributes.push(` data-texts-${language}="${filesBeyondEntry(chunk.fileName)}"`)
        }
        const parts = Object.entries(DRAWN_PARTS).map(
          ([name, part]) => ` data-${name}-part="${filesBeyondEntry(chunkOf(part).fileName)}"`,
        )
        attributes.push(...parts)
        // pdf.js's worker, which route-prefetch.js starts on a drawn page with a PDF (features/post/pdf/source.ts).
        const worker = Object.values(bundle).find(
          (file) => file.type === 'asset' && file.fileName.includes('pdf.worker'),
        )
        if (!worker) throw new Error('no pdf.js worker in the bundle')
        attributes.push(` data-pdf-worker="/${worker.fileName}"`)
        const tag = '<script src="/route-prefetch.js" async>'
        if (!html.includes(tag)) throw new Error(`index.html has no ${tag}`)
        return html.replace(tag, `<script src="/route-prefetch.js"${attributes.join('')} async>`)
      },
    },
  }
}

/**
 * Puts the stylesheets first in index.html's head, before the scripts Vite adds: they are all the
 * first paint waits for, and over HTTP/1.1's six connections per host the browser sends requests in
 * the order it finds them, so the stylesheets no longer queue behind the app's code.
 */
function stylesFirst(): Plugin {
  return {
    name: 'agora-styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/<link rel="stylesheet"[^>]*>/g) ?? []
        if (styles.length === 0) return html
        const title = html.indexOf('</title>')
        if (title < 0) throw new Error('index.html has no <title>')
        let rest = html
        for (const style of styles) rest = rest.replace(style, '')
        const at = rest.indexOf('</title>') + '</title>'.length
        return `${rest.slice(0, at)}\n    ${styles.join('\n    ')}${rest.slice(at)}`
      },
    },
  }
}

/**
 * Writes a brotli and a gzip copy beside each app file the browser fetches, sent as they are
 * (`preCompressed`): compressed once at build time, not on the server's one thread per visit.
 * Brotli quality 10 has nearly all of 11's gain in less than half its time. index.html is left out:
 * the server fills it in per page.
 */
function precompressed(): Plugin {
  const plugin = compression({
    include: /\.(js|mjs|css|svg|json|webmanifest)$/,
    threshold: 1024,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    logLevel: 'silent',
  })
  return { ...plugin, apply: (_config, env) => env.command === 'build' && !env.isSsrBuild }
}

/**
 * React Router's package names only its development build (ENABLE_DEV_WARNINGS on) as its export,
 * production included (remix-run/react-router#14102): the browser's build takes its production
 * build, the same code without the warnings. The server's build (entry-server) leaves it to Node.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

// In development the API runs separately (`npx tsx apps/server/src/main.ts`); Vite proxies /api to it.
// In production the API server serves the built app itself, so every request is same-origin.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), screenFiles(), stylesFirst(), precompressed()],
  resolve: {
    alias:
      command === 'build' && !isSsrBuild
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : [],
  },
  server: {
    proxy: { '/api': { target: process.env.AGORA_API ?? 'http://localhost:8080' } },
  },
  build: {
    // dist/.vite/manifest.json: which chunks each route loads (the bench weighs first loads with it).
    manifest: true,
    rolldownOptions: {
      // The brotli copies take most of the build on purpose (precompressed above): no warning about it.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // The libraries every page needs change rarely: one long-cached chunk apart from our own code.
          // Only the shell's libraries: heavy ones used by single screens stay in those screens' chunks.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|i18next-browser-languagedetector|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
            },
            // One chunk per on-demand language instead of one per namespace file. English screens'
            // namespaces stay a chunk each, fetched with their screen (i18n/index.ts, router.tsx).
            {
              debugName: 'locale',
              name: (id: string) => {
                const language = /i18n[\\/]locales[\\/]([\w-]+)[\\/]/.exec(id)?.[1]
                return language ? `locale-${language}` : null
              },
              test: /i18n[\\/]locales[\\/](?!en[\\/](?!(common|auth|errors|wallet|notifications|home|forum)\.json))/,
            },
          ],
        },
      },
    },
  },
}))
