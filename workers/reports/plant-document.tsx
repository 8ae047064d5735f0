// The plant summary (全厂能源平衡报告) as a react-pdf document an auditor can sign: the report's own cover, content
// pages, tables and signature page (document.tsx), filled from the plant model (plant-model.ts).
import { Document, View } from "@react-pdf/renderer";
import { chineseNumeral } from "./layout";
import { ContentPage, CoverPage, Heading, SectionView, SigningBlock, TileRow, type ReportIssuer } from "./document";
import type { PlantDoc } from "./plant-model";

export const PLANT_REPORT_TITLE = "全厂能源平衡报告";

export function PlantReportDocument({ doc, issuer }: { doc: PlantDoc; issuer: ReportIssuer }) {
  const c = doc.cover;
  const header = `${c.company} · ${PLANT_REPORT_TITLE}`;
  let n = 0;
  const numbered = (title: string) => `${chineseNumeral(++n)}、${title}`;
  const summaryHeading = numbered("综合能耗摘要");
  const titled = doc.sections.map((s) => ({ ...s, title: numbered(s.title) }));
  return (
    <Document title={`${c.company} ${PLANT_REPORT_TITLE}`} author="节能评估平台" subject={c.reportNo} language="zh-CN" creator="节能评估平台" producer="节能评估平台">
      <CoverPage
        kind="工业企业节能诊断"
        title={PLANT_REPORT_TITLE}
        subtitle="综合能耗、计量覆盖与跨卡片核对"
        rows={[
          ["企业名称", c.company],
          ["所属行业", c.industry ?? "—"],
          ["报告日期", c.date],
          ["报告编号", c.reportNo],
        ]}
      />
      <ContentPage header={header} reportNo={c.reportNo}>
        <View wrap={false}>
          <Heading>{summaryHeading}</Heading>
          <TileRow tiles={doc.tiles} />
        </View>
        {titled.map((s, i) => (
          <SectionView key={i} title={s.title} blocks={s.blocks} />
        ))}
      </ContentPage>
      <ContentPage header={header} reportNo={c.reportNo}>
        <SigningBlock
          heading={numbered("报告签署与企业确认")}
          issuer={issuer}
          date={c.date}
          reportNo={c.reportNo}
          company={c.company}
          confirmation="本企业确认：本报告所用调查表数据（电费账单、设备清单、全厂年用量与年产量）由本企业提供，真实、完整；已知悉按设备合计计入的能源品种为下限值，综合能耗以计量数据为准。"
        />
      </ContentPage>
    </Document>
  );
}
