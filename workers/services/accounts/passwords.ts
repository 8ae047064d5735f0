// Password hashing: PBKDF2-SHA256 with exactly 100,000 iterations (production workerd's cap) and a per-user salt.
import { fromHex, timingSafeEqual, toHex, utf8, type Bytes } from "../../lib/encoding";

export const PBKDF2_ITERATIONS = 100_000;
const HASH_BITS = 256;
const SALT_BYTES = 16;

export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

async function derive(password: string, salt: Bytes, iterations: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", utf8(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export function newSalt(): string {
  const salt = new Uint8Array(SALT_BYTES);
  crypto.getRandomValues(salt);
  return toHex(salt);
}

/** Hash a password; `saltHex` is only passed by seeds that need a reproducible hash. */
export async function hashPassword(password: string, saltHex: string = newSalt()): Promise<PasswordHash> {
  const derived = await derive(password, fromHex(saltHex), PBKDF2_ITERATIONS);
  return { hash: toHex(derived), salt: saltHex, iterations: PBKDF2_ITERATIONS };
}

/** Check a password against a stored hash in constant time (per stored iteration count). */
export async function verifyPassword(password: string, stored: { hash: string | null; salt: string | null; iterations: number | null }): Promise<boolean> {
  if (!stored.hash || !stored.salt || !stored.iterations) return false;
  // Never run more than the cap: production workerd refuses it, and a tampered row must not make us spin.
  if (stored.iterations > PBKDF2_ITERATIONS || stored.iterations < 1) return false;
  const derived = await derive(password, fromHex(stored.salt), stored.iterations);
  return timingSafeEqual(derived, fromHex(stored.hash));
}

/** A dummy verification so unknown accounts take as long as known ones (no user enumeration by timing). */
export async function burnPasswordTime(password: string): Promise<void> {
  await derive(password, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS);
}
