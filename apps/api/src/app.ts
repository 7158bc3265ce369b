import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import { resolveSecret } from './config/secret.js';
import type { Database } from './db/client.js';
import { logSerializers, terminalLogOptions } from './lib/log.js';
import type { Mailer } from './lib/mailer.js';
import { OneLinePerRequest } from './lib/request-log.js';
import type { FileStorage } from './lib/storage/storage.js';
import { requestValidatorCompiler } from './lib/validation.js';
import authRoutes from './modules/auth/auth.routes.js';
import buyerAdminRoutes from './modules/buyers/buyers.routes.js';
import cartRoutes from './modules/cart/cart.routes.js';
import catalogRoutes from './modules/catalog/catalog.routes.js';
import catalogueUpkeepPlugin from './modules/catalog/catalogue-upkeep.plugin.js';
import { pageLeadImage } from './modules/catalog/page-preloads.js';
import catalogAdminRoutes from './modules/catalog-admin/catalog-admin.routes.js';
import inquiryAdminRoutes from './modules/contact/contact.admin-routes.js';
import contactRoutes from './modules/contact/contact.routes.js';
import dashboardRoutes from './modules/dashboard/dashboard.routes.js';
import { documentAdminRoutes, documentRoutes } from './modules/documents/documents.routes.js';
import { fileApiRoutes, localFileRoutes } from './modules/files/files.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import jobsPlugin from './modules/jobs/jobs.plugin.js';
import mediaRoutes from './modules/media/media.routes.js';
import orderEditRoutes from './modules/order-edits/order-edits.routes.js';
import orderExportRoutes from './modules/order-exports/order-exports.routes.js';
import labelDemandRoutes from './modules/orders/label-demand.routes.js';
import orderAdminRoutes from './modules/orders/orders.admin-routes.js';
import orderBulkRoutes from './modules/orders/orders.bulk-routes.js';
import orderRoutes from './modules/orders/orders.routes.js';
import takenOrderRoutes from './modules/orders/orders.taken-routes.js';
import releaseWeekRoutes from './modules/orders/release-week.routes.js';
import salesFoldPlugin from './modules/orders/sales-fold.plugin.js';
import { allocationAdminRoutes, backorderChoiceRoutes } from './modules/preorders/allocation.routes.js';
import pricingAdminRoutes from './modules/pricing/pricing.routes.js';
import quickOrderRoutes from './modules/quick-order/quick-order.routes.js';
import salesRoutes from './modules/sales/sales.routes.js';
import savedListRoutes from './modules/saved-lists/saved-lists.routes.js';
import shipmentAdminRoutes from './modules/shipments/shipments.routes.js';
import signupRoutes from './modules/signup/signup.routes.js';
import staffRoutes from './modules/staff/staff.routes.js';
import { stockAlertAdminRoutes, stockAlertRoutes } from './modules/stock-alerts/stock-alerts.routes.js';
import userRoutes from './modules/user/user.routes.js';
import answerLanguagePlugin from './plugins/answer-language.js';
import authPlugin from './plugins/auth.js';
import catalogueCachePlugin from './plugins/catalogue-cache.js';
import dbPlugin from './plugins/db.js';
import errorsPlugin, { clientErrorReply, frameworkErrorReply } from './plugins/errors.js';
import mailPlugin from './plugins/mail.js';
import metricsPlugin from './plugins/metrics.js';
import notificationsPlugin from './plugins/notifications.js';
import openapiPlugin from './plugins/openapi.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import securityHeaders from './plugins/security-headers.js';
import shopAddressPlugin from './plugins/shop-address.js';
import staffAuthPlugin, { guardBackOffice } from './plugins/staff-auth.js';
import storagePlugin, { createStorage } from './plugins/storage.js';
import untrustedWorkPlugin from './plugins/untrusted-work.js';
import webPlugin from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Signs file URLs and keys verification codes. */
    secret: string;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built storefront and back office to serve; omitted in API tests. */
  webDistDir?: string;
  adminDistDir?: string;
  secret?: string;
  /** Defaults: local disk or S3 from the config; SMTP or the outbox from the config. */
  storage?: FileStorage;
  mailTransport?: Mailer;
};

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.accessToken',
  '*.token',
];

/** Builds the shop: external plugins, then the shop's own plugins, then the modules. */
export async function buildApp({
  config,
  database,
  logger,
  webDistDir,
  adminDistDir,
  ...overrides
}: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: REDACTED_PATHS,
      serializers: logSerializers,
      ...terminalLogOptions(),
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    // Slow clients cannot hold connections: headers must arrive within HEADERS_TIMEOUT_MS, the whole
    // request within REQUEST_TIMEOUT_MS (checked every second, not Node's default 30 s).
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    // Answers during shutdown, malformed URLs and unparsable requests come in the envelope too.
    return503OnClosing: false,
    frameworkErrors: frameworkErrorReply,
    clientErrorHandler: clientErrorReply,
    trustProxy: config.TRUST_PROXY,
  });
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const secret = overrides.secret ?? resolveSecret(config);
  app.decorate('config', config);
  app.decorate('secret', secret);

  await app.register(securityHeaders, {
    // Over plain HTTP (a LAN address, a test machine) the browser must not be told to upgrade to HTTPS.
    strictTransportSecurity: config.HTTPS ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: config.HTTPS ? [] : null,
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The back office shows a buyer's PDF certificate from a blob it fetched.
        frameSrc: ["'self'", 'blob:'],
      },
    },
  });
  await app.register(rateLimitPlugin, { config });

  // Answers over 1 KB go out compressed (brotli at a speed-minded level, or gzip); hashed assets are served
  // from the copies compressed at build time instead.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(dbPlugin, { database });
  await app.register(errorsPlugin);
  await app.register(answerLanguagePlugin);
  await app.register(untrustedWorkPlugin);
  await app.register(notificationsPlugin);
  await app.register(jobsPlugin);
  await app.register(catalogueUpkeepPlugin);
  await app.register(catalogueCachePlugin, { enabled: config.CATALOGUE_CACHE });
  await app.register(salesFoldPlugin);
  if (config.METRICS) await app.register(metricsPlugin);
  await app.register(authPlugin);
  await app.register(shopAddressPlugin, { config });
  await app.register(staffAuthPlugin);
  await app.register(mailPlugin, { config, transport: overrides.mailTransport });
  await app.register(storagePlugin, { storage: overrides.storage ?? (await createStorage(config, secret)) });
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  await app.register(localFileRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(authRoutes, { tokenTtlHours: config.TOKEN_TTL_HOURS });
      await api.register(signupRoutes);
      await api.register(userRoutes);
      await api.register(fileApiRoutes);
      await api.register(contactRoutes);
      await api.register(cartRoutes);
      await api.register(quickOrderRoutes);
      await api.register(savedListRoutes);
      await api.register(orderRoutes);
      await api.register(documentRoutes);
      await api.register(stockAlertRoutes);
      await api.register(backorderChoiceRoutes);
    },
    { prefix: '/api/v1' },
  );
  // The back office: staff tokens only (buyer tokens never resolve here, nor staff tokens in the shop).
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', guardBackOffice);
      await admin.register(staffRoutes, { tokenTtlHours: config.TOKEN_TTL_HOURS });
      await admin.register(dashboardRoutes);
      await admin.register(buyerAdminRoutes);
      await admin.register(orderAdminRoutes);
      await admin.register(takenOrderRoutes);
      await admin.register(orderEditRoutes);
      await admin.register(shipmentAdminRoutes);
      await admin.register(orderBulkRoutes);
      await admin.register(salesRoutes);
      await admin.register(orderExportRoutes);
      await admin.register(labelDemandRoutes);
      await admin.register(allocationAdminRoutes);
      await admin.register(releaseWeekRoutes);
      await admin.register(documentAdminRoutes);
      await admin.register(inquiryAdminRoutes);
      await admin.register(catalogAdminRoutes);
      await admin.register(stockAlertAdminRoutes);
      await admin.register(pricingAdminRoutes);
    },
    { prefix: '/api/v1/admin' },
  );
  const sites = [
    ...(webDistDir ? [{ prefix: '/', distDir: webDistDir }] : []),
    ...(adminDistDir ? [{ prefix: '/admin/', distDir: adminDistDir }] : []),
  ];
  if (sites.length) {
    await app.register(webPlugin, { sites, leadImage: pageLeadImage(app.db, app.catalogueCache) });
  }
  return app;
}
