import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export type ApiServer = {
  /** Base of the admin API on this server, e.g. http://127.0.0.1:40123/api/v1/admin. */
  adminApiUrl: string;
  /** Paths (with query) of every request received, in order. */
  requests: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  close: () => Promise<void>;
};

/** A real HTTP server on a loopback port, answering with the given routes (path without query). */
export async function startApiServer(routes: Record<string, Route>): Promise<ApiServer> {
  const requests: ApiServer['requests'] = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers });
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const route = routes[path];
    if (route) {
      route(request, response);
      return;
    }
    sendJson(response, 404, { title: 'Not Found', status: 404, detail: 'Rota inexistente.', code: 'not_found' }, {
      'Content-Type': 'application/problem+json',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    adminApiUrl: `http://127.0.0.1:${port}/api/v1/admin`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** An application/problem+json answer, as the server refuses. */
export function sendProblem(response: ServerResponse, status: number, detail: string, code: string, title = 'Erro'): void {
  sendJson(response, status, { title, status, detail, code }, { 'Content-Type': 'application/problem+json' });
}
