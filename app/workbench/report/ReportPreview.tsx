// Web preview of a generated report (issue 6): the headline figures, the per-measure table and plain-SVG charts
// (annual saving per measure; current vs after-retrofit against the baseline), from
// POST /api/surveyInfo/reportPreview — so a user sees the result before paying for the PDF. The numbers are the
// stored figures the PDF was rendered from, formatted by the same functions (workers/reports/figures.ts).
//
// Props:
// - surveyId: the survey whose latest report to show (the caller must own it; others get the server's msg).
// - preview (optional): an already fetched ReportPreview; when given, no request is made.
// - onDownload (optional): shown as a 下载PDF报告 button (the download/payment flow of spec 3 §4 lives with the caller).
import { chinaDateText } from "../../../workers/lib/china-time";
import { useEffect, useState } from "react";
import { Alert, Button, Empty, Spin, Table } from "antd";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { fmt, fmtPct, fmtYears, headlineTiles, type MeasureFigure, type ReportFigures } from "../../../workers/reports/model/figures";
import type { ReportPreview as ReportPreviewData } from "../../../workers/reports/preview";
import { REPORT_MSG } from "../../../workers/reports/messages";

export type { ReportPreviewData };

export interface ReportPreviewProps {
  surveyId: number;
  preview?: ReportPreviewData;
  onDownload?: () => void;
}

const BRAND = "#1f5fbf";
const ACCENT = "#f29b38";

/** Horizontal bars of the annual cost saving per measure, in plain SVG (no chart library). */
export function MeasureBars({ measures }: { measures: MeasureFigure[] }) {
  const items = measures.filter((m) => m.savingYuan > 0);
  if (!items.length) return null;
  const max = Math.max(...items.map((m) => m.savingYuan));
  const rowH = 26;
  const labelW = 210;
  const barW = 360;
  return (
    <figure className="rp-chart">
      <figcaption>各措施年节约费用（元）</figcaption>
      <svg viewBox={`0 0 ${labelW + barW + 110} ${items.length * rowH + 8}`} width="100%" style={{ maxWidth: 760 }} role="img" aria-label="各措施年节约费用">
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
    </figure>
  );
}

/**
 * The baseline (annual kWh for motors, the annual bill for electricity) against what remains after the
 * recommended measures; nothing for cards without a comparable baseline (stenter: fuel, no baseline stored).
 */
export function BaselineBars({ figures }: { figures: ReportFigures }) {
  const h = figures.headline;
  const b = h.baseline;
  if (!b || b.value <= 0) return null;
  const saving = b.unit === "kWh" ? h.savingKwh : b.unit === "元" ? h.savingYuan : null;
  if (saving === null || saving <= 0) return null;
  const after = Math.max(b.value - saving, 0);
  const rows = [
    { label: b.label, value: b.value, colour: "#94a3b8" },
    { label: "实施推荐措施后", value: after, colour: BRAND },
  ];
  const labelW = 210;
  const barW = 360;
  return (
    <figure className="rp-chart">
      <figcaption>
        实施前后对比（{b.unit}）· 下降 {fmtPct(saving / b.value)}
      </figcaption>
      <svg viewBox={`0 0 ${labelW + barW + 130} ${rows.length * 30 + 8}`} width="100%" style={{ maxWidth: 760 }} role="img" aria-label="实施前后对比">
        {rows.map((r, i) => {
          const y = i * 30 + 4;
          const w = Math.max((r.value / b.value) * barW, 2);
          return (
            <g key={r.label}>
              <text x={labelW - 8} y={y + 17} textAnchor="end" fontSize="12" fill="#374151">
                {r.label}
              </text>
              <rect x={labelW} y={y + 4} width={w} height={18} rx={2} fill={r.colour} />
              {i === 1 && <rect x={labelW + w} y={y + 4} width={Math.max(barW - w, 0)} height={18} rx={2} fill="none" stroke={ACCENT} strokeDasharray="4 3" />}
              <text x={labelW + barW + 8} y={y + 17} fontSize="12" fill="#111827">
                {fmt(r.value, b.unit)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

const fmtSize = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export function ReportPreview({ surveyId, preview, onDownload }: ReportPreviewProps) {
  const [data, setData] = useState<ReportPreviewData | null>(preview ?? null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(!preview);

  useEffect(() => {
    if (preview) {
      setData(preview);
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setError(null);
    void call((o) => client.api.surveyInfo.reportPreview.$post({ json: { id: surveyId } }, o), { silent: true }).then((body) => {
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
    <div className="report-preview" data-report-no={f.reportNo}>
      <div className="rp-head">
        <div>
          <h2 className="rp-title">
            {f.company.name} · {f.cardName}节能评估报告
          </h2>
          <span className="rp-meta">
            报告编号 {f.reportNo} · {chinaDateText(f.generatedAt)} · PDF 共 {data.pageCount} 页，{fmtSize(data.fileSize)}
          </span>
        </div>
        {onDownload && (
          <Button type="primary" onClick={onDownload} disabled={data.stale}>
            下载PDF报告
          </Button>
        )}
      </div>
      {data.stale && <Alert type="warning" showIcon message={REPORT_MSG.stale} />}
      <section aria-label="核心指标" className="rp-tiles">
        {tiles.map((t) => (
          <div key={t.label} className="rp-tile" data-label={t.label}>
            <div className="rp-tile__label">{t.label}</div>
            <div className="rp-tile__value">{t.value}</div>
            {t.note && <div className="rp-tile__note">{t.note}</div>}
          </div>
        ))}
      </section>
      <section aria-label="各项措施节能效益" className="rp-card">
        <h3>各项措施节能效益</h3>
        <Table<MeasureFigure>
          size="small"
          pagination={false}
          // On a phone the six columns scroll sideways instead of wrapping 措施 one character per line.
          scroll={{ x: 600 }}
          rowKey={(m) => `${m.code}-${m.name}`}
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
      </section>
      <section aria-label="图表" className="rp-card rp-charts">
        <MeasureBars measures={f.measures} />
        <BaselineBars figures={f} />
      </section>
      <p className="rp-note">在线预览展示报告的核心结果；完整报告（设备清单、分项测算表、负荷曲线、计算方法与依据）请下载 PDF 查看。</p>
    </div>
  );
}

export default ReportPreview;
