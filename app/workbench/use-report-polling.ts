// The list's reports being generated (the open form polls its own): every 3 s (spec 3 §4) until each one leaves
// 0/2, then the loader data is refreshed so the list and tree show the new status without a reload. A report queued
// from the list shows as 生成中 at once, until the poll sees the job end (the job may finish before the refreshed
// list arrives, and the user should still see the transition).
import { useEffect, useMemo, useState } from "react";
import { message } from "antd";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import type { SurveyListItem } from "../../workers/contract/workbench";
import { DISPOSE_STATUS, REPORT_POLL_MS, UNTITLED, disposeStatusText, isReportPending } from "../../workers/contract/workbench-status";
import { REPORT_MSG } from "../../workers/reports/messages";

/**
 * @param list the folder's rows from the loader
 * @param active false while a survey is open (its form polls)
 * @returns the rows with the list's own 生成中 marks, the failure reasons learnt, and `queue(id)` for the row menu
 */
export function useReportPolling(list: SurveyListItem[], active: boolean, refresh: () => void) {
  const [failReasons, setFailReasons] = useState<Record<number, string>>({});
  const [queued, setQueued] = useState<number[]>([]);
  const items = useMemo(
    () => list.map((s) => (queued.includes(s.id) ? { ...s, disposeStatus: DISPOSE_STATUS.QUEUED, disposeStatusStr: disposeStatusText(DISPOSE_STATUS.QUEUED) } : s)),
    [list, queued],
  );
  const pendingIds = active ? items.filter((s) => isReportPending(s.disposeStatus)).map((s) => s.id).join(",") : "";
  useEffect(() => {
    if (!pendingIds) return;
    const ids = pendingIds.split(",").map(Number);
    const timer = setInterval(async () => {
      const answers = await Promise.all(ids.map((id) => call((o) => client.api.surveyInfo.queryPdf.$post({ json: { id } }, o), { silent: true })));
      let changed = false;
      for (const body of answers) {
        const d = body.code === OK ? body.data : null;
        if (!d || isReportPending(d.disposeStatus)) continue;
        changed = true;
        setQueued((q) => q.filter((x) => x !== d.id));
        const name = d.evaluationTitle || UNTITLED;
        if (d.disposeStatus === DISPOSE_STATUS.FAILED) {
          const reason = d.failReason || REPORT_MSG.failed;
          setFailReasons((r) => ({ ...r, [d.id]: reason }));
          void message.error(`${name}：${reason}`);
        } else if (d.disposeStatus === DISPOSE_STATUS.READY) void message.success(`${name}：${REPORT_MSG.ready}`);
      }
      if (changed) refresh();
    }, REPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [pendingIds, refresh]);

  const queue = (id: number) => setQueued((q) => [...q.filter((x) => x !== id), id]);
  return { items, failReasons, queue };
}
