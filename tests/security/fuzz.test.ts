import { randomUUID } from 'node:crypto';
import type { Ack } from '@amiko/api';
import { CLIENT_EVENT_SCHEMAS, CLIENT_EVENTS } from '@amiko/api';
import { SESSION_COOKIE } from '@amiko/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browserish } from '../support/http.ts';
import { connectSocket, request, sessionCookie } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { arbitraryFor } from './arbitraries.ts';
import { callProcedure, PROCEDURES, type Outcome, type ProcedureInfo } from './procedures.ts';

// Fuzzing every procedure that takes input, with values derived from its own zod schema (arbitraries.ts):
// nothing may answer 500, and no refusal may carry a driver's or the runtime's words. As a signed-in paid
// member (who passes every access rule) and, for the public procedures, as a visitor; the socket events the
// same way, over one live connection. FUZZ_RUNS sets the
// inputs per procedure and caller (1,000 by default, 10,000 or more for a deep run); FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Calls in flight at once: enough to keep the server busy, few enough for a shared CI machine. */
const CONCURRENCY = 8;

/** What must never reach a client: SQL and driver texts, stack frames, file paths. */
const LEAK =
  /sqlite|postgres|\bSQL\b|syntax error|constraint|violates|relation "|duplicate key|drizzle|TypeError|ReferenceError|\bat .+:\d+:\d+|node_modules|\/src\//i;

let ts: TestServer;
let member: TestMember;
let knownIds: string[];
beforeAll(async () => {
  ts = await startTestServer();
  member = await createMember(ts, { access: 'paid' });
  // Real things to aim at: other members, one who blocked the member, a conversation.
  const friend = await createMember(ts, { access: 'paid' });
  const blocker = await createMember(ts, { access: 'paid' });
  const { message } = await friend.client.trpc.messages.send.mutate({
    to: member.id,
    clientId: randomUUID(),
    body: 'Hello',
  });
  await blocker.client.trpc.blocks.block.mutate({ memberId: member.id });
  knownIds = [member.id, friend.id, blocker.id, message.conversationId];
});
afterAll(() => ts?.stop());

/** A client that always presents the same session (or none): a fuzzed sign-in must not change who asks. */
function caller(token: string | null): Browserish {
  const http = new Browserish(ts.url);
  http.remember = () => undefined;
  if (token) http.cookies.set(SESSION_COOKIE, token);
  return http;
}

interface Finding {
  input: unknown;
  outcome: Outcome;
}

function isFinding(outcome: Outcome): boolean {
  if (outcome.ok) return false;
  return (
    outcome.status >= 500 ||
    outcome.code === 'INTERNAL_SERVER_ERROR' ||
    outcome.appCode === 'INTERNAL' ||
    LEAK.test(outcome.raw)
  );
}

async function fuzz(procedure: ProcedureInfo, token: string | null): Promise<Finding[]> {
  const arbitrary = fc
    .tuple(
      ...procedure.inputs.map((schema) =>
        // A GET query carries its input in the URL; a mutation's body may be long.
        arbitraryFor(schema, { knownIds, unboundedLength: procedure.type === 'query' ? 300 : 20_000 }),
      ),
    )
    .map((parts) =>
      parts.length === 1 ? parts[0] : Object.assign({}, ...parts.map((part) => part as object)),
    );
  const inputs = fc.sample(arbitrary, { numRuns: RUNS, seed: SEED });
  const http = caller(token);
  const findings: Finding[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < inputs.length) {
        const input = inputs[next++];
        const outcome = await callProcedure(http, procedure, input);
        if (isFinding(outcome)) findings.push({ input, outcome });
      }
    }),
  );
  return findings;
}

function report(findings: Finding[]): string[] {
  return findings.slice(0, 3).map(({ input, outcome }) => {
    const shown = JSON.stringify(input) ?? 'undefined';
    const answer = outcome.ok ? '' : outcome.raw;
    return `${shown.length > 300 ? `${shown.slice(0, 300)}…` : shown} → ${outcome.status} ${answer.slice(0, 300)}`;
  });
}

const SESSION_REPLACING = new Set(['auth.signUp', 'auth.signIn']);
const fuzzed = PROCEDURES.filter((procedure) => procedure.inputs.length > 0);

describe(`fuzzing every procedure's input (${RUNS} inputs each, FUZZ_SEED=${SEED})`, () => {
  it('covers the procedures that take input', () => {
    expect(fuzzed.length).toBeGreaterThanOrEqual(30);
  });

  for (const procedure of fuzzed) {
    it(`${procedure.path} as a paid member`, { timeout: 600_000 }, async () => {
      const { token } = await ts.server.deps.sessions.create(member.id);
      const findings = await fuzz(procedure, token);
      expect(report(findings), `${findings.length} of ${RUNS} inputs failed`).toEqual([]);
      // Still the member at the end, so every input was tried past the access rules. Signing up or in
      // replaces the caller's session by design (no session fixation): those two are fuzzed as visitors too.
      if (!SESSION_REPLACING.has(procedure.path))
        expect(
          await ts.server.deps.sessions.validate(token),
          'the session ended while fuzzing',
        ).not.toBeNull();
    });
  }

  for (const procedure of fuzzed) {
    it(`${procedure.path} as a visitor`, { timeout: 600_000 }, async () => {
      const probe = await callProcedure(caller(null), procedure, undefined);
      // Procedures behind sign-in refuse a visitor before reading the input: nothing to fuzz.
      if (!probe.ok && probe.appCode === 'UNAUTHENTICATED') return;
      const findings = await fuzz(procedure, null);
      expect(report(findings), `${findings.length} of ${RUNS} inputs failed`).toEqual([]);
    });
  }
});

/** Below SOCKET_MAX_PAYLOAD_BYTES (64 KiB) with room for socket.io's framing. */
const FRAME_LIMIT_BYTES = 60 * 1024;

/** The schema each socket event's payload is read with: the contract's own, as the server uses it. */
const EVENT_SCHEMAS: Record<string, unknown> = CLIENT_EVENT_SCHEMAS;

describe(`fuzzing every socket event (${RUNS} payloads each, FUZZ_SEED=${SEED})`, () => {
  for (const event of CLIENT_EVENTS) {
    it(`${event} from a paid member`, { timeout: 600_000 }, async () => {
      const schema = EVENT_SCHEMAS[event];
      expect(schema, `name the schema of ${event} in EVENT_SCHEMAS`).toBeDefined();
      // Frames past the socket's size limit end the connection by design (tests/api/socket.test.ts): the
      // fuzzer sends what a connection takes, and checks what the server makes of it.
      const payloads = fc
        .sample(arbitraryFor(schema, { knownIds, unboundedLength: 20_000 }), { numRuns: RUNS, seed: SEED })
        .filter((payload) => Buffer.byteLength(JSON.stringify(payload) ?? '') < FRAME_LIMIT_BYTES);
      expect(payloads.length).toBeGreaterThan(RUNS * 0.9);
      const { token } = await ts.server.deps.sessions.create(member.id);
      const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
      const findings: { payload: unknown; answer: string }[] = [];
      try {
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < payloads.length && socket.connected) {
              const payload = payloads[next++];
              const ack: Ack<unknown> | string = await request(socket, event, payload).catch(
                (error: Error) => `no answer: ${error.message}`,
              );
              const answer = JSON.stringify(ack);
              if (
                typeof ack === 'string' ||
                (!ack.ok && ack.error.appCode === 'INTERNAL') ||
                LEAK.test(answer)
              )
                findings.push({ payload, answer });
            }
          }),
        );
        if (!socket.connected)
          findings.push({ payload: payloads[next - 1], answer: 'the server closed the socket' });
      } finally {
        socket.close();
      }
      const shown = findings
        .slice(0, 3)
        .map(
          ({ payload, answer }) => `${(JSON.stringify(payload) ?? 'undefined').slice(0, 300)} → ${answer}`,
        );
      expect(shown, `${findings.length} of ${RUNS} payloads failed`).toEqual([]);
    });
  }
});
