import { appRouter } from '@amiko/api';
import type { AppErrorCode } from '@amiko/core';
import type { Browserish } from '../support/http.ts';

// The app router as data, for the security suite: every procedure by its path, with its kind and input
// schema, read from the router itself, so a procedure added tomorrow is enumerated without editing a test.

export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation';
  /** The zod schema(s) given to `.input()`, in order; empty for a procedure without input. */
  inputs: unknown[];
}

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };
}

// At run time `_def.procedures` is flat, keyed by the dotted path; its type describes the nested router.
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;

export const PROCEDURES: ProcedureInfo[] = Object.entries(procedures).map(([path, procedure]) => {
  const { type, inputs } = procedure._def;
  if (type === 'subscription') throw new Error(`${path}: subscriptions are not covered by the suite yet`);
  return { path, type, inputs };
});

export type Outcome =
  | { ok: true; status: number; data: unknown }
  | { ok: false; status: number; appCode: AppErrorCode | string; code: string; message: string; raw: string };

/**
 * Calls one procedure over HTTP as a browser would (GET for a query, POST for a mutation), without the tRPC
 * client, so that any input can be sent, and returns the answer as the client sees it.
 */
export async function callProcedure(
  http: Browserish,
  procedure: Pick<ProcedureInfo, 'path' | 'type'>,
  input: unknown,
): Promise<Outcome> {
  const response =
    procedure.type === 'query'
      ? await http.fetch(
          `/trpc/${procedure.path}` +
            (input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`),
        )
      : await http.fetch(`/trpc/${procedure.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: input === undefined ? undefined : JSON.stringify(input),
        });
  const raw = await response.text();
  let body: {
    result?: { data?: unknown };
    error?: { message?: string; code?: string | number; data?: { appCode?: string; code?: string } };
  };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    // Not a tRPC answer (e.g. Fastify refusing a request line that is too long).
    return {
      ok: false,
      status: response.status,
      appCode: `HTTP_${response.status}`,
      code: '',
      message: raw,
      raw,
    };
  }
  if (body.error) {
    return {
      ok: false,
      status: response.status,
      appCode: body.error.data?.appCode ?? 'INTERNAL',
      code: body.error.data?.code ?? String(body.error.code),
      message: body.error.message ?? '',
      raw,
    };
  }
  return { ok: true, status: response.status, data: body.result?.data };
}
