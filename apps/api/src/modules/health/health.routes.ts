import type { FastifyPluginAsync } from 'fastify';

/** Liveness answers while the process runs; readiness also needs the database. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({
    statusCode: 200,
    message: 'OK',
    data: null,
  }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { statusCode: 200, message: 'OK', data: null };
    } catch (err) {
      request.log.error({ err }, 'database not ready');
      return reply.code(503).send({ statusCode: 503, message: 'Database unavailable', data: null });
    }
  });
};

export default healthRoutes;
