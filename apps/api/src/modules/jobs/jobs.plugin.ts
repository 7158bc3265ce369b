import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from './jobs.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/**
 * The background-job runner of this instance. Modules register their kinds of job while plugins load;
 * the runner starts when the app is ready and stops, between two steps of its job, when the app closes.
 */
export default fp(
  async function jobs(app: FastifyInstance) {
    const runner = createJobRunner({ db: app.db, log: app.log.child({ module: 'jobs' }) });
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);
