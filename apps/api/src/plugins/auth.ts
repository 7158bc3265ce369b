import { timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';
import type { CurrencyCode } from '@kshop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountInactive, pendingApproval, unauthorized } from '../lib/errors.js';
import { SessionCache } from '../lib/session-cache.js';
import { onBuyerSessionsChanged } from '../lib/session-changes.js';
import { hashToken } from '../lib/tokens.js';
import { findBuyerByToken, type SessionBuyer } from '../modules/auth/auth.repository.js';
import { CHANNELS } from './notifications.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Buyers behind bearer tokens, kept briefly; dropped at once when a buyer's sessions change. */
    buyerSessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** The buyer behind a valid bearer token, or null for a guest (no token, or one that no longer works). */
    buyer: SessionBuyer | null;
    /** Hash of the bearer token that authenticated this request. */
    sessionTokenHash: string | null;
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : null;
};

/**
 * The last bearer token each connection sent, with its hash. A browser's kept-alive connection sends the same
 * token with every request, and hashing it was most of what a member's cached catalogue answer cost more than a
 * guest's (about 3 µs of some 40, measured in the server; decision 0012). Kept only as long as the connection
 * (a WeakMap on its socket), never stored or logged, and compared in constant time: a connection that a proxy
 * shares between visitors brings another token, which is hashed and kept instead.
 */
const lastTokenOn = new WeakMap<Socket, { token: Buffer; hash: string }>();

function tokenHashOn(socket: Socket, token: string): string {
  const bytes = Buffer.from(token);
  const last = lastTokenOn.get(socket);
  if (last && last.token.length === bytes.length && timingSafeEqual(last.token, bytes)) return last.hash;
  const hash = hashToken(token);
  lastTokenOn.set(socket, { token: bytes, hash });
  return hash;
}

export const currencyOf = (buyer: Pick<SessionBuyer, 'isKoreanCompany'>): CurrencyCode =>
  buyer.isKoreanCompany ? 'KRW' : 'USD';

/** The buyer, or 401: for calls only members make (cart, order, profile). */
export function requireBuyer(request: FastifyRequest): SessionBuyer {
  if (!request.buyer) throw unauthorized();
  return request.buyer;
}

/** An approved buyer, or 401 / 403 'Your account is pending approval.' */
export function requireApprovedBuyer(request: FastifyRequest): SessionBuyer {
  const buyer = requireBuyer(request);
  assertApproved(buyer);
  return buyer;
}

function assertApproved(buyer: SessionBuyer): void {
  if (buyer.status === 'PENDING') throw pendingApproval();
  if (buyer.status !== 'APPROVED') throw accountInactive();
}

/**
 * Which prices a catalogue call may show: none for a guest, the buyer's currency for an approved member.
 * A member awaiting approval is refused, as the spec's product list does.
 */
export function priceCurrency(request: FastifyRequest): CurrencyCode | null {
  if (!request.buyer) return null;
  assertApproved(request.buyer);
  return currencyOf(request.buyer);
}

/** The same for a member's prices: their currency and price group (decision 0021); null for a guest. */
export function priceViewer(
  request: FastifyRequest,
): { currency: CurrencyCode; priceGroupId: number } | null {
  const currency = priceCurrency(request);
  return currency && request.buyer ? { currency, priceGroupId: request.buyer.priceGroupId } : null;
}

export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('buyer', null);
    app.decorateRequest('sessionTokenHash', null);
    const sessions = new SessionCache();
    app.decorate('buyerSessionCache', sessions);
    app.notifications.subscribe({
      channel: CHANNELS.buyerSessions,
      onNotify: (buyerId) => sessions.dropBuyer(buyerId),
      onLive: (live) => sessions.setLive(live),
    });
    const stopHearing = onBuyerSessionsChanged((buyerId) => sessions.dropBuyer(buyerId));
    app.addHook('onClose', async () => stopHearing());

    app.addHook('onRequest', async (request) => {
      const token = bearer(request);
      if (!token) return;
      const tokenHash = tokenHashOn(request.raw.socket, token);
      const cached = sessions.read(tokenHash);
      if (cached) {
        request.buyer = cached;
      } else {
        const generation = sessions.currentGeneration;
        const found = await findBuyerByToken(app.db, tokenHash);
        if (found) {
          const { expiresAt, ...buyer } = found;
          sessions.write(tokenHash, generation, buyer, expiresAt);
          request.buyer = buyer;
        }
      }
      if (request.buyer) request.sessionTokenHash = tokenHash;
    });
  },
  { name: 'auth', dependencies: ['db', 'notifications'] },
);
