import { pushDeviceSchema, pushSubscriptionSchema } from '@amiko/core';
import { pushDevices, removePushDevice, subscribePush } from '../services/push.ts';
import { router, verifiedProcedure } from '../trpc.ts';

/** Settings → Notifications, "Notify me on this device": the member's devices that get Web Push (issue 31). */
export const pushRouter = router({
  /** The server's VAPID public key (null: push is off) and the member's devices, this one marked. */
  devices: verifiedProcedure.query(({ ctx }) => pushDevices(ctx.deps, ctx.member.id, ctx.session.id)),
  subscribe: verifiedProcedure
    .input(pushSubscriptionSchema)
    .mutation(({ ctx, input }) =>
      subscribePush(ctx.deps, { id: ctx.member.id, sessionId: ctx.session.id }, input),
    ),
  remove: verifiedProcedure
    .input(pushDeviceSchema)
    .mutation(({ ctx, input }) =>
      removePushDevice(ctx.deps, { id: ctx.member.id, sessionId: ctx.session.id }, input.id),
    ),
});
