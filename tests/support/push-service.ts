import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service as the browsers' (FCM, Mozilla's autopush, Apple's) is to Amiko, on 127.0.0.1 (issue 31):
// it takes a push (RFC 8030) only with a valid VAPID JWT (RFC 8292: ES256, signed by the key the
// subscription was made with, `aud` its own origin, `exp` within 24 hours, a mailto: or https: `sub`), and
// decrypts its payload with the browser's keys (RFC 8291, aes128gcm), as the browser would: a real round
// trip of the encryption. Each subscription is a "browser" with its own P-256 key pair and auth secret.

export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** Which subscription it was for (the id in its endpoint). */
  device: string;
  payload: unknown;
  headers: IncomingHttpHeaders;
  claims: { aud: string; exp: number; sub: string };
}

interface Device {
  ecdh: ECDH;
  auth: Buffer;
  /** The VAPID public key the browser subscribed with (PushManager.subscribe's applicationServerKey). */
  serverKey: string;
  /** What the service answers pushes with (201: taken; 404/410: the subscription is gone; 5xx: failing). */
  status: number;
}

export interface PushService {
  url: string;
  received: ReceivedPush[];
  /** Pushes that were valid but answered with another status than 201 (the device's `answer`), in order. */
  turnedAway: { device: string; status: number }[];
  /** Pushes refused (a bad JWT, a payload that does not decrypt): none, in every test. */
  refused: string[];
  /** A new "browser" subscribed with `serverKey`; what PushSubscription.toJSON() gives Amiko. */
  subscribe(serverKey: string, device?: string): Subscription;
  /** The answer to this device's pushes from now on. */
  answer(device: string, status: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  stop(): Promise<void>;
}

/** A VAPID key pair as VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY take it (uncompressed point, 32-byte scalar). */
export function vapidKeyPair(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

/** A browser's subscription keys (PushSubscription.toJSON().keys), for a subscription no push reaches. */
export function browserKeys(): Subscription['keys'] {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** Checks the VAPID Authorization header and returns the JWT's claims; throws saying what is wrong. */
function checkVapid(header: string | undefined, serverKey: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== serverKey) throw new Error('signed with another key than the subscription was made with');
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the JWT signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}, not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return claims;
}

/** RFC 8291 with RFC 8188's aes128gcm: the payload as the browser decrypts it. */
function decrypt(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding of zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const turnedAway: PushService['turnedAway'] = [];
  const refused: string[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (request.method !== 'POST' || !id || !device) {
        response.writeHead(404).end();
        return;
      }
      try {
        const claims = checkVapid(request.headers.authorization, device.serverKey, origin);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!request.headers.ttl) throw new Error('no TTL');
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device)) as unknown;
        if (device.status === 201) received.push({ device: id, payload, headers: request.headers, claims });
        else turnedAway.push({ device: id, status: device.status });
        response.writeHead(device.status).end();
      } catch (error) {
        refused.push(`${id}: ${(error as Error).message}`);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    received,
    turnedAway,
    refused,
    subscribe(serverKey, device = randomBytes(6).toString('hex')) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(device, { ecdh, auth, serverKey, status: 201 });
      return {
        endpoint: `${origin}/push/${device}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(device, status) {
      devices.get(device)!.status = status;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (refused.length) throw new Error(`push refused: ${refused.join('; ')}`);
        if (Date.now() > deadline)
          throw new Error(`${received.length} of ${count} pushes within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The id of the device a subscription's endpoint names. */
export const deviceOf = (subscription: Subscription) => subscription.endpoint.split('/').at(-1)!;
