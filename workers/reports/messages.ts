// Report messages shown to users, shared by the job, the API and the workbench (pure: the browser imports it).
export const REPORT_MSG = {
  /** A job that kept failing for reasons other than the survey's data (fonts, storage, render). */
  failed: "报告生成失败，请稍后重试",
  notReady: "报告尚未生成，请先生成报告",
  ready: "报告已生成，可在线预览或下载报告",
  stale: "调查表在报告生成后已修改，以下为上次报告的结果，请重新生成报告。",
} as const;
