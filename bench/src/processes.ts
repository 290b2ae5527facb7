import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface Service {
  url: string
  pid: number
  stop(): Promise<void>
}

/** Starts `node args…` as its own process and waits until `readyPath` answers 200. */
export async function startService(
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
): Promise<Service> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await waitUntilReady(name, child, `${url}${readyPath}`)
  return { url, pid: child.pid!, stop: () => stop(child) }
}

async function waitUntilReady(name: string, child: ChildProcess, url: string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop(child)
  throw new Error(`${name} did not answer ${url} within 2 minutes`)
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

/** A process's resident memory in bytes, from /proc (no debug endpoint in the product). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
  if (!kb) throw new Error(`no VmRSS for process ${pid}`)
  return Number(kb[1]) * 1024
}

/** Samples a process's RSS every `everyMs` until stopped; answers the first and the highest sample. */
export function sampleResident(pid: number, everyMs = 10) {
  const first = residentBytes(pid)
  let peak = first
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid))
  }, everyMs)
  return {
    stop() {
      clearInterval(timer)
      peak = Math.max(peak, residentBytes(pid))
      return { first, peak }
    },
  }
}
