/**
 * A TCP relay between the shop and PostgreSQL that counts the shop's round trips: every simple query
 * ('Q') and every Sync ('S', the end of an extended-protocol exchange of Parse/Bind/Execute) is one request
 * the shop sends and then waits for. Used by `ordering.ts` with BENCH_ORDER_ROUND_TRIPS=1; it costs the
 * bench process some CPU, so its runs count round trips and are not compared for latency.
 */
import net from 'node:net';

export interface RoundTripCounter {
  /** The database URL with the relay's address in place of the server's. */
  url: string;
  /** Simple queries and Syncs since the last reset. */
  readonly count: number;
  reset(): void;
  close(): Promise<void>;
}

export async function countRoundTrips(databaseUrl: string): Promise<RoundTripCounter> {
  const target = new URL(databaseUrl);
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let buffered: Buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      // The startup packet has no type byte; every later message is a type byte and an int32 length.
      for (;;) {
        if (!started) {
          if (buffered.length < 4) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          buffered = buffered.subarray(length);
          started = true;
          continue;
        }
        if (buffered.length < 5) break;
        const length = buffered.readInt32BE(1);
        if (buffered.length < 1 + length) break;
        const type = String.fromCharCode(buffered[0]!);
        if (type === 'Q' || type === 'S') count++;
        buffered = buffered.subarray(1 + length);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
