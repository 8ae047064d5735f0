// The workbench screen (spec 3 §2): header, left tree (survey list "tree" + recycle bin "trash"), and either the
// table list, the survey form or its report preview. The open survey lives in the URL (?type=&id=, plus
// &view=report for the preview) so a reload keeps it (use-workbench-url.ts).
import { Suspense, lazy, useCallback, useMemo, useRef, useState } from "react";
import { Spin, message } from "antd";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import type { Viewer } from "../lib/viewer";
import type { SurveyPage } from "../../workers/contract/workbench";
import { DISPOSE_STATUS } from "../../workers/contract/workbench-status";
import { useReportPayment } from "../payment/use-report-payment";
import { SaveTracker } from "./save-tracker";
import { SurveyList } from "./SurveyList";
import { useReportPolling } from "./use-report-polling";
import { useWorkbenchUrl } from "./use-workbench-url";
import { WorkbenchAside } from "./WorkbenchAside";
import { WorkbenchHeader } from "./WorkbenchHeader";

// The preview page (and its charts) is fetched only when a report is opened.
const ReportPage = lazy(() => import("./report/ReportPage"));
// The survey form (its fields, pickers, uploads, steps) loads when a survey is opened: the list is the first load.
const SurveyForm = lazy(() => import("./SurveyForm").then((m) => ({ default: m.SurveyForm })));

export interface WorkbenchData {
  card: { id: number; surveyName: string };
  /** One page of each folder: ?page= applies to the folder shown, ?q= searches both (the server pages and searches). */
  tree: SurveyPage;
  trash: SurveyPage;
  /** The recycle bin's size whatever the search (its label, 清空回收站). */
  trashCount: number;
  q: string;
}

export function Workbench({ data, viewer }: { data: WorkbenchData; viewer: Viewer }) {
  const url = useWorkbenchUrl(data.card.id, data.q);
  const { openId, inTrash, viewReport, navigate, refresh } = url;
  const tracker = useMemo(() => new SaveTracker(), []);
  const [formStatus, setFormStatus] = useState<number>(DISPOSE_STATUS.NONE);
  const payment = useReportPayment();
  const polling = useReportPolling(data.tree.list, !openId, refresh);

  const lastStatus = useRef<number | null>(null);
  const onFormStatus = useCallback(
    (s: number) => {
      setFormStatus(s);
      // A status change (queued, ready, stale) shows in the tree and list.
      if (lastStatus.current !== null && lastStatus.current !== s) refresh();
      lastStatus.current = s;
    },
    [refresh],
  );

  const exportSurvey = async () => {
    const body = await call((o) => client.api.execl.survey.export.$post({ json: { id: openId, type: data.card.id } }, o));
    if (body.code === OK && body.data) {
      void message.success("调查表导出成功");
      // The file answers with Content-Disposition: attachment, so the page stays; a window opened after an
      // await would meet the popup blocker.
      window.location.assign(body.data);
    }
  };

  const selectedKey = openId ? `${inTrash ? "t" : "s"}-${openId}` : inTrash ? "trash" : "tree";
  return (
    <div className="wb">
      <WorkbenchHeader
        cardName={data.card.surveyName}
        viewer={viewer}
        tracker={openId && !viewReport ? tracker : null}
        exportEnabled={Boolean(openId) && formStatus === DISPOSE_STATUS.READY}
        onExport={exportSurvey}
        onBack={() => (openId ? url.backToList() : location.assign("/login"))}
      />
      <div className={openId ? "wb-body wb-body--open" : "wb-body"}>
        <WorkbenchAside
          cardName={data.card.surveyName}
          surveys={data.tree.list}
          trashed={data.trash.list}
          trashCount={data.trashCount}
          searchText={url.searchText}
          onSearchText={url.setSearchText}
          selectedKey={selectedKey}
          onFolder={(bin) => navigate({ bin })}
          onSurvey={url.openSurvey}
        />
        <main className="wb-main">
          {openId && viewReport ? (
            <Suspense fallback={<Spin className="wb-loading" size="large" />}>
              <ReportPage key={openId} surveyId={openId} onBack={() => url.openSurvey(openId)} onDownload={() => payment.open({ surveyId: openId, productId: data.card.id })} />
            </Suspense>
          ) : openId ? (
            <Suspense fallback={<Spin className="wb-loading" size="large" />}>
              <SurveyForm
                key={openId}
                surveyId={openId}
                tracker={tracker}
                onStatus={onFormStatus}
                onTitleSaved={refresh}
                onPreview={() => url.openPreview(openId)}
                onBack={url.backToList}
              />
            </Suspense>
          ) : (
            <SurveyList
              typeId={data.card.id}
              trash={inTrash}
              items={inTrash ? data.trash.list : polling.items}
              page={inTrash ? data.trash : data.tree}
              onPage={(page) => navigate({ bin: inTrash ? "trash" : null, page })}
              search={url.searchText}
              onSearch={url.setSearchText}
              trashCount={data.trashCount}
              onOpen={url.openSurvey}
              onPreview={url.openPreview}
              onQueued={polling.queue}
              failReasons={polling.failReasons}
              onCreated={(id) => navigate({ id })}
              onChanged={refresh}
            />
          )}
        </main>
        {viewReport && payment.dialog}
      </div>
    </div>
  );
}
