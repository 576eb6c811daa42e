import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * A TCP server that accepts every connection and never answers: a proxy (or any server) that
 * hangs. It counts the connections it accepted.
 */
export async function startSilentServer() {
  const sockets = new Set<Socket>()
  let connections = 0
  const server = createServer((socket) => {
    connections += 1
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => sockets.delete(socket))
    socket.resume()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy())
        server.close(() => resolve())
      })
  }
}
