// Background jobs (docs/decisions/162-jobs-in-d1.md): names shared by the services, the queue consumer, the sweeper
// and the operators' failures list in /admin/reports.
import { z } from "zod";

export const JOB_KIND = { REPORT: "report", EXPORT: "export", PUSH: "push", REINDEX: "reindex", PLANT: "plant" } as const;
export type JobKind = (typeof JOB_KIND)[keyof typeof JOB_KIND];

export const JOB_STATE = { QUEUED: "queued", RUNNING: "running", DONE: "done", FAILED: "failed" } as const;
export type JobState = (typeof JOB_STATE)[keyof typeof JOB_STATE];

export const JOB_KIND_TEXT: Record<JobKind, string> = {
  report: "报告生成",
  export: "个人数据导出",
  push: "系统消息实时推送",
  reindex: "搜索索引重建",
  plant: "全厂能源平衡报告",
};

/** The Q&A search index rebuild (a chunked job, docs/qa.md "Rebuilding the index"), as /admin/synonyms shows it. */
export interface ReindexStatus {
  jobId: number;
  state: JobState;
  /** The last question id whose index rows were rebuilt (the job resumes after it). */
  cursor: number;
  /** Visible questions indexed so far by this rebuild. */
  indexed: number;
  /** The highest question id when asked: cursor / maxId is the progress. */
  maxId: number;
  startedAt: number;
  updatedAt: number;
  finishedAt: number | null;
  lastError: string | null;
}

export const REINDEX_MSG = {
  started: "已开始重建搜索索引",
  running: "搜索索引正在重建中，请稍候",
} as const;

/** last_error prefixes (operators read them in /admin); the technical detail follows. */
export const JOB_ERROR = {
  leaseExpired: "处理中断（进程退出或超时），已重新排队",
  finalLease: "多次处理中断（进程退出或超时），已停止重试",
  deadLetter: "队列多次投递失败，消息已转入死信队列",
  superseded: "已被新的申请取代",
  failed: "处理失败",
} as const;

/** A failed job as /admin/reports lists it (reports have their own list by survey). */
export interface JobFailureView {
  id: number;
  kind: JobKind;
  kindText: string;
  subjectId: string;
  /** Who it concerns, when the job belongs to one user (exports). */
  userId: number | null;
  userName: string | null;
  attempts: number;
  lastError: string | null;
  updatedAt: number;
}

const BAD_JOB = "任务编号无效";
export const retryJobPayload = z.object({ jobId: z.coerce.number({ error: BAD_JOB }).int(BAD_JOB).positive(BAD_JOB) });

export const JOB_MSG = {
  retryInvalid: "该任务当前状态不能重试",
  retried: "已重新排队",
};

/** A queue message body: a job wake-up, or anything else (dropped with a log line). Declared here, below the entry and
 * the consumer that both name it, so neither imports the other for a type. */
export interface QueueJob {
  kind: string;
  jobId?: number;
  [key: string]: unknown;
}
