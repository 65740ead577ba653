/** An RFC 9457 problem document as the social API sends it (`application/problem+json`). */
export type Problem = {
  title?: string;
  status?: number;
  /** The pt-BR sentence meant for the person using the console. */
  detail: string;
  /** Stable machine code, e.g. `admin_access_closed`. */
  code?: string;
  request_id?: string;
};

export function isProblemContentType(contentType: string | null): boolean {
  return (contentType ?? '').toLowerCase().split(';')[0].trim() === 'application/problem+json';
}

export function asProblem(body: unknown): Problem | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (typeof record.detail !== 'string' || record.detail.trim() === '') return null;
  return {
    detail: record.detail,
    title: typeof record.title === 'string' ? record.title : undefined,
    status: typeof record.status === 'number' ? record.status : undefined,
    code: typeof record.code === 'string' ? record.code : undefined,
    request_id: typeof record.request_id === 'string' ? record.request_id : undefined,
  };
}
