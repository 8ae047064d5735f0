// Names the browser journeys that passed only on their retry (vitest.e2e.config.ts `retry`), with the error of the
// attempt that failed: a retry keeps a busy CI machine's stall from failing the run, and this keeps it from being
// forgotten.
import type { Reporter, TestCase } from "vitest/node";

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const errors = testCase.result().errors ?? [];
    const first = errors[0]?.message?.split("\n").slice(0, 12).join("\n") ?? "(no error recorded)";
    this.flaky.push(`${testCase.module.moduleId.split("/test/").pop()} > ${testCase.fullName}\n${first}`);
  }

  onTestRunEnd() {
    if (!this.flaky.length) return;
    console.warn(`\n⚠ ${this.flaky.length} browser journey(s) passed only on retry (flaky):\n\n${this.flaky.join("\n\n")}\n`);
  }
}
