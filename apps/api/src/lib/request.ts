import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the audit log keeps it. */
export interface Origin {
  ip: string;
  userAgent: string | null;
}

export function originOf(request: FastifyRequest): Origin {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}
