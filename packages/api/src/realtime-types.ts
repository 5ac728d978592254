// Type-level test, checked by `pnpm typecheck` (never run): an emit that does not match the socket contract
// (ServerToClientEvents) does not compile. Each @ts-expect-error fails the type check once its line compiles.
import type { Realtime } from './realtime.ts';

export function emitsFollowTheContract(realtime: Realtime): void {
  realtime.emitTo('member', 'unread:cleared', { through: 1 });
  realtime.emitTo({ members: ['member', 'other'], exceptSocket: 'socket' }, 'typing', {
    conversationId: 'c',
    memberId: 'm',
  });
  // @ts-expect-error the payload of another event
  realtime.emitTo('member', 'unread:cleared', { conversationId: 'c' });
  // @ts-expect-error a payload missing a field
  realtime.emitTo('member', 'typing', { conversationId: 'c' });
  // @ts-expect-error an event that is not in the contract
  realtime.emitTo('member', 'message:gone', {});
  // @ts-expect-error an event without its payload
  realtime.emitTo('member', 'conversation:deleted');
}
