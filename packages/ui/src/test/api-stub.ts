/**
 * For component tests only: stands in for the API by answering fetch per 'METHOD /path' (the path after /api/v1,
 * so back-office calls read 'GET /admin/orders') with the API's envelope, and records every call. A JSON body is
 * recorded parsed; any other body (a CSV upload, form data) as it was sent.
 */
import { vi } from 'vitest';

export type StubCall = {
  method: string;
  path: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
};
type Answer = { data?: unknown; statusCode?: number; message?: string } | Response;
type Route = Answer | ((call: StubCall) => Answer | Promise<Answer>);

const toResponse = (answer: Answer): Response => {
  if (answer instanceof Response) return answer;
  const statusCode = answer.statusCode ?? 200;
  return new Response(
    JSON.stringify({ statusCode, message: answer.message ?? 'OK', data: answer.data ?? null }),
    { status: statusCode, headers: { 'Content-Type': 'application/json' } },
  );
};

export function stubApi(routes: Record<string, Route>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api\/v1/, '').split('?')[0] ?? url;
    let body: unknown = init.body;
    if (typeof init.body === 'string' && /^\s*[[{]/.test(init.body)) {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: StubCall = {
      method,
      path,
      url,
      body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (route === undefined) return toResponse({ statusCode: 404, message: 'Not Found' });
    return toResponse(typeof route === 'function' ? await route(call) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
