// Where a request reached this server — scheme and host as the browser wrote them (behind a trusted proxy, its
// X-Forwarded-Proto and -Host) — for links that leave the app, such as a frozen report's QR code.
import type { FastifyRequest } from 'fastify';

export const originOf = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;
