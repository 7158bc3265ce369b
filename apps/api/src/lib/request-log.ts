import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { loggedUrl, logsToTerminal } from './log.js';

/**
 * One log line per request, when its answer has gone out: method, path, status and duration (the URL as
 * {@link loggedUrl} keeps it: no signed link's query, no e-mail address). (Fastify's own
 * controller writes two, one on arrival and one on completion.) At a terminal (see {@link logsToTerminal}) the
 * line goes out at debug, so a page's requests do not bury what the console is showing; errors are always logged.
 */
export class OneLinePerRequest extends LogController {
  readonly #level: 'info' | 'debug';

  constructor({ quiet = logsToTerminal() }: { quiet?: boolean } = {}) {
    super();
    this.#level = quiet ? 'debug' : 'info';
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[this.#level](line, 'request completed');
  }
}
