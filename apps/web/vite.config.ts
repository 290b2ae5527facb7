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
    // Budget: first load of /forum stays under 170 KB gzip; report anything suspicious.
    chunkSizeWarningLimit: 400,
  },
})
