// Which failures of a browser journey are retried (decision 177): the waits that ran out of time, never a wrong value.
import { describe, expect, it } from "vitest";
import { E2E_RETRY_ON } from "../../../vitest.e2e.config";

describe("E2E_RETRY_ON", () => {
  it("matches the messages of waits that ran out of time", () => {
    for (const message of [
      "page.waitForFunction: Timeout 30000ms exceeded.\nin flight: none",
      "locator.waitFor: Timeout 60000ms exceeded.\nCall log:\n  - waiting for locator('.pay-dialog')",
      "page.goto: Timeout 30000ms exceeded.",
      'no toast "保存成功" within 10000 ms',
      "Test timed out in 60000ms.\nIf this is a long-running test, pass a timeout value as the last argument",
    ]) {
      expect(E2E_RETRY_ON.test(message), message).toBe(true);
    }
  });

  it("does not match a wrong value, status, text or count", () => {
    for (const message of [
      "expected 403 to be 200 // Object.is equality",
      "expected [ 'Minified React error #418' ] to deeply equal []",
      "expected '提交失败' to be '提交成功' // Object.is equality",
      "expected 13 to be 14 // Object.is equality",
      "login demo: 10001 用户名或密码错误",
    ]) {
      expect(E2E_RETRY_ON.test(message), message).toBe(false);
    }
  });
});
