// /workbench/plant: the plant energy balance of one of the caller's enterprises (issue 22 item 9) — 综合能耗 in 当量值
// and 等价值, the balance table by carrier with metering coverage, the cross-card checks, energy per unit of
// product against the industry limit, and which surveys it was read from. Read-only: the figures come from the
// surveys; the user fixes a survey, not this page.
import { Alert, Button, Empty, Select, Table, Tag } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { Viewer } from "../../lib/viewer";
import { UserMenu } from "../../components/layout/UserMenu";
import type { CarrierBalance, PlantCheck } from "../../../workers/engines/balance/types";
import type { PlantSurveyStatus } from "../../../workers/cards/plant";
import type { PlantPageData } from "./plant.server";

const INT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const ONE = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const TWO = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** At most 4 significant digits (factors). */
const sig4 = (n: number) => String(Number(n.toPrecision(4)));
const pct = (r: number | null) => (r === null ? "—" : `${ONE.format(r * 100)}%`);
const tce = (n: number) => ONE.format(n);

const CHECK_TYPE: Record<PlantCheck["level"], "error" | "warning" | "success"> = { error: "error", warning: "warning", ok: "success" };

function Headline({ data }: { data: NonNullable<PlantPageData["summary"]> }) {
  const b = data.balance;
  const items: [string, string, string][] = [
    ["综合能耗（当量值）", tce(b.totalTceEquivalent), "tce/年"],
    ["综合能耗（等价值）", tce(b.totalTceEqual), "tce/年"],
    ["计量覆盖", pct(b.meteredShare), "按计量值计入的能耗占比"],
  ];
  if (b.perUnit) items.push(["单位产品综合能耗（当量值）", TWO.format(b.perUnit.kgceEquivalent), `kgce/${b.perUnit.unitName}`]);
  return (
    <dl className="plant-headline">
      {items.map(([label, value, unit]) => (
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
  const rows = carriers.map((c) => ({ key: c.carrier, ...c }));
  return (
    <Table
      size="small"
      pagination={false}
      scroll={{ x: 960 }}
      dataSource={rows}
      columns={[
        { title: "能源品种", dataIndex: "name" },
        { title: "全厂年用量", render: (_, c) => `${INT.format(c.quantity)} ${c.unit}`, align: "right" },
        { title: "计入依据", render: (_, c) => (c.basis === "metered" ? <span title={c.meteredBy ?? ""}>计量值</span> : <Tag color="warning">设备合计（下限）</Tag>) },
        { title: "折标系数（当量值）", render: (_, c) => `${sig4(c.factorEquivalent.value)} ${c.factorEquivalent.unit}`, align: "right" },
        { title: "当量值 (tce)", render: (_, c) => tce(c.tceEquivalent), align: "right" },
        { title: "等价值 (tce)", render: (_, c) => tce(c.tceEqual), align: "right" },
        { title: "占比", render: (_, c) => pct(c.share), align: "right" },
        { title: "调查设备年用量", render: (_, c) => (c.equipmentQuantity > 0 ? `${INT.format(c.equipmentQuantity)} ${c.unit}` : "—"), align: "right" },
        { title: "设备占计量值", render: (_, c) => pct(c.coverage), align: "right" },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={4}>
            <strong>综合能耗合计</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            <strong>{tce(totalEquivalent)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} align="right">
            <strong>{tce(totalEqual)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={6} colSpan={3} />
        </Table.Summary.Row>
      )}
    />
  );
}

function PerUnit({ perUnit }: { perUnit: NonNullable<NonNullable<PlantPageData["summary"]>["balance"]["perUnit"]> }) {
  const unit = `kgce/${perUnit.unitName}`;
  return (
    <div className="plant-perunit">
      <p>
        年产量 {INT.format(perUnit.output)} {perUnit.unitName}；单位产品综合能耗 {TWO.format(perUnit.kgceEquivalent)} {unit}（当量值），
        {TWO.format(perUnit.kgceEqual)} {unit}（等价值）。
      </p>
      {perUnit.limit ? (
        <Alert
          type={perUnit.exceeds ? "error" : "success"}
          showIcon
          message={`${perUnit.exceeds ? "超过" : "未超过"}限额：${perUnit.limit.product} ${sig4(perUnit.limit.kgcePerUnit)} ${unit}（${perUnit.limit.source}），为限额的${pct(perUnit.ratio)}（按当量值对比）`}
        />
      ) : (
        <Alert type="info" showIcon message="所属行业与产量单位没有配置限额，可在调查表「全厂能源与产量」页填写适用的限额" />
      )}
    </div>
  );
}

function SurveyTable({ surveys, skipped }: { surveys: PlantSurveyStatus[]; skipped: PlantPageData["skipped"] }) {
  const rows = [
    ...surveys.map((s) => ({
      key: `s${s.surveyId}`,
      title: s.title || "未命名调查表",
      card: s.cardName,
      counted: s.counted,
      text: [s.reason, ...s.uses.map((u) => `${u.label} ${INT.format(u.quantity)}`), ...s.problems].filter(Boolean).join("；"),
    })),
    ...skipped.map((s) => ({ key: `k${s.surveyId}`, title: s.title || "未命名调查表", card: "", counted: false, text: s.reason })),
  ];
  return (
    <Table
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: "调查表", dataIndex: "title" },
        { title: "评估卡片", dataIndex: "card" },
        { title: "计入", render: (_, r) => (r.counted ? <Tag color="success">已计入</Tag> : <Tag>未计入</Tag>) },
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
                  <p className="plant-muted">
                    电力当量值按0.1229 kgce/kWh，等价值按0.300 kgce/kWh（假设值：全国平均供电标准煤耗约0.300–0.305 kgce/kWh）；天然气、蒸汽、原煤的等价值与当量值相同。蒸汽按焓值减20 °C给水焓折算热量。
                  </p>
                </section>
                <section className="plant-section" aria-labelledby="plant-unit">
                  <h2 id="plant-unit">单位产品综合能耗</h2>
                  {summary.balance.perUnit ? (
                    <PerUnit perUnit={summary.balance.perUnit} />
                  ) : (
                    <p className="plant-muted">在调查表最后一页「全厂能源与产量（选填）」填写年产量和产量单位后显示。</p>
                  )}
                </section>
                <section className="plant-section" aria-labelledby="plant-surveys">
                  <h2 id="plant-surveys">数据来源</h2>
                  <SurveyTable surveys={summary.surveys} skipped={data.skipped} />
                </section>
              </>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
