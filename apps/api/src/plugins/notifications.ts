import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
    notifications: {
      subscribe(subscriber: Subscriber): void;
      /**
       * Tells every instance about a committed change whose statement did not notify (an order's, see
       * migration 0010): this instance's subscribers hear `payload` at once, the others within
       * `ANNOUNCE_WINDOW_MS` and a notification's trip (each distinct payload of a window once); this
       * instance does not hear its own notice again.
       */
      announce(channel: Channel, payload?: string): void;
    };
  }
}

/**
 * Announcements within this window share one NOTIFY. Every NOTIFY takes a database-wide lock when it
 * commits, so one per order would make orders commit one at a time.
 */
export const ANNOUNCE_WINDOW_MS = 20;

/**
 * One listening connection per instance for every channel the shop's in-process caches need. Caches
 * subscribe while plugins register; listening starts when the app is ready and stops when it closes.
 */
export default fp(
  async function notifications(app: FastifyInstance) {
    const subscribers: Subscriber[] = [];
    // This instance's announcements carry its name: it heard them when it made them and does not act twice.
    const origin = `@${randomUUID()} `;
    const fromHere = (payload: string) => origin + payload;
    /** A notice's payload, without the name of the instance that announced it; null for this one's own. */
    const heard = (payload: string) => {
      if (!payload.startsWith('@')) return payload;
      if (payload.startsWith(origin)) return null;
      return payload.slice(payload.indexOf(' ') + 1);
    };
    const deliver = (channel: Channel, payload: string) => {
      for (const s of subscribers) if (s.channel === channel) s.onNotify(payload);
    };
    /** Each channel's payloads waiting for their window to end, and its timer. */
    const pending = new Map<Channel, { payloads: Set<string>; timer: NodeJS.Timeout }>();
    const notify = (channel: Channel) => {
      const waiting = pending.get(channel);
      pending.delete(channel);
      if (!waiting) return Promise.resolve();
      clearTimeout(waiting.timer);
      const notices = [...waiting.payloads].map(
        (payload) => sql`pg_notify(${channel}, ${fromHere(payload)})`,
      );
      return app.db
        .execute(sql`select ${sql.join(notices, sql`, `)}`)
        .then(() => undefined)
        .catch((err) =>
          app.log.error({ err, channel }, 'could not announce a change to the other instances'),
        );
    };
    app.decorate('notifications', {
      subscribe: (subscriber: Subscriber) => subscribers.push(subscriber),
      announce(channel: Channel, payload = '') {
        deliver(channel, payload);
        const waiting = pending.get(channel);
        if (waiting) waiting.payloads.add(payload);
        else
          pending.set(channel, {
            payloads: new Set([payload]),
            timer: setTimeout(() => notify(channel), ANNOUNCE_WINDOW_MS),
          });
      },
    });
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      if (subscribers.length === 0) return;
      const channels = [...new Set(subscribers.map((s) => s.channel))];
      stop = await app.database.listen(channels, {
        onNotify: (channel, payload) => {
          const change = heard(payload);
          if (change !== null) deliver(channel as Channel, change);
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
      // Announcements still waiting for their window go out before the database closes.
      await Promise.all([...pending.keys()].map(notify));
      for (const s of subscribers) s.onLive(false);
      await stop?.();
    });
  },
  { name: 'notifications', dependencies: ['db'] },
);
