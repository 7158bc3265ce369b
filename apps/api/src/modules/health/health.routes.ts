import type { FastifyPluginAsync } from 'fastify';

/**
 * Liveness answers while the process runs; readiness also needs the database. Readiness names where rate
 * limits are counted: 'memory (redis unavailable)' is a degraded state, still 200 because the shop works.
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({
    statusCode: 200,
    message: 'OK',
    data: null,
  }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const rateLimits = app.rateLimitMode();
    try {
      await app.database.ping();
      return { statusCode: 200, message: 'OK', data: { database: 'ok', rateLimits } };
    } catch (err) {
      request.log.error({ err }, 'database not ready');
      return reply.code(503).send({
        statusCode: 503,
        message: 'Database unavailable',
        data: { database: 'unavailable', rateLimits },
      });
    }
  });
};

export default healthRoutes;
