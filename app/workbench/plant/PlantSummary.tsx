// /workbench/plant: the plant energy balance of one of the caller's enterprises (issue 22 item 9) — 综合能耗 in 当量值
// and 等价值, the balance table by carrier with metering coverage, the cross-card checks, energy per unit of
// product against the industry limit, and which surveys it was read from. Read-only: the figures come from the
// surveys; the user fixes a survey, not this page.
import { Alert, Button, Empty, Select, Table, Tag } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { Viewer } from "../../lib/viewer";
import { UserMenu } from "../../components/layout/UserMenu";
import type { CarrierBalance, PlantBalanceResult, PlantCheck } from "../../../workers/engines/balance/types";
import type { PlantSummary } from "../../../workers/cards/plant";
import {
  PLANT_BALANCE_COLUMNS,
  PLANT_FACTOR_NOTE,
  plantCarrierCells,
  plantHeadline,
  plantPerUnitText,
  plantSourceRows,
  plantTce,
} from "../../../workers/services/plant/figures";
import type { PlantPageData } from "./plant.server";
import { PlantPdf } from "./PlantPdf";

const CHECK_TYPE: Record<PlantCheck["level"], "error" | "warning" | "success"> = { error: "error", warning: "warning", ok: "success" };

function Headline({ data }: { data: NonNullable<PlantPageData["summary"]> }) {
  return (
    <dl className="plant-headline">
      {plantHeadline(data.balance).map(({ label, value, unit }) => (
        <div key={label} className="plant-headline__item">
          <dt>{label}</dt>
          <dd>
            <strong>{value}</strong> <span>{unit}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function BalanceTable({ carriers, totalEquivalent, totalEqual }: { carriers: CarrierBalance[]; totalEquivalent: number; totalEqual: number }) {
  const rows = carriers.map((c) => ({ key: c.carrier, ...plantCarrierCells(c) }));
  const [name, quantity, basis, factor, tceEq, tceEql, share, equipment, coverage] = PLANT_BALANCE_COLUMNS;
  return (
    <Table
      size="small"
      pagination={false}
      scroll={{ x: 960 }}
      dataSource={rows}
      columns={[
        { title: name, dataIndex: "name" },
        { title: quantity, dataIndex: "quantity", align: "right" },
        { title: basis, render: (_, c) => (c.basisDetail !== null ? <span title={c.basisDetail}>{c.basis}</span> : <Tag color="warning">{c.basis}</Tag>) },
        { title: factor, dataIndex: "factor", align: "right" },
        { title: tceEq, dataIndex: "tceEquivalent", align: "right" },
        { title: tceEql, dataIndex: "tceEqual", align: "right" },
        { title: share, dataIndex: "share", align: "right" },
        { title: equipment, dataIndex: "equipment", align: "right" },
        { title: coverage, dataIndex: "coverage", align: "right" },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={4}>
            <strong>综合能耗合计</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            <strong>{plantTce(totalEquivalent)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} align="right">
            <strong>{plantTce(totalEqual)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={6} colSpan={3} />
        </Table.Summary.Row>
      )}
    />
  );
}

function PerUnit({ balance }: { balance: PlantBalanceResult }) {
  const t = plantPerUnitText(balance);
  if (!t) return null;
  return (
    <div className="plant-perunit">
      <p>{t.text}</p>
      <Alert type={t.verdict.level} showIcon message={t.verdict.message} />
    </div>
  );
}

function SurveyTable({ summary, skipped }: { summary: PlantSummary; skipped: PlantPageData["skipped"] }) {
  return (
    <Table
      size="small"
      pagination={false}
      dataSource={plantSourceRows(summary, skipped)}
      columns={[
        { title: "调查表", dataIndex: "title" },
        { title: "评估卡片", dataIndex: "card" },
        { title: "计入", render: (_, r) => <Tag color={r.counted ? "success" : undefined}>{r.countedText}</Tag> },
        { title: "计入的数据或原因", dataIndex: "text" },
      ]}
    />
  );
}

export function PlantSummaryPage({ data, viewer }: { data: PlantPageData; viewer: Viewer }) {
  const summary = data.summary;
  return (
    <div className="wb plant">
      <header className="wb-header">
        <Button type="text" icon={<ArrowLeftOutlined />} href="/workbench">
          返回工作台
        </Button>
        <h1 className="wb-header__title">全厂能源平衡</h1>
        <span className="wb-header__spacer" />
        <UserMenu viewer={viewer} />
      </header>
      <main className="plant-main">
        {data.error ? <Alert type="warning" showIcon message={data.error} /> : null}
        {data.companies.length === 0 ? (
          <Empty description="还没有填写企业名称的调查表：在任一调查表第一页填写企业名称后，同一企业的各张调查表在这里汇总" />
        ) : (
          <>
            <div className="plant-pick">
              <label htmlFor="plant-company">企业</label>
              <Select
                id="plant-company"
                value={data.company ?? undefined}
                style={{ minWidth: 280 }}
                options={data.companies.map((c) => ({ value: c.name, label: `${c.name}（${c.surveyCount}份调查表）` }))}
                onChange={(v: string) => location.assign(`/workbench/plant?company=${encodeURIComponent(v)}`)}
              />
              {data.unnamedCount ? <span className="plant-muted">另有{data.unnamedCount}份调查表未填写企业名称，未计入</span> : null}
            </div>
            {summary ? (
              <>
                <Headline data={summary} />
                {data.company && summary.balance.carriers.length ? <PlantPdf company={data.company} initial={data.report} /> : null}
                <section className="plant-section" aria-labelledby="plant-checks">
                  <h2 id="plant-checks">跨卡片核对</h2>
                  {summary.balance.checks.length ? (
                    summary.balance.checks.map((c, i) => <Alert key={i} type={CHECK_TYPE[c.level]} showIcon message={c.message} />)
                  ) : (
                    <p className="plant-muted">没有可以相互核对的数据：需要同一能源既有全厂计量值（电费账单或全厂年用量）又有设备清单。</p>
                  )}
                  {summary.balance.notes.map((n) => (
                    <Alert key={n.code} type="info" showIcon message={n.message} />
                  ))}
                </section>
                <section className="plant-section" aria-labelledby="plant-balance">
                  <h2 id="plant-balance">能源平衡与综合能耗（GB/T 2589-2020）</h2>
                  {summary.balance.carriers.length ? (
                    <BalanceTable carriers={summary.balance.carriers} totalEquivalent={summary.balance.totalTceEquivalent} totalEqual={summary.balance.totalTceEqual} />
                  ) : (
                    <p className="plant-muted">调查表中还没有可计入的能源数据。</p>
                  )}
                  <p className="plant-muted">{PLANT_FACTOR_NOTE}</p>
                </section>
                <section className="plant-section" aria-labelledby="plant-unit">
                  <h2 id="plant-unit">单位产品综合能耗</h2>
                  {summary.balance.perUnit ? (
                    <PerUnit balance={summary.balance} />
                  ) : (
                    <p className="plant-muted">在调查表最后一页「全厂能源与产量（选填）」填写年产量和产量单位后显示。</p>
                  )}
                </section>
                <section className="plant-section" aria-labelledby="plant-surveys">
                  <h2 id="plant-surveys">数据来源</h2>
                  <SurveyTable summary={summary} skipped={data.skipped} />
                </section>
              </>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
