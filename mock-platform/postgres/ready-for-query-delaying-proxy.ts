import net from 'node:net'

/** ReadyForQuery's message type ('Z') in the server's stream. */
const READY_FOR_QUERY = 0x5a
const DELAY_MS = 10

/**
 * A test's TCP proxy to a PostgreSQL server that hands the client each ReadyForQuery 10 ms after
 * what came before it, so that the client always reads it apart from the error or result it ends
 * (on a loaded machine that happens by chance). Server messages after start-up are all typed:
 * one type byte, then an int32 length that counts itself.
 */
export async function startReadyForQueryDelayingProxy(databaseUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(databaseUrl)
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => undefined)
      socket.on('close', () => {
        sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      })
    }
    // Each message its own segment: with Nagle the error would wait for its ACK and go with the ReadyForQuery.
    client.setNoDelay(true)
    client.pipe(upstream)
    let pending = Buffer.alloc(0)
    let forwarded = Promise.resolve()
    upstream.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk])
      while (pending.length >= 5) {
        const length = 1 + pending.readInt32BE(1)
        if (pending.length < length) break
        const message = pending.subarray(0, length)
        pending = pending.subarray(length)
        forwarded = forwarded.then(async () => {
          if (message[0] === READY_FOR_QUERY) await new Promise((resolve) => setTimeout(resolve, DELAY_MS))
          client.write(message)
        })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  return {
    url: url.toString(),
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
