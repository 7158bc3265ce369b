import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { shopAddress } from './shop-address.js';

const request = (protocol: string, host: string) => ({ protocol, host }) as FastifyRequest;

describe('the address links in mails point to', () => {
  it('is PUBLIC_URL when set, whatever staff use', () => {
    const address = shopAddress({ PUBLIC_URL: 'https://shop.example.com/', HOST: '0.0.0.0', PORT: 3000 });
    address.learn(request('http', 'intranet:3000'));
    expect(address.current()).toBe('https://shop.example.com');
    expect(address.configured).toBe(true);
  });

  it('is the address staff last reached the back office at, without PUBLIC_URL', () => {
    const address = shopAddress({ HOST: '0.0.0.0', PORT: 3000 });
    address.learn(request('https', 'wholesale.example:8443'));
    expect(address.current()).toBe('https://wholesale.example:8443');
    // A Host header that is more than a host and port teaches nothing.
    for (const host of ['evil.example/path', 'user@evil.example', 'evil.example?x', 'a b']) {
      address.learn(request('http', host));
      expect(address.current()).toBe('https://wholesale.example:8443');
    }
    expect(address.configured).toBe(false);
  });

  it('is this machine before staff have signed in', () => {
    expect(shopAddress({ HOST: '127.0.0.1', PORT: 3000 }).current()).toBe('http://localhost:3000');
    expect(shopAddress({ HOST: '0.0.0.0', PORT: 80 }).current()).toMatch(/^http:\/\/[^:/]+$/);
  });
});
