import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sendMessageSchema } from '../schemas/messages.ts';
import { podSendSchema } from '../schemas/pods.ts';
import { newClientId } from './client-ids.ts';

const MAX_TIME = 2 ** 48 - 1;

describe('newClientId', () => {
  it('is a version 7 UUID that both send schemas accept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TIME }), (now) => {
        const id = newClientId(now);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(sendMessageSchema.shape.clientId.safeParse(id).success).toBe(true);
        expect(podSendSchema.shape.clientId.safeParse(id).success).toBe(true);
      }),
    );
  });

  it('sorts as text by the millisecond it was made in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_TIME - 1 }),
        fc.integer({ min: 1, max: MAX_TIME }),
        (a, gap) => {
          const b = Math.min(MAX_TIME, a + gap);
          expect(newClientId(a) < newClientId(b)).toBe(true);
          expect(parseInt(newClientId(a).replace('-', '').slice(0, 12), 16)).toBe(a);
        },
      ),
    );
  });

  it('differs within one millisecond', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newClientId(now)));
    expect(ids.size).toBe(10_000);
  });
});
