import { afterEach, describe, expect, it, vi } from "vitest";
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "../../../workers/services/accounts/passwords";
import { stringEqual, timingSafeEqual, randomDigits } from "../../../workers/lib/crypto";

afterEach(() => vi.restoreAllMocks());

describe("PBKDF2 password hashing", () => {
  it("derives with PBKDF2-SHA256 and exactly 100,000 iterations", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const spy = vi.spyOn(crypto.subtle, "deriveBits");
    const h = await hashPassword("abc12345");
    expect(spy).toHaveBeenCalledTimes(1);
    const params = spy.mock.calls[0][0] as Pbkdf2Params;
    expect(params).toMatchObject({ name: "PBKDF2", hash: "SHA-256", iterations: 100_000 });
    expect(h.iterations).toBe(100_000);
    expect(h.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("uses a fresh random salt per hash", async () => {
    const a = await hashPassword("same-password1");
    const b = await hashPassword("same-password1");
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
  });

  it("verifies the right password only", async () => {
    const h = await hashPassword("abc12345");
    expect(await verifyPassword("abc12345", h)).toBe(true);
    expect(await verifyPassword("abc12346", h)).toBe(false);
    expect(await verifyPassword("abc12345", { ...h, hash: null })).toBe(false);
  });

  it("matches an independent PBKDF2 implementation (Node crypto)", async () => {
    const { pbkdf2Sync } = await import("node:crypto");
    const salt = "00112233445566778899aabbccddeeff";
    const h = await hashPassword("Demo1234", salt);
    expect(h.hash).toBe(pbkdf2Sync("Demo1234", Buffer.from(salt, "hex"), 100_000, 32, "sha256").toString("hex"));
  });

  it("refuses stored iteration counts above the cap instead of running them", async () => {
    const h = await hashPassword("abc12345");
    const spy = vi.spyOn(crypto.subtle, "deriveBits");
    expect(await verifyPassword("abc12345", { ...h, iterations: 1_000_000 })).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("constant-time helpers", () => {
  it("compares bytes and strings", () => {
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
    expect(stringEqual("state-abc", "state-abc")).toBe(true);
    expect(stringEqual("state-abc", "state-abd")).toBe(false);
  });

  it("makes 6-digit codes from all ten digits", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = randomDigits(6);
      expect(code).toMatch(/^\d{6}$/);
      for (const ch of code) seen.add(ch);
    }
    expect(seen.size).toBe(10);
  });
});
