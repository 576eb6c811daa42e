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

/**
 * A proxy that closes every connection as soon as the client speaks (its CONNECT, or a request):
 * a client that takes that for a passing failure connects again and again. It counts them.
 */
export async function startClosingProxy() {
  let connections = 0
  const server = createServer((socket) => {
    socket.on('error', () => undefined)
    socket.once('data', () => {
      connections += 1
      socket.destroy()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
      })
  }
}
