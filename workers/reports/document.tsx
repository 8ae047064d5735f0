// The report as a react-pdf document (A4, Chinese): cover, executive summary with the headline figures, one
// section per measure with tables and charts, assumptions, the method appendix, disclaimer and the contact
// for an engineer's interpretation. Layout rules from ARCHITECTURE.md "Reports": lineHeight only on
// paragraphs, headings kept with their first table or chart. No render props: one would make react-pdf paginate
// the whole document twice (page numbers are stamped after layout instead, page-numbers.ts; decision 173).
import { Canvas, Document, Page, Text, View } from "@react-pdf/renderer";
import type { ReactElement, ReactNode } from "react";
import { BarChart, COLORS, LoadCurveChart, PieChart } from "./charts";
import { headlineTiles } from "./model/figures";
import { REPORT_FONT_FAMILY } from "./fonts";
import type { Block, ReportDoc, TableColumn } from "./model";
import { COMPANY_NAME, CONTACT_PHONE } from "../lib/operator";
import { chineseNumeral, columnWidthPt, headerFontSize, headerWords } from "./layout";
import { pageNumberSlot } from "./page-numbers";

/** Phone for the paid engineer interpretation (spec 3 §1, §2 payment dialog): the operator's service line. */
export const INTERPRETATION_PHONE = CONTACT_PHONE;

/** Who prepared the report (the signature page's 编制单位) and the qualification it states; null prints a line to fill in. */
export interface ReportIssuer {
  name: string;
  qualification: string | null;
}


/** The page-number footer's font size, pt. */
export const PAGE_FOOTER_PT = 8;

export const para = { fontSize: 9.5, lineHeight: 1.6, marginBottom: 5, color: COLORS.text };

/** Tables up to this many rows never split from their heading. */
const KEEP_TOGETHER_ROWS = 16;

export function Heading({ children }: { children: string }) {
  return (
    <View style={{ borderLeftWidth: 3, borderLeftColor: COLORS.brand, paddingLeft: 6, marginTop: 12, marginBottom: 6 }}>
      <Text style={{ fontSize: 13, fontWeight: 700, color: COLORS.brand }}>{children}</Text>
    </View>
  );
}

/** A header word is never split: textkit may break a header line only at its spaces. */
const wholeWord = (word: string) => [word];

const ROW = { flexDirection: "row", fontSize: 7.8, borderBottomWidth: 0.5, borderBottomColor: COLORS.grid } as const;
const STRIPED_ROW = { ...ROW, backgroundColor: "#f8fafc" } as const;

/**
 * A table whose header row repeats at the top of every page it runs onto (`fixed` inside the table: the
 * paginator carries it into each continuation).
 */
function Table({ columns, rows, total, title }: { columns: TableColumn[]; rows: string[][]; total?: string[]; title?: string }) {
  const sum = columns.reduce((s, c) => s + c.width, 0);
  // One Text per cell, padding on the Text itself, font on the row and one style object per column: the long
  // per-motor tables are most of a 100-motor report's render time, and each node and style property costs.
  const cellStyles = columns.map((c) => ({ width: `${(c.width / sum) * 100}%`, paddingHorizontal: 3, paddingVertical: 2.5, ...(c.align === "right" ? { textAlign: "right" as const } : {}) }));
  const cell = (k: number, text: string) => (
    <Text key={k} style={cellStyles[k]}>
      {text}
    </Text>
  );
  // Header: one Text per column that breaks only between the label's words (each word kept whole, so no
  // "年运行小/时"), the font shrunk until the longest word fits (layout.ts). One node per cell: the header row repeats
  // on every page a long table runs onto.
  const headerCell = (c: TableColumn, key: number) => (
    <Text key={key} hyphenationCallback={wholeWord} style={{ ...cellStyles[key], fontSize: headerFontSize(c.label, columnWidthPt(c.width, sum)), fontWeight: 700 }}>
      {headerWords(c.label).join(" ")}
    </Text>
  );
  return (
    <View style={{ marginTop: 5, marginBottom: 5 }}>
      {title && (
        <Text minPresenceAhead={TABLE_LEAD_PT} style={{ fontSize: 9, fontWeight: 700, marginBottom: 3 }}>
          {title}
        </Text>
      )}
      <View style={{ borderTopWidth: 1, borderTopColor: COLORS.brand }}>
        <View fixed style={{ flexDirection: "row", backgroundColor: COLORS.brandLight }} wrap={false}>
          {columns.map((c, i) => headerCell(c, i))}
        </View>
        {rows.map((r, i) => (
          <View key={i} style={i % 2 ? STRIPED_ROW : ROW} wrap={false}>
            {columns.map((_, k) => cell(k, r[k] ?? ""))}
          </View>
        ))}
        {total && (
          <View style={{ flexDirection: "row", fontSize: 7.8, fontWeight: 700, borderTopWidth: 0.8, borderTopColor: COLORS.muted }} wrap={false}>
            {columns.map((_, k) => cell(k, total[k] ?? ""))}
          </View>
        )}
      </View>
    </View>
  );
}

const SIGNATURE_LABEL_PT = 104;

/** A signature row: role, a line to sign on, a line for the date. */
export function SignatureLine({ role }: { role: string }) {
  return (
    <View style={{ flexDirection: "row", alignItems: "flex-end", marginTop: 16 }} wrap={false}>
      {/* Wide enough for the longest role, 企业负责人（签字）： (10 characters at 10 pt), on one line. */}
      <Text style={{ fontSize: 10, width: SIGNATURE_LABEL_PT }}>{role}（签字）：</Text>
      <View style={{ width: 150, borderBottomWidth: 0.8, borderBottomColor: COLORS.text, height: 14, marginLeft: 12 }} />
      <Text style={{ fontSize: 10, marginLeft: 24 }}>日期：</Text>
      <View style={{ width: 110, borderBottomWidth: 0.8, borderBottomColor: COLORS.text, height: 14 }} />
    </View>
  );
}

function KeyValues({ rows }: { rows: [string, string][] }) {
  return (
    <View style={{ marginVertical: 4 }}>
      {rows.map(([k, v], i) => (
        <View key={i} style={{ flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: COLORS.grid, paddingVertical: 2.5 }} wrap={false}>
          <Text style={{ width: "34%", fontSize: 8.5, color: COLORS.muted }}>{k}</Text>
          <Text style={{ width: "66%", fontSize: 8.5 }}>{v}</Text>
        </View>
      ))}
    </View>
  );
}

function BlockView({ block }: { block: Block }): ReactElement {
  switch (block.kind) {
    case "para":
      return <Text style={para}>{block.text}</Text>;
    case "bullets":
      return (
        <View style={{ marginBottom: 4 }}>
          {block.items.map((t, i) => (
            <View key={i} style={{ flexDirection: "row", marginBottom: 2 }} wrap={false}>
              <Text style={{ width: 10, fontSize: 9.5 }}>•</Text>
              <Text style={{ ...para, marginBottom: 0, flex: 1 }}>{t}</Text>
            </View>
          ))}
        </View>
      );
    case "kv":
      return <KeyValues rows={block.rows} />;
    case "table":
      return <Table columns={block.columns} rows={block.rows} total={block.total} title={block.title} />;
    case "bar":
      return <BarChart block={block} />;
    case "pie":
      return <PieChart block={block} />;
    case "loadCurve":
      return <LoadCurveChart block={block} />;
  }
}

/** A block that should not split (charts, short tables, key-values). */
function keepsTogether(b: Block): boolean {
  if (b.kind === "table") return b.rows.length <= KEEP_TOGETHER_ROWS;
  return b.kind !== "para" && b.kind !== "bullets";
}

/** Height of a long table's title, header and first rows that must follow its heading on the same page, pt. */
export const TABLE_LEAD_PT = 90;

/** A long list, cut into its first item (which stays with the heading above it) and the rest (null when none). */
function splitLead(b: Block): { lead: Block; rest: Block | null } {
  if (b.kind === "bullets" && b.items.length > 1) return { lead: { ...b, items: b.items.slice(0, 1) }, rest: { ...b, items: b.items.slice(1) } };
  return { lead: b, rest: null };
}

export function Flow({ block }: { block: Block }) {
  return keepsTogether(block) ? (
    <View wrap={false}>
      <BlockView block={block} />
    </View>
  ) : (
    <BlockView block={block} />
  );
}

/**
 * Heading + its blocks. The heading never ends a page on its own: it shares an unbreakable view with the
 * paragraphs under it and the first chart or short table (or a long list's first item); before a long table it
 * asks for the table's first rows on the same page (minPresenceAhead, reliable with the paginator the pages opt
 * into; the old one left headings at a page foot, hence the wrap={false} views).
 */
export function SectionView({ title, blocks }: { title: string; blocks: Block[] }) {
  const first = blocks.findIndex((b) => b.kind !== "para");
  const head = first === -1 ? blocks.slice(0, 1) : blocks.slice(0, first + 1);
  const rest = blocks.slice(head.length);
  const last = head[head.length - 1];
  const longTable = last?.kind === "table" && !keepsTogether(last);
  const { lead, rest: tail } = longTable ? { lead: null, rest: last } : last && last.kind !== "para" && !keepsTogether(last) ? splitLead(last) : { lead: last, rest: null };
  return (
    <View>
      <View wrap={false} minPresenceAhead={longTable ? TABLE_LEAD_PT : undefined}>
        <Heading>{title}</Heading>
        {head.slice(0, -1).map((b, i) => (
          <BlockView key={i} block={b} />
        ))}
        {lead && <BlockView block={lead} />}
      </View>
      {tail && <BlockView block={tail} />}
      {rest.map((b, i) => (
        <Flow key={i} block={b} />
      ))}
    </View>
  );
}

/** The cover: a band with the document's kind, its title, and the key facts (enterprise, date, number). */
export function CoverPage({ kind, title, subtitle, rows }: { kind: string; title: string; subtitle: string; rows: readonly (readonly [string, string])[] }) {
  return (
    <Page size="A4" style={{ fontFamily: REPORT_FONT_FAMILY, color: COLORS.text }}>
      <View style={{ backgroundColor: COLORS.brand, height: 210, paddingHorizontal: 56, paddingTop: 90 }}>
        <Text style={{ fontSize: 12, color: "#dbe6f7", letterSpacing: 2 }}>{kind}</Text>
        <Text style={{ fontSize: 30, fontWeight: 700, color: "#ffffff", marginTop: 10 }}>{title}</Text>
      </View>
      <View style={{ paddingHorizontal: 56, paddingTop: 60 }}>
        <Text style={{ fontSize: 20, fontWeight: 700 }}>{subtitle}</Text>
        <View style={{ marginTop: 40 }}>
          {rows.map(([k, v]) => (
            <View key={k} style={{ flexDirection: "row", borderBottomWidth: 0.6, borderBottomColor: COLORS.grid, paddingVertical: 8 }}>
              <Text style={{ width: 90, fontSize: 11, color: COLORS.muted }}>{k}</Text>
              <Text style={{ fontSize: 11, flex: 1 }}>{v}</Text>
            </View>
          ))}
        </View>
      </View>
      <View style={{ position: "absolute", bottom: 48, left: 56, right: 56 }}>
        <Text style={{ fontSize: 8.5, color: COLORS.muted, lineHeight: 1.5 }}>
          本报告依据企业填写的调查表数据与公开标准计算生成，仅供节能改造决策参考。如需工程师解读报告，请致电 {INTERPRETATION_PHONE}。
        </Text>
      </View>
    </Page>
  );
}

function Cover({ doc }: { doc: ReportDoc }) {
  const c = doc.cover;
  return (
    <CoverPage
      kind="工业企业节能诊断"
      title="节能评估报告"
      subtitle={c.cardName}
      rows={[
        ["企业名称", c.company],
        ["所在地区", c.location || "—"],
        ["评估类型", c.cardName],
        ["报告日期", c.date],
        ["报告编号", c.reportNo],
      ]}
    />
  );
}

function Tiles({ doc }: { doc: ReportDoc }) {
  return <TileRow tiles={headlineTiles(doc.figures)} />;
}

/** The summary's headline figures, four to a row. */
export function TileRow({ tiles }: { tiles: readonly { label: string; value: string; note?: string | null }[] }) {
  return (
    <View style={{ flexDirection: "row", flexWrap: "wrap", marginVertical: 6 }} wrap={false}>
      {tiles.map((t) => (
        <View key={t.label} style={{ width: "25%", padding: 3 }}>
          <View style={{ backgroundColor: COLORS.brandLight, borderRadius: 3, padding: 6, minHeight: 52 }}>
            <Text style={{ fontSize: 7.5, color: COLORS.muted }}>{t.label}</Text>
            <Text style={{ fontSize: 11.5, fontWeight: 700, color: COLORS.brand, marginTop: 3 }}>{t.value}</Text>
            {t.note && <Text style={{ fontSize: 6.5, color: COLORS.muted, marginTop: 2 }}>{t.note}</Text>}
          </View>
        </View>
      ))}
    </View>
  );
}

/**
 * A content page (A4) with the running header and the page number footer. `experimentalPagination` opts the
 * document into react-pdf's new paginator (@react-pdf/paginate): content is measured once and packed into
 * pages, where the old one re-laid out the rest of a page at every break (quadratic in a long table) and the
 * page-number footer made it re-lay whole pages again. A 100-motor report renders about a fifth faster and
 * long tables can flow with their header row repeated instead of being cut by hand. The footer is a fixed Canvas
 * painted once the page count is known (page-numbers.ts), so the paginator runs one round, not two.
 */
export function ContentPage({ header, reportNo, children }: { header: string; reportNo: string; children: ReactNode }) {
  return (
    <Page size="A4" experimentalPagination style={{ fontFamily: REPORT_FONT_FAMILY, paddingTop: 52, paddingBottom: 56, paddingHorizontal: 44, color: COLORS.text }}>
      <View fixed style={{ position: "absolute", top: 20, left: 44, right: 44, flexDirection: "row", justifyContent: "space-between", borderBottomWidth: 0.5, borderBottomColor: COLORS.grid, paddingBottom: 4 }}>
        <Text style={{ fontSize: 7.5, color: COLORS.muted }}>{header}</Text>
        <Text style={{ fontSize: 7.5, color: COLORS.muted }}>报告编号 {reportNo}</Text>
      </View>
      {/* 第 n 页 / 共 N 页: drawn once the pages are known (page-numbers.ts), not by a render prop, which makes
          react-pdf paginate the whole document twice. */}
      <Canvas fixed style={{ position: "absolute", bottom: 24, left: 44, right: 44, height: PAGE_FOOTER_PT * 1.5 }} paint={pageNumberSlot} />
      {children}
    </Page>
  );
}

/** 编制单位 with its qualification line and the issuer's seal (issue 22 item 9). */
export function IssuerBlock({ issuer }: { issuer: ReportIssuer }) {
  const row = { flexDirection: "row", alignItems: "flex-end", marginTop: 8 } as const;
  return (
    <View style={{ marginTop: 4 }} wrap={false}>
      <View style={row}>
        <Text style={{ fontSize: 10, width: SIGNATURE_LABEL_PT }}>编制单位：</Text>
        <Text style={{ fontSize: 10, flex: 1 }}>{issuer.name}（盖章）</Text>
      </View>
      <View style={row}>
        <Text style={{ fontSize: 10, width: SIGNATURE_LABEL_PT }}>资质名称及编号：</Text>
        {issuer.qualification ? (
          <Text style={{ fontSize: 10, flex: 1 }}>{issuer.qualification}</Text>
        ) : (
          <View style={{ flex: 1, borderBottomWidth: 0.8, borderBottomColor: COLORS.text, height: 14 }} />
        )}
      </View>
    </View>
  );
}

/** The signature page's content: issuer and its qualification, 编制/审核/批准, then the enterprise's confirmation. */
export function SigningBlock(props: { heading: string; issuer: ReportIssuer; date: string; reportNo: string; company: string; confirmation: string }) {
  return (
    <View>
      <Heading>{props.heading}</Heading>
      <Text style={para}>本报告由以下单位和人员编制、审核与批准；签字并加盖编制单位公章后方为正式文本。</Text>
      <IssuerBlock issuer={props.issuer} />
      {(["编制", "审核", "批准"] as const).map((role) => (
        <SignatureLine key={role} role={role} />
      ))}
      <Text style={{ ...para, marginTop: 4 }}>
        报告日期：{props.date}　　报告编号：{props.reportNo}
      </Text>
      <Heading>企业确认</Heading>
      <Text style={para}>{props.confirmation}</Text>
      <View style={{ marginTop: 6 }}>
        <Text style={{ fontSize: 10, marginBottom: 14 }}>企业名称：{props.company}</Text>
        <SignatureLine role="企业负责人" />
        <View style={{ flexDirection: "row", marginTop: 18 }}>
          <Text style={{ fontSize: 10, width: "50%" }}>（企业盖章）</Text>
          <Text style={{ fontSize: 10, width: "50%" }}>日期：　　　　年　　月　　日</Text>
        </View>
      </View>
    </View>
  );
}

export function ReportDocument({ doc, issuer = { name: COMPANY_NAME, qualification: null } }: { doc: ReportDoc; issuer?: ReportIssuer }) {
  const c = doc.cover;
  const header = `${c.company} · ${c.cardName}节能评估报告`;
  let n = 0;
  const numbered = (title: string) => `${chineseNumeral(++n)}、${title}`;
  // Titles are numbered in document order; the closing parts continue the count.
  const summaryHeading = numbered("执行摘要");
  const titled = doc.sections.map((sec) => ({ ...sec, title: numbered(sec.title) }));
  // One flow from the summary to the disclaimer: react-pdf breaks the pages (long tables repeat their header row;
  // headings keep their first rows). Forced page breaks before and after long sections and before the closing
  // parts left near-empty pages (a 3-row table alone on a page; issue 22 item 6); only the signature page starts
  // on a page of its own.
  return (
    <Document title={`${c.company} ${c.cardName}节能评估报告`} author="节能评估平台" subject={c.reportNo} language="zh-CN" creator="节能评估平台" producer="节能评估平台">
      <Cover doc={doc} />
      <ContentPage header={header} reportNo={c.reportNo}>
        <View wrap={false}>
          <Heading>{summaryHeading}</Heading>
          <Tiles doc={doc} />
        </View>
        {doc.summary.map((b, i) => (
          <Flow key={i} block={b} />
        ))}

        {titled.map((sec, i) => (
          <SectionView key={i} title={sec.title} blocks={sec.blocks} />
        ))}

        <SectionView title={numbered("主要假设与数据说明")} blocks={[{ kind: "bullets", items: doc.assumptions }]} />

        <View>
          <View wrap={false} minPresenceAhead={TABLE_LEAD_PT}>
            <Heading>{numbered("附录：计算方法与依据")}</Heading>
          </View>
          {doc.appendix.map((a, i) => (
            <View key={i}>
              {/* The sub-heading keeps its first paragraph (see SectionView). */}
              <View wrap={false}>
                <Text style={{ fontSize: 10, fontWeight: 700, marginTop: 6, marginBottom: 3 }}>
                  {i + 1}. {a.title}
                </Text>
                {a.paragraphs.slice(0, 1).map((p, k) => (
                  <Text key={k} style={{ ...para, fontSize: 8.5 }}>
                    {p}
                  </Text>
                ))}
              </View>
              {a.paragraphs.slice(1).map((p, k) => (
                <Text key={k} style={{ ...para, fontSize: 8.5 }}>
                  {p}
                </Text>
              ))}
            </View>
          ))}
        </View>

        {doc.sources.length > 0 && (
          <SectionView
            title={numbered("附录：计算数据来源与年份")}
            blocks={[
              {
                kind: "table",
                columns: [
                  { label: "数据项", width: 2 },
                  { label: "取值", width: 1.9 },
                  { label: "来源", width: 3 },
                  { label: "年份", width: 1.1 },
                ],
                rows: doc.sources.map((r) => [...r]),
              },
            ]}
          />
        )}

        <View wrap={false}>
          <Heading>{numbered("免责声明")}</Heading>
          <Text style={para}>
            本报告根据企业提供的调查表数据、国家与行业标准及公开资料，按附录所列方法计算生成，计算结果为筛查性评估，实际节能效果受设备状况、运行工况、电价政策与施工质量等因素影响，可能与本报告存在差异。报告中标注为估算或假设的数值应在项目实施前通过现场测试、设备报价核实。本报告不构成投资承诺或合规认定。
          </Text>
          <Heading>{numbered("工程师解读")}</Heading>
          <Text style={para}>
            如需节能工程师逐项解读本报告、核实现场数据或制定改造实施方案，请致电 {INTERPRETATION_PHONE}（工作日 9:00–18:00），并提供报告编号 {c.reportNo}。
          </Text>
        </View>

      </ContentPage>
      <ContentPage header={header} reportNo={c.reportNo}>
        <SigningBlock
          heading={numbered("报告签署与企业确认")}
          issuer={issuer}
          date={c.date}
          reportNo={c.reportNo}
          company={c.company}
          confirmation="本企业确认：报告所用调查表数据由本企业提供，真实、完整；已知悉报告中标注为“估算”“假设”的数值需在实施前经现场测试或设备报价核实，节能量以实施后按GB/T 28750-2012测量和验证的结果为准。"
        />
      </ContentPage>
    </Document>
  );
}
