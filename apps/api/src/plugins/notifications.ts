import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Channels the database notifies on committed changes (migrations 0003 and 0004). */
export const CHANNELS = {
  /** Products, options and stock, artists, categories changed. */
  catalogue: 'catalogue_changed',
  /** A buyer's account or sessions changed; the payload is the buyer's id. */
  buyerSessions: 'buyer_sessions_changed',
} as const;

type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** What a subscriber hears: each notification, and whether notifications are being heard at all. */
export type Subscriber = {
  channel: Channel;
  onNotify(payload: string): void;
  /** true once listening is live (again), false when the connection is lost and changes may be missed. */
  onLive(live: boolean): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    notifications: { subscribe(subscriber: Subscriber): void };
  }
}

/**
 * One listening connection per instance for every channel the shop's in-process caches need. Caches
 * subscribe while plugins register; listening starts when the app is ready and stops when it closes.
 */
export default fp(
  async function notifications(app: FastifyInstance) {
    const subscribers: Subscriber[] = [];
    app.decorate('notifications', { subscribe: (subscriber: Subscriber) => subscribers.push(subscriber) });
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      if (subscribers.length === 0) return;
      const channels = [...new Set(subscribers.map((s) => s.channel))];
      stop = await app.database.listen(channels, {
        onNotify: (channel, payload) => {
          for (const s of subscribers) if (s.channel === channel) s.onNotify(payload);
        },
        onListening: () => {
          for (const s of subscribers) s.onLive(true);
        },
        onLost: () => {
          app.log.warn('change notifications lost; in-process caches are off until they are back');
          for (const s of subscribers) s.onLive(false);
        },
      });
    });
    app.addHook('onClose', async () => {
      for (const s of subscribers) s.onLive(false);
      await stop?.();
    });
  },
  { name: 'notifications', dependencies: ['db'] },
);
