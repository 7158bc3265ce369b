import { spawn } from 'node:child_process';

/**
 * A server that answers every request with one fixed body: the most a Node server can do here. It runs in a
 * process of its own, as the shop does, so it never shares an event loop with autocannon.
 */
const BARE_SERVER = `
const http = require('node:http');
let answer = { body: Buffer.alloc(0), headers: { 'content-type': 'application/json' } };
const server = http.createServer((_request, response) => {
  response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
  response.end(answer.body);
});
server.keepAliveTimeout = 72000;
process.on('message', (message) => {
  answer = { body: Buffer.from(message.body, 'base64'), headers: message.headers };
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
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
