// Report charts drawn with react-pdf's Svg (shapes) and ordinary Text (labels, so the Chinese font applies):
// horizontal bars (one or two series), a pie with a legend, and the daily load curve over TOU bands.
import { Circle, Path, Polyline, Rect, Svg, Text, View, Line } from "@react-pdf/renderer";
import type { Period } from "../engines/standards/tariffs/types";
import { fmt, sig3 } from "./model/figures";
import { niceTicks, tickLabel } from "./layout";
import { PERIOD_NAMES, type Block } from "./model";

export const COLORS = {
  brand: "#1f5fbf",
  brandLight: "#dbe6f7",
  accent: "#f29b38",
  text: "#1f2937",
  muted: "#6b7280",
  grid: "#e5e7eb",
};
const PALETTE = ["#1f5fbf", "#f29b38", "#2a9d8f", "#e76f51", "#8e7dbe", "#94a3b8"];
const BAND_COLORS: Record<Period, string> = { critical: "#f8c9c4", peak: "#fde2c4", flat: "#e8eef7", valley: "#d5efe6", deep_valley: "#c4e6da" };

const small = { fontSize: 7.5, color: COLORS.muted };

function ChartTitle({ title }: { title: string }) {
  return <Text style={{ fontSize: 9, fontWeight: 700, marginBottom: 4, color: COLORS.text }}>{title}</Text>;
}

export function BarChart({ block }: { block: Extract<Block, { kind: "bar" }> }) {
  const second = block.items2;
  const max = Math.max(...block.items.map((i) => i.value), ...(second ?? []), 0);
  const W = 260;
  const barH = second ? 7 : 10;
  return (
    <View style={{ marginVertical: 6 }}>
      <ChartTitle title={block.title} />
      {block.series && (
        <View style={{ flexDirection: "row", marginBottom: 3 }}>
          {block.series.map((s, i) => (
            <View key={s} style={{ flexDirection: "row", alignItems: "center", marginRight: 12 }}>
              <Svg width={8} height={8}>
                <Rect x={0} y={0} width={8} height={8} fill={PALETTE[i]} />
              </Svg>
              <Text style={{ ...small, marginLeft: 3 }}>{s}</Text>
            </View>
          ))}
        </View>
      )}
      {block.items.map((item, i) => {
        const values = second ? [item.value, second[i] ?? 0] : [item.value];
        return (
          <View key={i} style={{ flexDirection: "row", alignItems: "center", marginBottom: 2 }} wrap={false}>
            <Text style={{ width: 120, fontSize: 8, paddingRight: 4, textAlign: "right" }}>{item.label}</Text>
            <Svg width={W} height={values.length * (barH + 1)}>
              {values.map((v, k) => (
                <Rect key={k} x={0} y={k * (barH + 1)} width={max > 0 ? Math.max((v / max) * W, v > 0 ? 1 : 0) : 0} height={barH} fill={PALETTE[k]} />
              ))}
            </Svg>
            <View style={{ marginLeft: 4 }}>
              {values.map((v, k) => (
                <Text key={k} style={{ fontSize: 7.5 }}>
                  {fmt(v, block.unit)}
                </Text>
              ))}
            </View>
          </View>
        );
      })}
    </View>
  );
}

function arc(cx: number, cy: number, r: number, a0: number, a1: number): string {
  const p = (a: number) => [cx + r * Math.sin(a), cy - r * Math.cos(a)];
  const [x0, y0] = p(a0);
  const [x1, y1] = p(a1);
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M ${cx} ${cy} L ${x0} ${y0} A ${r} ${r} 0 ${large} 1 ${x1} ${y1} Z`;
}

export function PieChart({ block }: { block: Extract<Block, { kind: "pie" }> }) {
  const items = block.items.filter((i) => i.value > 0);
  const total = items.reduce((s, i) => s + i.value, 0);
  const R = 45;
  let a = 0;
  return (
    <View style={{ marginVertical: 6 }}>
      <ChartTitle title={block.title} />
      <View style={{ flexDirection: "row", alignItems: "center" }}>
        <Svg width={2 * R + 4} height={2 * R + 4}>
          {items.length === 1 ? (
            <Circle cx={R + 2} cy={R + 2} r={R} fill={PALETTE[0]} />
          ) : (
            items.map((item, i) => {
              const a0 = a;
              a += (item.value / total) * 2 * Math.PI;
              return <Path key={i} d={arc(R + 2, R + 2, R, a0, a)} fill={PALETTE[i % PALETTE.length]} stroke="#ffffff" strokeWidth={0.8} />;
            })
          )}
        </Svg>
        <View style={{ marginLeft: 14 }}>
          {total <= 0 && <Text style={small}>无可显示的数据</Text>}
          {items.map((item, i) => (
            <View key={i} style={{ flexDirection: "row", alignItems: "center", marginBottom: 3 }}>
              <Svg width={8} height={8}>
                <Rect x={0} y={0} width={8} height={8} fill={PALETTE[i % PALETTE.length]} />
              </Svg>
              <Text style={{ fontSize: 8, marginLeft: 4 }}>
                {item.label}：{fmt(item.value, block.unit)}（{sig3((item.value / total) * 100)}%）
              </Text>
            </View>
          ))}
        </View>
      </View>
    </View>
  );
}

export function LoadCurveChart({ block }: { block: Extract<Block, { kind: "loadCurve" }> }) {
  const W = 400;
  const H = 150;
  const AXIS_W = 40;
  const slotW = W / 96;
  const load = block.loadKw;
  const prices = block.prices;
  const priceValues = block.bands.map((p) => prices?.[p] ?? 0);
  // Both axes start at 0 and end at a nice tick above the data (issue 15: the chart had no y-axis ticks).
  const loadTicks = load ? niceTicks(Math.max(...load, 0)) : [];
  const maxLoad = loadTicks.length ? loadTicks[loadTicks.length - 1] : 0;
  const priceTicks = niceTicks(Math.max(...priceValues, 0));
  const maxPrice = Math.max(...priceValues, 0) > 0 ? priceTicks[priceTicks.length - 1] : 0;
  const axis = (ticks: number[], top: number, align: "left" | "right", unit: string) => (
    <View style={{ width: AXIS_W, height: H + 10, position: "relative" }}>
      <Text style={{ ...small, fontSize: 6.5, position: "absolute", top: -9, [align === "left" ? "right" : "left"]: 3 }}>{unit}</Text>
      {top > 0 &&
        ticks.map((t) => (
          <Text key={t} style={{ ...small, fontSize: 6.5, position: "absolute", top: H - (t / top) * H - 3.5, [align === "left" ? "right" : "left"]: 3, textAlign: align === "left" ? "right" : "left" }}>
            {tickLabel(t)}
          </Text>
        ))}
    </View>
  );
  // Runs of equal period → one band rectangle each.
  const runs: { from: number; to: number; period: Period }[] = [];
  block.bands.forEach((p, i) => {
    const last = runs[runs.length - 1];
    if (last && last.period === p) last.to = i + 1;
    else runs.push({ from: i, to: i + 1, period: p });
  });
  const used = [...new Set(block.bands)];
  const priceLine =
    maxPrice > 0
      ? priceValues.flatMap((v, i) => [`${i * slotW},${H - (v / maxPrice) * H}`, `${(i + 1) * slotW},${H - (v / maxPrice) * H}`]).join(" ")
      : "";
  const loadLine = load && maxLoad > 0 ? load.map((v, i) => `${(i + 0.5) * slotW},${H - (v / maxLoad) * H}`).join(" ") : "";
  return (
    <View style={{ marginVertical: 6 }}>
      <ChartTitle title={block.title} />
      <View style={{ flexDirection: "row", marginTop: 10 }}>
      {axis(loadTicks, maxLoad, "left", load ? "kW" : "")}
      <Svg width={W} height={H}>
        {runs.map((r, i) => (
          <Rect key={i} x={r.from * slotW} y={0} width={(r.to - r.from) * slotW} height={H} fill={BAND_COLORS[r.period]} />
        ))}
        {(loadTicks.length ? loadTicks.map((t) => 1 - t / maxLoad) : [0.25, 0.5, 0.75]).map((f) => (
          <Line key={f} x1={0} y1={H * f} x2={W} y2={H * f} stroke={COLORS.grid} strokeWidth={0.5} />
        ))}
        {priceLine ? <Polyline points={priceLine} stroke={COLORS.accent} strokeWidth={1.2} fill="none" strokeDasharray="3,2" /> : null}
        {loadLine ? <Polyline points={loadLine} stroke={COLORS.brand} strokeWidth={1.5} fill="none" /> : null}
        <Rect x={0} y={0} width={W} height={H} stroke={COLORS.muted} strokeWidth={0.6} fill="none" />
      </Svg>
      {axis(priceTicks, maxPrice, "right", maxPrice > 0 ? "元/kWh" : "")}
      </View>
      <View style={{ flexDirection: "row", width: W, marginLeft: AXIS_W, justifyContent: "space-between", marginTop: -8 }}>
        {[0, 3, 6, 9, 12, 15, 18, 21, 24].map((h) => (
          <Text key={h} style={small}>
            {h}:00
          </Text>
        ))}
      </View>
      <View style={{ flexDirection: "row", flexWrap: "wrap", marginTop: 4 }}>
        {used.map((p) => (
          <View key={p} style={{ flexDirection: "row", alignItems: "center", marginRight: 10 }}>
            <Svg width={10} height={8}>
              <Rect x={0} y={0} width={10} height={8} fill={BAND_COLORS[p]} stroke={COLORS.muted} strokeWidth={0.3} />
            </Svg>
            <Text style={{ ...small, marginLeft: 3 }}>
              {PERIOD_NAMES[p]}
              {prices?.[p] !== undefined ? ` ${sig3(prices[p]!)}元/kWh` : ""}
            </Text>
          </View>
        ))}
      </View>
      <Text style={{ ...small, marginTop: 2 }}>
        {load ? "蓝线：典型日平均负荷（左轴，kW）；" : ""}
        橙色虚线：各时段电价（右轴，元/kWh）。
      </Text>
    </View>
  );
}
