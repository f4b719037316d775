import type { FastifyRequest } from 'fastify';
import type { Origin } from '../modules/audit/repository';

export function originOf(request: FastifyRequest): Origin {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}
