import { hostname } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the shop is reached, for links that leave it (mails): see `shopAddress`. */
    shopAddress: ShopAddress;
  }
}

export type ShopAddress = {
  /** Notes the address a signed-in staff member reached the back office at. */
  learn(request: FastifyRequest): void;
  /** The shop's address, without a trailing slash: PUBLIC_URL, else the last one staff used, else this machine's. */
  current(): string;
  /** Whether PUBLIC_URL names it; without it, links depend on what staff used last. */
  configured: boolean;
};

const LOOPBACK = /^(127\.|::1$|localhost$)/;

/**
 * Links in mails need the shop's address, which a request only shows in its Host header. Any client can send any
 * Host, so only staff requests (signed in to the back office) teach it; PUBLIC_URL, when set, is the address.
 */
export function shopAddress(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): ShopAddress {
  const configured = config.PUBLIC_URL?.replace(/\/+$/, '');
  const machine = `http://${LOOPBACK.test(config.HOST) ? 'localhost' : hostname()}${config.PORT === 80 ? '' : `:${config.PORT}`}`;
  let learned: string | undefined;
  return {
    configured: configured !== undefined,
    learn(request) {
      if (configured) return;
      try {
        const url = new URL(`${request.protocol}://${request.host}`);
        // Nothing but a host and port: a Host header carrying more is not an address to link to.
        const plain = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
        if (plain) learned = url.origin;
      } catch {
        // A Host header that makes no address is not one to link to.
      }
    },
    current: () => configured ?? learned ?? machine,
  };
}

export default fp(
  async function shopAddressPlugin(app: FastifyInstance, { config }: { config: Config }) {
    app.decorate('shopAddress', shopAddress(config));
  },
  { name: 'shop-address' },
);
