// Report status codes and texts (spec 3 §3), the untitled placeholder and the status poll period: plain values with
// no zod, so the workbench's first load (list and tree) does not carry the payload schemas. workbench.ts re-exports them.

/** Report status poll period (spec 3 §4: every 3 s while a report is generated). */
export const REPORT_POLL_MS = 3000;

/** Report status (disposeStatus) codes and their text (spec 3 §3). */
export const DISPOSE_STATUS = { NONE: -1, QUEUED: 0, READY: 1, GENERATING: 2, FAILED: 3 } as const;
export const DISPOSE_STATUS_TEXT: Record<number, string> = {
  [DISPOSE_STATUS.NONE]: "未生成",
  [DISPOSE_STATUS.QUEUED]: "生成中",
  [DISPOSE_STATUS.READY]: "报告可下载",
  [DISPOSE_STATUS.GENERATING]: "生成中",
  [DISPOSE_STATUS.FAILED]: "生成失败",
};
/** Queued or being generated: the pages poll it, and generate refuses to queue another. */
export const isReportPending = (status: number): boolean => status === DISPOSE_STATUS.QUEUED || status === DISPOSE_STATUS.GENERATING;
export function disposeStatusText(status: number): string {
  return DISPOSE_STATUS_TEXT[status] ?? "未生成";
}

/** Placeholder shown for a survey without a title. */
export const UNTITLED = "未命名";

