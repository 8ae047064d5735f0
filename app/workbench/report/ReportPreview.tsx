// Web preview of a generated report (issue 6): the headline figures, the per-measure table and a bar chart of
// the annual savings per measure (plain SVG), from POST /api/surveyInfo/reportPreview — so a user sees the
// result before paying for the PDF. Mount it in the workbench (e.g. a drawer or modal opened from the row
// menu's 下载/预览报告 or after generation finishes).
//
// Props:
// - surveyId: the survey whose latest report to show (the caller must own it; others get the server's msg).
// - preview (optional): an already fetched ReportPreview; when given, no request is made.
// - onDownload (optional): shown as a 下载PDF报告 button (the download/payment flow of spec 3 §4 lives with the caller).
import { useEffect, useState } from "react";
import { Alert, Button, Empty, Spin, Table } from "antd";
import { apiFetch, OK } from "../../lib/api";
import { fmt, fmtYears, headlineTiles, type MeasureFigure } from "../../../workers/reports/figures";
import type { ReportPreview as ReportPreviewData } from "../../../workers/reports/preview";

export type { ReportPreviewData };

export interface ReportPreviewProps {
  surveyId: number;
  preview?: ReportPreviewData;
  onDownload?: () => void;
}

const BRAND = "#1f5fbf";

/** Horizontal bars of the annual cost saving per measure, in plain SVG (no chart library). */
export function MeasureBars({ measures }: { measures: MeasureFigure[] }) {
  const items = measures.filter((m) => m.savingYuan > 0);
  if (!items.length) return null;
  const max = Math.max(...items.map((m) => m.savingYuan));
  const rowH = 26;
  const labelW = 190;
  const barW = 360;
  return (
    <svg viewBox={`0 0 ${labelW + barW + 110} ${items.length * rowH + 8}`} width="100%" role="img" aria-label="各措施年节约费用">
      {items.map((m, i) => {
        const w = (m.savingYuan / max) * barW;
        const y = i * rowH + 4;
        return (
          <g key={m.code + i}>
            <text x={labelW - 8} y={y + 15} textAnchor="end" fontSize="12" fill="#374151">
              {m.name}
            </text>
            <rect x={labelW} y={y + 3} width={Math.max(w, 2)} height={16} rx={2} fill={BRAND} />
            <text x={labelW + Math.max(w, 2) + 6} y={y + 15} fontSize="12" fill="#111827">
              {fmt(m.savingYuan, "元")}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function ReportPreview({ surveyId, preview, onDownload }: ReportPreviewProps) {
  const [data, setData] = useState<ReportPreviewData | null>(preview ?? null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(!preview);

  useEffect(() => {
    if (preview) {
      setData(preview);
      return;
    }
    let live = true;
    setLoading(true);
    void apiFetch<ReportPreviewData>("/api/surveyInfo/reportPreview", { body: { id: surveyId }, silent: true }).then((body) => {
      if (!live) return;
      if (body.code === OK && body.data) setData(body.data);
      else setError(body.msg);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [surveyId, preview]);

  if (loading) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  if (error || !data) return <Empty description={error ?? "暂无报告"} />;
  const f = data.figures;
  const tiles = headlineTiles(f);
  return (
    <div className="report-preview" style={{ display: "grid", gap: 16 }}>
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", flexWrap: "wrap", gap: 8 }}>
        <div>
          <h3 style={{ margin: 0 }}>
            {f.company.name} · {f.cardName}节能评估
          </h3>
          <span style={{ color: "#6b7280", fontSize: 13 }}>
            报告编号 {f.reportNo} · 共 {data.pageCount} 页
          </span>
        </div>
        {onDownload && (
          <Button type="primary" onClick={onDownload} disabled={data.stale}>
            下载PDF报告
          </Button>
        )}
      </div>
      {data.stale && <Alert type="warning" showIcon message="调查表在报告生成后已修改，以下为上次报告的结果，请重新生成报告。" />}
      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(170px, 1fr))", gap: 12 }}>
        {tiles.map((t) => (
          <div key={t.label} style={{ background: "#eef3fb", borderRadius: 6, padding: "10px 12px" }}>
            <div style={{ color: "#6b7280", fontSize: 12 }}>{t.label}</div>
            <div style={{ color: BRAND, fontSize: 20, fontWeight: 600 }}>{t.value}</div>
            {t.note && <div style={{ color: "#9ca3af", fontSize: 11 }}>{t.note}</div>}
          </div>
        ))}
      </div>
      <Table<MeasureFigure>
        size="small"
        pagination={false}
        rowKey={(m, i) => `${m.code}-${i}`}
        dataSource={f.measures}
        columns={[
          { title: "措施", dataIndex: "name" },
          { title: "年节能量 (kWh)", align: "right", render: (_, m) => fmt(m.savingKwh) },
          { title: "年节约费用 (元)", align: "right", render: (_, m) => fmt(m.savingYuan) },
          { title: "投资 (元)", align: "right", render: (_, m) => fmt(m.investmentYuan) },
          { title: "回收期", align: "right", render: (_, m) => fmtYears(m.paybackYears) },
          { title: "说明", dataIndex: "remark" },
        ]}
      />
      <MeasureBars measures={f.measures} />
    </div>
  );
}

export default ReportPreview;
