// decodeRouterState (app/lib/router-state.ts): hydration waits for the promise React Router throws while it decodes
// its data, and starts at once when the router throws anything else (a failed decode, or a later React Router).
import { afterEach, describe, expect, it, vi } from "vitest";

const thrown = vi.hoisted(() => ({ value: undefined as unknown }));
vi.mock("react-router/dom", () => ({
  HydratedRouter: () => {
    if (thrown.value !== undefined) throw thrown.value;
    return null;
  },
}));
const { decodeRouterState } = await import("../../../app/lib/router-state");

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

afterEach(() => {
  thrown.value = undefined;
});

describe("decodeRouterState", () => {
  it("waits for the decoding promise the router throws", async () => {
    let finish!: () => void;
    thrown.value = new Promise<void>((r) => (finish = r));
    const decoded = decodeRouterState();
    expect(await settled(decoded)).toBe(false);
    finish();
    expect(await settled(decoded)).toBe(true);
  });

  it("goes on when the decode fails (the router reports it in render)", async () => {
    thrown.value = Promise.reject(new Error("bad stream"));
    (thrown.value as Promise<void>).catch(() => undefined);
    await expect(decodeRouterState()).resolves.toBeUndefined();
  });

  it("starts at once when the router throws an error or nothing", async () => {
    thrown.value = new Error("You must be using the SSR features of React Router");
    expect(await settled(decodeRouterState())).toBe(true);
    thrown.value = undefined;
    expect(await settled(decodeRouterState())).toBe(true);
  });
});
