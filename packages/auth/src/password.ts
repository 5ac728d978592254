import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's minimum parameters (19 MiB, 2 iterations, 1 lane). @node-rs/argon2 hashes on the
// libuv thread pool, so the event loop keeps serving other members meanwhile.
// `algorithm: 2` is Algorithm.Argon2id; the package declares it as a const enum, which erasable-only
// TypeScript cannot import.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check, so timing does not reveal that the account has no password.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
