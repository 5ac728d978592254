import { TRPC_MAX_BATCH } from '@amiko/core';
import { appRouter, type AppRouter, type Context, type Deps } from '@amiko/api';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import {
  authenticate,
  clearSessionCookie,
  deviceCookieName,
  requestLanguage,
  setDeviceCookie,
  setSessionCookie,
  type CookieSettings,
} from '../session.ts';

export function registerTrpc(app: FastifyInstance, deps: Deps, cookies: CookieSettings) {
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH,
    async createContext({ req, res }): Promise<Context> {
      const session = await authenticate(req, res, deps.sessions, cookies);
      return {
        deps,
        session,
        ip: req.ip,
        language: requestLanguage(req, session),
        setSessionCookie: (token, expiresAt) => setSessionCookie(res, cookies, token, expiresAt),
        clearSessionCookie: () => clearSessionCookie(res, cookies),
        deviceCookie: req.cookies[deviceCookieName(cookies)] ?? null,
        setDeviceCookie: (value, expiresAt) => setDeviceCookie(res, cookies, value, expiresAt),
      };
    },
    onError({ error, path, type }) {
      // Expected outcomes (bad input, wrong password, limits) are not failures of the server.
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        app.log.error({ err: error.cause ?? error, path, type }, 'procedure failed');
      }
    },
  };
  app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
}
