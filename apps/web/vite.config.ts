import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// In development the API runs separately (`npx tsx apps/server/src/main.ts`); Vite proxies /api to it.
// In production the API server serves the built app itself, so every request is same-origin.
export default defineConfig({
  plugins: [react()],
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
