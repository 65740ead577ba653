import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';

import { errorMessages } from '../i18n/pt-br';
import { sendJson, startApiServer, type ApiServer } from '../test/api-server';
import { httpClient } from './http-client';

let server: ApiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failure(url: string): Promise<HttpError> {
  try {
    await httpClient(url);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error(`expected ${url} to fail`);
}

describe('httpClient', () => {
  it('surfaces the pt-BR detail of a problem+json error', async () => {
    server = await startApiServer({
      '/api/v1/admin/stats': (_request, response) =>
        sendJson(
          response,
          403,
          { title: 'Forbidden', status: 403, detail: 'Acesso fechado.', code: 'admin_access_closed' },
          { 'Content-Type': 'application/problem+json; charset=utf-8' },
        ),
    });
    const error = await failure(`${server.adminApiUrl}/stats`);
    expect(error.message).toBe('Acesso fechado.');
    expect(error.status).toBe(403);
    expect(error.body).toMatchObject({ code: 'admin_access_closed' });
  });

  it('falls back to the status text for an error that is not a problem', async () => {
    server = await startApiServer({
      '/api/v1/admin/stats': (_request, response) => {
        response.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' });
        response.end('<h1>bad gateway</h1>');
      },
    });
    const error = await failure(`${server.adminApiUrl}/stats`);
    expect(error.message).toBe('Bad Gateway');
    expect(error.status).toBe(502);
  });

  it('returns status, headers and parsed json on success', async () => {
    server = await startApiServer({
      '/api/v1/admin/plugins': (_request, response) =>
        sendJson(response, 200, [{ id: 'rooms' }], { 'Content-Range': 'plugins 0-0/1' }),
    });
    const answer = await httpClient(`${server.adminApiUrl}/plugins`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Range')).toBe('plugins 0-0/1');
    expect(answer.json).toEqual([{ id: 'rooms' }]);
  });

  it('says in pt-BR when the server cannot be reached', async () => {
    server = await startApiServer({});
    const url = `${server.adminApiUrl}/stats`;
    await server.close();
    server = undefined;
    const error = await failure(url);
    expect(error.message).toBe(errorMessages.network);
    expect(error.status).toBe(0);
  });
});
