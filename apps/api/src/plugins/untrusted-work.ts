import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUntrustedPool, type UntrustedWork } from '../workers/untrusted-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Worker threads for parsing uploads and drawing documents, off the event loop. */
    untrustedWork: UntrustedWork;
  }
}

/**
 * The worker pool for untrusted work (ARCHITECTURE section 8). Registered before the background jobs, so
 * at close the jobs stop first (Fastify closes in reverse order) and the pool ends after them; its threads
 * never hold the process open.
 */
export default fp(
  async function untrustedWork(app: FastifyInstance) {
    const pool = createUntrustedPool(app.log);
    app.decorate('untrustedWork', pool);
    app.addHook('onClose', async () => pool.close());
  },
  { name: 'untrusted-work' },
);
