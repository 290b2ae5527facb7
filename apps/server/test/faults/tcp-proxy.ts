import { createConnection, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP relay to a database that a test can cut and restore, standing in for a database that
 * restarts or a network that fails (the machine's real PostgreSQL is shared and stays up).
 */
export interface TcpProxy {
  port: number
  /** Drops every relayed connection and stops accepting new ones. */
  cut(): Promise<void>
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  }
  const relay = (client: Socket) => {
    const upstream = createConnection(target)
    track(client)
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  }
  let server: Server = createServer(relay)
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
    })
  const port = await listen(0)
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server.listening) return resolve()
      server.close(() => resolve())
    })
  return {
    port,
    cut: stop,
    async restore() {
      server = createServer(relay)
      await listen(port)
    },
    close: stop,
  }
}
