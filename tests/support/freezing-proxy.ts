import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can freeze: while frozen it passes nothing either way,
 * as a hung server or a network partition does (connections stay open, no answer comes). Unlike a
 * restart, nothing is refused or cut, so only a timeout tells the app that the database is away.
 */
export async function startFreezingProxy(target: { host: string; port: number }, port = 0) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const held: (() => void)[] = [];
  const relay = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    relay(client, upstream);
    relay(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    /** Passes on what was held, in order, and what comes after. */
    thaw: () => {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
