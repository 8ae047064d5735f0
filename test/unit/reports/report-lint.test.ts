// The report lint (issue 22 "Done when") on every card's fixture reports: each is rendered to PDF in Node with the
// production fonts and read back (text and word boxes) together with its figures JSON; lint.ts holds the rules.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { CardCode, CardExtras } from "../../../workers/cards";
import { electricityAnswers, motorAnswers, stenterAnswers } from "../engines/answers-fixtures";
import { STENTER_SECTION_KEYS } from "../../support/cards";
import { docFor, pdfText } from "./pdf-text";
import { chineseNumeral } from "../../../workers/reports/layout";
import { lint, missingGlyphs, renderForLint, significantDigits } from "./lint";

type Answers = Record<string, string[]>;

/** Two months of 15-minute load around a Spring Festival shutdown (2025-01-25 … 02-12): February's typical day excludes 12 dates. */
function springFestivalCurve() {
  const start = Date.UTC(2025, 0, 20);
  const days = 40;
  const kw: number[] = [];
  for (let d = 0; d < days; d++) {
    const date = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    const shut = date >= "2025-01-25" && date <= "2025-02-12";
    for (let s = 0; s < 96; s++) {
      const h = s / 4;
      const day = h >= 7 && h < 22 ? 1 : 0;
      kw.push(shut ? 120 + (s % 7) : Math.round(600 + day * 1100 + 80 * Math.sin((h / 24) * 2 * Math.PI) + ((d * 37 + s * 11) % 50)));
    }
  }
  return { loadCurveKw: kw, intervalMinutes: 15 as const, startDate: "2025-01-20" };
}

function airCompressorAnswers(): Answers {
  return {
    company_name: ["测试空压站"],
    province: ["zhejiang"],
    air_annual_hours: ["8000"],
    electricity_price: ["0.70"],
    air_set_pressure_mpa: ["0.8"],
    air_required_pressure_mpa: ["0.7"],
    compressor_name: ["1#螺杆机", "2#螺杆机"],
    compressor_control: ["load_unload", "load_unload"],
    compressor_cooling: ["air", "air"],
    compressor_rated_kw: ["75", "55"],
    compressor_package_kw: ["75", "56.2"],
    compressor_fad_m3min: ["12.5", "7.6"],
    compressor_rated_pressure_mpa: ["0.8", "0.8"],
    compressor_load_pct: ["60", "100"],
    compressor_unloaded_pct: ["30", ""],
    vsd_investment_yuan: ["100000", ""],
    leak_count: ["10"],
    leak_diameter_mm: ["3"],
  };
}

/** Three stenters, the third recovering ~20× its declared gas (withheld, item 2); the supplier's heating value (item 7). */
function stenterPlant(): Answers {
  const a = stenterAnswers();
  for (const k of STENTER_SECTION_KEYS) if (a[k]) a[k] = [a[k][0], a[k][0], a[k][0]];
  a.stenter_name = ["1#定型机", "2#定型机", "3#定型机"];
  a.stenter_annual_fuel = ["900000", "850000", "7200"];
  a.gas_lhv_mj_m3 = ["36.0"];
  return a;
}

/** Shifting and storage both entered (they compete for the valley: item 3); the user's storage parameters (item 5). */
function electricityPlant(): Answers {
  const a = electricityAnswers();
  Object.assign(a, { shiftable_share_pct: ["30"], storage_dod_pct: ["88"], storage_om_pct: ["1.5"] });
  return a;
}

const FIXTURES: { name: string; card: CardCode; answers: () => Answers; extras?: () => CardExtras }[] = [
  { name: "motor", card: "motor", answers: motorAnswers },
  { name: "stenter", card: "stenter", answers: stenterAnswers },
  { name: "stenter, three units, one impossible", card: "stenter", answers: stenterPlant },
  { name: "electricity", card: "electricity", answers: electricityAnswers },
  { name: "electricity, shifting + storage, Spring Festival curve", card: "electricity", answers: electricityPlant, extras: () => ({ loadCurve: springFestivalCurve() }) },
  { name: "air compressor", card: "air_compressor", answers: airCompressorAnswers },
];

describe("report lint: every card's fixture reports", () => {
  for (const f of FIXTURES) {
    it(`${f.name}: no finding`, async () => {
      const r = await renderForLint(docFor(f.card, f.answers(), f.extras?.() ?? {}));
      expect(lint(r)).toEqual([]);
    }, 120_000);
  }

  it("the page template's own text is in the font", () => {
    const template = ["workers/reports/document.tsx", "workers/reports/charts.tsx"].map((f) => readFileSync(f, "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "")).join("\n");
    const literals = [...template.matchAll(/[\u2000-\uFFFF]+/g)].map((m) => m[0]).join("");
    expect(missingGlyphs(literals)).toEqual([]);
  });
});

describe("report lint rules catch what they are for", () => {
  it("significant digits and heading numerals", () => {
    expect(significantDigits("1.2283503255128363")).toBe(17);
    expect(significantDigits("0.1229")).toBe(4);
    expect(significantDigits("1,230,000")).toBe(3);
    expect(significantDigits("38.931")).toBe(5);
    expect([1, 10, 16, 17, 20, 21].map(chineseNumeral)).toEqual(["一", "十", "十六", "十七", "二十", "二十一"]);
  });

  it("subscript digits are not in the font", () => {
    expect(missingGlyphs("tanφ₁ − tanφ₂")).toEqual(["₁", "₂"]);
  });
});

describe("signature page", () => {
  it("names the issuer and prints its qualification when the deployment sets one", async () => {
    const doc = docFor("motor", motorAnswers());
    const blank = (await renderForLint(doc)).pages.at(-1)!;
    expect(blank).toContain("编制单位：");
    expect(blank).toContain("绿能创新（江苏）节能科技有限公司（盖章）");
    const set = (await pdfText(doc, "节能诊断服务机构 证书编号 JN-2026-0001")).at(-2)!;
    expect(set).toContain("节能诊断服务机构 证书编号 JN-2026-0001");
  }, 120_000);
});
