import { fetchUtils, HttpError } from 'react-admin';

import { getSession } from '../auth/session';
import { errorMessages } from '../i18n/pt-br';
import { asProblem, isProblemContentType } from './problem';

export type HttpResponse = {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
};

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * fetchUtils.fetchJson with the console's rules: the access token of the
 * signed-in moderator or administrator goes along as a bearer token, and a problem+json error surfaces its
 * pt-BR `detail` as the HttpError message, which react-admin shows as is.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}): Promise<HttpResponse> {
  const headers = fetchUtils.createHeadersFromOptions(options);
  if (!headers.has('Accept') || headers.get('Accept') === 'application/json') {
    headers.set('Accept', 'application/json, application/problem+json');
  }
  const session = getSession();
  if (session && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${session.accessToken}`);

  let response: Response;
  try {
    response = await fetch(url, { ...options, headers, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(errorMessages.network, 0, null);
  }

  const body = await response.text();
  const json = parseJson(body);
  if (!response.ok) {
    const problem = isProblemContentType(response.headers.get('Content-Type')) ? asProblem(json) : null;
    const message = problem?.detail ?? (response.statusText || `HTTP ${response.status}`);
    throw new HttpError(message, response.status, json ?? null);
  }
  return { status: response.status, headers: response.headers, body, json };
}
