import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type Rollup } from 'vite'

/**
 * Names the post screen's files (its chunk, the chunks it imports that the entry does not, their CSS)
 * on index.html's route-prefetch.js tag, so that script can fetch them on a post page beside the
 * app's own code: otherwise they are found only once the app's code has run (public/route-prefetch.js).
 */
function postScreenFiles(): Plugin {
  const screen = '/src/features/post/PostDetailPage.tsx'
  return {
    name: 'agora-post-screen-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle: Rollup.OutputBundle | undefined = context.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
        const entry = chunks.find((chunk) => chunk.isEntry)
        const route = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(screen))
        if (!entry || !route) throw new Error(`no entry or no chunk for ${screen} in the bundle`)
        const closure = (name: string, seen: Set<string>) => {
          if (seen.has(name)) return seen
          seen.add(name)
          const chunk = bundle[name]
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(imported, seen)
          return seen
        }
        const loaded = closure(entry.fileName, new Set())
        const needed = [...closure(route.fileName, new Set())].filter((name) => !loaded.has(name))
        const css = needed.flatMap((name) => {
          const chunk = bundle[name]
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : []
        })
        const files = [...needed, ...css].map((name) => `/${name}`).join(' ')
        const tag = '<script src="/route-prefetch.js" async>'
        if (!html.includes(tag)) throw new Error(`index.html has no ${tag}`)
        return html.replace(tag, `<script src="/route-prefetch.js" data-post-screen="${files}" async>`)
      },
    },
  }
}

// In development the API runs separately (`npx tsx apps/server/src/main.ts`); Vite proxies /api to it.
// In production the API server serves the built app itself, so every request is same-origin.
export default defineConfig({
  plugins: [react(), postScreenFiles()],
  server: {
    proxy: { '/api': { target: process.env.AGORA_API ?? 'http://localhost:8080' } },
  },
  build: {
    // dist/.vite/manifest.json: which chunks each route loads (the bench weighs first loads with it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page needs change rarely: one long-cached chunk apart from our own code.
          // Only the shell's libraries: heavy ones used by single screens stay in those screens' chunks.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|i18next-browser-languagedetector|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
            },
            // One chunk per on-demand language instead of one per namespace file.
            {
              debugName: 'locale',
              name: (id: string) => {
                const language = /i18n[\\/]locales[\\/]([\w-]+)[\\/]/.exec(id)?.[1]
                return language ? `locale-${language}` : null
              },
              test: /i18n[\\/]locales[\\/]/,
            },
          ],
        },
      },
    },
  },
})
