import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, when its answer has gone out: method, path, status and duration. (Fastify's own
 * controller writes two, one on arrival and one on completion.)
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
