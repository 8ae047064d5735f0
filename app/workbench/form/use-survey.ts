// The open survey's data for the form: its content (loaded, reloaded after a repeat is deleted), its FormStore, the
// page shown (reopened where it was left), and its report status, polled every 3 s while a report is generated
// (spec 3 §4). Unsent edits are flushed with sendBeacon when the tab closes or the form goes.
import { useCallback, useEffect, useRef, useState } from "react";
import { message } from "antd";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { DISPOSE_STATUS, REPORT_POLL_MS, isReportPending, type SurveyInfo } from "../../../workers/contract/workbench";
import { REPORT_MSG } from "../../../workers/reports/messages";
import { FormStore, type SaveTracker } from "../form-store";
import { rememberedPage } from "./layout";

export function useSurvey(surveyId: number, tracker: SaveTracker, onReady: (typeId: number) => void) {
  const [info, setInfo] = useState<SurveyInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(0);
  const [title, setTitle] = useState("");
  const [status, setStatus] = useState<number>(DISPOSE_STATUS.NONE);
  const [failReason, setFailReason] = useState<string | null>(null);
  const storeRef = useRef<FormStore | null>(null);
  /** The survey whose page was restored (a reload after deleting a repeat keeps the page). */
  const loadedFor = useRef<number | null>(null);

  const load = useCallback(async () => {
    const body = await call((o) => client.api.surveyInfo.info.$post({ json: { id: surveyId } }, o));
    if (body.code !== OK || !body.data) {
      setFailed(true);
      return null;
    }
    const data = body.data;
    if (!storeRef.current || storeRef.current.surveyId !== surveyId) {
      storeRef.current?.dispose();
      storeRef.current = new FormStore(surveyId, tracker, data);
    } else storeRef.current.load(data);
    setInfo(data);
    setStatus(data.status);
    setFailReason(data.failReason);
    // The first load of a survey reopens the page it was left on; later loads (after deleting a repeat) stay put.
    const restore = loadedFor.current !== surveyId;
    loadedFor.current = surveyId;
    const remembered = restore ? rememberedPage(surveyId, data.pageList.length) : 0;
    setPage((p) => (restore ? remembered : Math.min(p, data.pageList.length - 1)));
    return data;
  }, [surveyId, tracker]);

  useEffect(() => {
    tracker.reset();
    setInfo(null);
    setFailed(false);
    setPage(0);
    loadedFor.current = null;
    void load().then((d) => d && setTitle(d.title));
    const flush = () => storeRef.current?.beacon();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      storeRef.current?.beacon();
      storeRef.current?.dispose();
      storeRef.current = null;
    };
  }, [load, tracker]);

  const store = storeRef.current;
  if (store) store.onStatus = setStatus;

  const typeId = info?.typeId;
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  useEffect(() => {
    if (!isReportPending(status)) return;
    const timer = setInterval(async () => {
      const body = await call((o) => client.api.surveyInfo.queryPdf.$post({ json: { id: surveyId } }, o), { silent: true });
      if (body.code !== OK || !body.data) return;
      const d = body.data;
      setStatus(d.disposeStatus);
      if (d.disposeStatus === DISPOSE_STATUS.FAILED) {
        setFailReason(d.failReason || REPORT_MSG.failed);
        void message.error(d.failReason || REPORT_MSG.failed);
      }
      if (d.disposeStatus === DISPOSE_STATUS.READY) {
        // The header's download button reads fileUrl; the form was loaded before the file existed.
        setInfo((prev) => prev && { ...prev, fileUrl: d.fileUrl, status: DISPOSE_STATUS.READY, failReason: null });
        void message.success(REPORT_MSG.ready);
        // Spec 3 §4: once the file is there the payment/download flow starts.
        if (typeId) readyRef.current(typeId);
      }
    }, REPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [status, surveyId, typeId]);

  return { info, setInfo, failed, page, setPage, title, setTitle, status, setStatus, failReason, store, load };
}
