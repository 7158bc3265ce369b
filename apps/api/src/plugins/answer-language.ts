import { contractTexts, contractTextsKo, type Language, translator } from '@kshop/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { preferredLanguage } from '../lib/language.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the request asks for (`Accept-Language`): English unless it prefers Korean. */
    readonly language: Language;
  }
}

const toKorean = translator(contractTexts, contractTextsKo);

type Envelope = { statusCode: number; message: string; data: unknown };
const isEnvelope = (payload: unknown): payload is Envelope =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as Envelope).message === 'string' &&
  typeof (payload as Envelope).statusCode === 'number';

/**
 * Answers speak the request's language. The shop's code writes the spec's English sentences (the contract's
 * messages, which clients asking for English get verbatim); here, once for every route and refusal, an envelope's
 * message that is one of the contract's texts is put into Korean when the request prefers Korean. Other messages
 * ('OK', staff screens' own sentences) pass as they are. An answer whose message depends on the language says so
 * (`Vary: Accept-Language`), so no cache hands one language's answer to the other.
 */
export default fp(
  async function answerLanguage(app: FastifyInstance) {
    app.decorateRequest('language', {
      getter(this: { headers: Record<string, string | string[] | undefined> }) {
        const header = this.headers['accept-language'];
        return preferredLanguage(Array.isArray(header) ? header.join(',') : header);
      },
    });

    app.addHook('preSerialization', (request, reply, payload, done) => {
      if (!isEnvelope(payload) || payload.message === 'OK') return done(null, payload);
      const korean = toKorean(payload.message);
      if (korean === payload.message) return done(null, payload);
      const vary = reply.getHeader('vary');
      reply.header('Vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
      done(null, request.language === 'ko' ? { ...payload, message: korean } : payload);
    });
  },
  { name: 'answer-language' },
);
