import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@dars/contract';
import { HSTS } from './security-headers';

const MESSAGES: Record<number, string> = {
  400: 'الرابط أو الطلب غير صالح',
  408: 'انتهت مهلة الطلب، حاول مرة أخرى',
  414: 'الرابط أطول من المسموح',
  431: 'حجم بيانات الطلب أكبر من المسموح',
};

function bodyFor(status: number): string {
  const body: ApiErrorBody = {
    message: MESSAGES[status] ?? MESSAGES[400]!,
    code: 'VALIDATION_FAILED',
  };
  return JSON.stringify(body);
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it
 * (headers or url over 16 KB → 431, a timeout → 408, garbage → 400). Answers like every other
 * error — `{ message, code }` in Arabic with our security headers — then closes the socket.
 * @example Fastify({ clientErrorHandler: answerClientError(headers) })
 */
export function answerClientError(headers: Record<string, string>) {
  return function (error: Error & { code?: string }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
    const body = bodyFor(status);
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ...('encrypted' in socket && socket.encrypted ? [`strict-transport-security: ${HSTS}`] : []),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}

/**
 * Fastify's `frameworkErrors`: a url Fastify cannot route (bad %-encoding → 400, a path
 * parameter over maxParamLength → 414). Same shape and headers as every other error answer.
 */
export function answerFrameworkError(headers: Record<string, string>) {
  return function (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    void reply
      .code(status)
      .headers(headers)
      .type('application/json; charset=utf-8')
      .send(bodyFor(status));
  };
}
