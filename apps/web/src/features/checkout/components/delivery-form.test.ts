import { messages } from '@kshop/contract';
import { describe, expect, it } from 'vitest';
import { receiverEmailProblem } from './delivery-form';

describe('receiverEmailProblem', () => {
  it("leaves an empty email to the spec's 'Receiver email is required' list", () => {
    expect(receiverEmailProblem('')).toBeNull();
    expect(receiverEmailProblem('   ')).toBeNull();
  });

  it("names a malformed email with the contract's messages", () => {
    expect(receiverEmailProblem('alex@seoulbeats')).toBe(messages.contact.emailPattern);
    expect(receiverEmailProblem('no-at-sign.example')).toBe(messages.contact.emailPattern);
    expect(receiverEmailProblem('a@')).toBe(messages.contact.emailLength);
    expect(receiverEmailProblem(`${'a'.repeat(95)}@b.example`)).toBe(messages.contact.emailLength);
  });

  it('accepts a well-formed email, around spaces too', () => {
    expect(receiverEmailProblem('alex@seoulbeats.example')).toBeNull();
    expect(receiverEmailProblem(' alex@seoulbeats.example ')).toBeNull();
  });
});
