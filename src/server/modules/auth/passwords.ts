import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's minimum memory-hard settings: 19 MiB, 2 passes, 1 lane.
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with Argon2id (a memory-hard KDF). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

/** True when the password matches the stored hash; a malformed hash never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
}
