import { z } from 'zod';
import { COMMON_ERRORS } from '../errors.ts';
import { requiredText } from './common.ts';

// Web Push (issue 31): what a browser's PushSubscription.toJSON() hands the server when the member turns
// on "Notify me on this device" (RFC 8030's push resource, RFC 8291's keys), and a device's removal.

/** base64url without padding, as browsers write the subscription's keys. */
const base64url = (bytes: number) =>
  z
    .string()
    .length(Math.ceil((bytes * 4) / 3), { error: 'settings:errors.pushUnsupported' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'settings:errors.pushUnsupported' });

export const pushSubscriptionSchema = z.object({
  /** The push service's URL for this browser (which services the server sends to: services/push.ts). */
  endpoint: z.url({ protocol: /^https?$/, error: 'settings:errors.pushUnsupported' }).max(1000, {
    error: 'settings:errors.pushUnsupported',
  }),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The authentication secret (16 bytes). */
    auth: base64url(16),
  }),
  /** What the member's list of devices calls it ("Chrome on Android"), made by the browser from itself. */
  device: requiredText(60),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** A device of the member's list, by its id (base64url, as the server made it). */
export const pushDeviceSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: COMMON_ERRORS.invalidInput }),
});
