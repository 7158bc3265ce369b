import { spawn } from 'node:child_process';

/**
 * A server that answers every request with one fixed body, or with the body kept for its path and
 * Authorization header: the most a Node server can do here. It runs in a process of its own, as the shop
 * does, so it never shares an event loop with autocannon.
 */
const BARE_SERVER = `
const http = require('node:http');
let answer = { body: Buffer.alloc(0), headers: { 'content-type': 'application/json' } };
let answers = new Map();
const server = http.createServer((request, response) => {
  const kept = answers.size ? answers.get(request.url + '|' + (request.headers.authorization || '')) : undefined;
  const { body, headers } = kept || answer;
  response.writeHead(200, { ...headers, 'content-length': body.length });
  response.end(body);
});
server.keepAliveTimeout = 72000;
const decoded = (a) => ({ body: Buffer.from(a.body, 'base64'), headers: a.headers });
process.on('message', (message) => {
  if (message.table) answers = new Map(message.table.map((a) => [a.key, decoded(a)]));
  else {
    answers = new Map();
    answer = decoded(message);
  }
  process.send({ served: true });
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
`;

export async function bareServer() {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () => new Promise<{ port?: number }>((resolve) => child.once('message', resolve));
  const { port } = await next();
  return {
    url: `http://127.0.0.1:${port}`,
    /** Answers every request from now on with `body` and `headers` (its content type, and encoding if any). */
    async serve(body: Buffer, headers: Record<string, string>) {
      const served = next();
      child.send({ body: body.toString('base64'), headers });
      await served;
    },
    /** Answers each request with the body kept for its path and Authorization header (`path|authorization`). */
    async serveTable(table: { key: string; body: Buffer; headers: Record<string, string> }[]) {
      const served = next();
      child.send({ table: table.map((a) => ({ ...a, body: a.body.toString('base64') })) });
      await served;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
