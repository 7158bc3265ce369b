import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import authRoutes from './modules/auth/auth.routes.js';
import catalogRoutes from './modules/catalog/catalog.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import mediaRoutes from './modules/media/media.routes.js';
import authPlugin from './plugins/auth.js';
import dbPlugin from './plugins/db.js';
import errorsPlugin from './plugins/errors.js';
import openapiPlugin from './plugins/openapi.js';
import webPlugin from './plugins/web.js';

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built storefront to serve; omitted in API tests. */
  webDistDir?: string;
};

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.accessToken',
  '*.token',
];

/** Builds the shop: external plugins, then the shop's own plugins, then the modules. */
export async function buildApp({ config, database, logger, webDistDir }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact: REDACTED_PATHS },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  if (config.RATE_LIMIT) await app.register(rateLimit, { global: false });

  await app.register(dbPlugin, { database });
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(authRoutes, { tokenTtlHours: config.TOKEN_TTL_HOURS });
    },
    { prefix: '/api/v1' },
  );
  if (webDistDir) await app.register(webPlugin, { distDir: webDistDir });
  return app;
}
