// 生成PDF报告 on /workbench/plant: asks for the enterprise's plant summary as a signable PDF (a "plant" job, built in
// the background like a card's report), follows its status and offers the download once ready.
import { useEffect, useState } from "react";
import { Alert, Button } from "antd";
import { FilePdfOutlined } from "@ant-design/icons";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { chinaDateTime } from "../../../workers/lib/china-time";
import type { PlantReportView } from "../../../workers/contract/plant";

const pending = (v: PlantReportView | null) => !!v && (v.status === "queued" || v.status === "building");
/** How often the page asks for the status while the PDF is being built. */
const POLL_MS = 1500;

export function PlantPdf({ company, initial }: { company: string; initial: PlantReportView | null }) {
  const [report, setReport] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => setReport(initial), [initial]);
  useEffect(() => {
    if (!pending(report)) return;
    const timer = setTimeout(async () => {
      const res = await call((o) => client.api.plant.report.latest.$post({ json: { company } }, o));
      if (res.code === OK) setReport(res.data);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [report, company]);
  const ask = async () => {
    setAsking(true);
    setError(null);
    const res = await call((o) => client.api.plant.report.$post({ json: { company } }, o));
    setAsking(false);
    if (res.code === OK && res.data) setReport(res.data);
    else setError(res.msg);
  };
  return (
    <div className="plant-pdf">
      <Button icon={<FilePdfOutlined />} loading={asking || pending(report)} onClick={ask}>
        {pending(report) ? "PDF报告生成中" : "生成PDF报告（可签署）"}
      </Button>
      {report?.status === "ready" && report.downloadUrl ? (
        <a href={report.downloadUrl} target="_blank" rel="noreferrer">
          下载全厂能源平衡报告（{report.reportNo}，{chinaDateTime(report.readyAt)}生成）
        </a>
      ) : null}
      {report?.status === "failed" ? <Alert type="error" showIcon message={report.failReason ?? "生成失败"} /> : null}
      {error ? <Alert type="warning" showIcon message={error} /> : null}
    </div>
  );
}
