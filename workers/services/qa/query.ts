// Query side of the Chinese search (docs/decisions/022): a user's words → terms → an FTS5 MATCH expression.
// Pure: no I/O, shared by the search service, the robot, suggestions and the unit tests.
//
// Terms: each CJK run is cut into words by longest match against a domain dictionary (DOMAIN_WORDS plus every
// synonym, kept as data in D1), the rest by Intl.Segmenter (ICU's dictionary; alone it splits 空|压|机 and 节|能).
// Question words and particles (如何, 怎么, 的, 吗 …) are dropped; so are lone characters left between words (they
// carry little and would make a query fail), unless nothing else is left. ASCII/digit runs are terms as they are.
// A CJK term matches as the FTS5 phrase of its bigrams, which is exactly "the text contains this word" on the
// bigram index; a term with synonyms matches any of its group. A question must hold at least minShouldMatch(n) of
// the n terms; bm25 (title weighted) then ranks every question that does.
import { bigrams, segments } from "./search-tokens";

/** A synonym group: words that mean the same thing to a user (空压机 = 压缩空气 = 空气压缩机). */
export type SynonymGroups = readonly (readonly string[])[];

export interface QueryTerm {
  /** The word as typed (normalised). */
  text: string;
  /** The words that match it: itself and its synonyms. */
  alternatives: string[];
  /** A lone CJK character (used only when the query has nothing else; matched as a prefix). */
  single?: boolean;
}

/**
 * Domain vocabulary for cutting queries into words (besides the synonym list): energy-saving equipment, measures,
 * tariffs and the product's own words. Longest match wins, so 冷水机组 beats 冷水.
 */
export const DOMAIN_WORDS: readonly string[] = [
  // equipment
  "电机", "电动机", "高效电机", "永磁电机", "永磁同步电机", "异步电机", "风机", "水泵", "循环水泵", "离心风机", "冷却塔", "锅炉",
  "燃气锅炉", "蒸汽锅炉", "电锅炉", "导热油炉", "变压器", "空调", "中央空调", "冷水机组", "冷水机", "热泵", "空气源热泵",
  "定型机", "注塑机", "染缸", "疏水阀", "换热器", "冷凝器", "节能器", "蓄热罐", "光伏", "储能", "照明", "灯具", "工矿灯",
  "金卤灯", "荧光灯", "软启动", "软启动器", "伺服", "挡板", "阀门", "管网", "管道", "排风机", "排风", "空压站", "螺杆机",
  // measures and quantities
  "节能", "节电", "省电", "改造", "余热", "废热", "回收", "余热回收", "热回收", "变频", "调速", "谐波", "滤波", "无功补偿",
  "功率因数", "负载率", "负荷", "轻载", "比功率", "泄漏", "泄漏率", "漏气", "漏汽", "保温", "散热", "冷凝水", "排烟", "排烟温度",
  "烟气", "温度", "压力", "流量", "能效", "能效等级", "一级能效", "效率", "能耗", "耗电", "电耗", "费电", "群控", "联控",
  "监测", "在线监测", "诊断", "节能诊断", "报告", "测量", "验证", "检测", "标准煤", "折算", "减排", "减排量", "二氧化碳",
  "碳排放", "碳核算", "碳盘查", "排放因子", "双控", "能耗双控", "含氧量", "过量空气系数", "蓄热", "低谷电", "峰谷",
  "峰谷电价", "分时电价", "电价", "电费", "基本电费", "需量", "需量电费", "容量电费", "力调", "力调电费", "罚款", "排班",
  "班次", "投资", "回本", "回收期", "投资回收期", "成本", "合同能源管理", "能源管理", "能源管理系统", "热水", "蒸汽",
  "天然气", "燃气", "燃料", "人体感应", "智能控制", "车间", "办公楼", "厂房", "印染", "纺织", "废水", "废气", "资源",
  // the product
  "注销", "账号", "账户", "密码", "手机号", "验证码", "登录", "注册", "导出", "数据", "优惠券", "发票", "开票", "退款",
  "订单", "支付", "付款", "下载", "生成", "失败", "评估", "数据表", "回收站", "收藏", "关注", "消息", "足迹", "客服",
];

/**
 * Question words, particles and intent words that carry no topic (如何降低电费 is about 降低电费). Query side only.
 * Matched as whole dictionary pieces, so a word that merely contains one (多少钱) is not cut.
 */
export const STOP_WORDS: readonly string[] = [
  "为什么", "怎么办", "怎么样", "是什么", "有什么", "有哪些", "有没有", "是不是", "能不能", "可不可以", "要不要", "还要", "值不值",
  "什么", "怎么", "怎样", "如何", "哪些", "哪个", "在哪里", "在哪儿", "在哪", "哪里", "哪儿", "请问", "是否", "能否", "可以", "一下", "一些", "多少", "多久", "值得",
  "划算", "正常", "一般", "应该", "需要", "到底", "具体", "我们", "我的", "我", "你", "选哪个", "好不好", "行不行", "没有",
  "的", "了", "吗", "呢", "吧", "啊", "呀", "么", "和", "与", "及", "或", "还", "很", "太", "都", "也", "就", "要", "能", "会",
  "是", "在", "有", "用", "做", "把", "被", "对", "给", "让", "从", "到", "跟", "一起", "这个", "那个", "这样", "一个",
];

const STOP = new Set(STOP_WORDS);

/**
 * Goal words: what every question on an energy-saving site is about. A question on the query's subject may never
 * say one (导热油炉怎么节能 is answered by 导热油炉效率低，有哪些改进办法？), so when no question holds the whole
 * query, the search asks for the other words (search.ts). They still count in full whenever some question holds them.
 */
export const GOAL_WORDS: readonly string[] = ["节能", "节电", "省电", "降耗"];

/** True for a term typed as a goal word. */
export const isGoalTerm = (t: QueryTerm) => GOAL_WORDS.includes(t.text);

/** At most this many terms make a query (a pasted paragraph is cut, not refused). */
export const MAX_TERMS = 8;

type Segmenter = { segment(text: string): Iterable<{ segment: string; isWordLike?: boolean }> };
let icu: Segmenter | null | undefined;
/** ICU's word segmenter when the runtime has one (workerd and Node do). */
function segmenter(): Segmenter | null {
  if (icu === undefined) {
    const I = (globalThis as { Intl?: { Segmenter?: new (l: string, o: { granularity: string }) => Segmenter } }).Intl;
    icu = I?.Segmenter ? new I.Segmenter("zh", { granularity: "word" }) : null;
  }
  return icu;
}

/** A dictionary for longest-match cutting: the words by first character, longest first. */
export interface Dictionary {
  byFirst: Map<string, string[]>;
}

export function dictionary(synonyms: SynonymGroups = []): Dictionary {
  const byFirst = new Map<string, string[]>();
  const add = (w: string) => {
    const chars = Array.from(w);
    if (chars.length < 1) return;
    const list = byFirst.get(chars[0]) ?? [];
    if (!list.includes(w)) list.push(w);
    byFirst.set(chars[0], list);
  };
  for (const w of DOMAIN_WORDS) add(w);
  for (const w of STOP_WORDS) add(w);
  for (const g of synonyms) for (const w of g) if (segments(w).length === 1 && segments(w)[0].kind === "cjk") add(segments(w)[0].text);
  for (const list of byFirst.values()) list.sort((a, b) => Array.from(b).length - Array.from(a).length);
  return { byFirst };
}

/**
 * ICU's words of a stretch the dictionary did not know. Stop words go first; then consecutive lone characters are
 * glued into one word (ICU splits words it does not know into characters: 溴|化|锂 → 溴化锂, 排|烟 → 排烟).
 */
function icuWords(stretch: string): string[] {
  const seg = segmenter();
  const pieces = (seg ? Array.from(seg.segment(stretch), (s) => s.segment) : [stretch]).filter((s) => s.trim() && !STOP.has(s));
  const out: string[] = [];
  let singles = "";
  const flush = () => {
    if (singles) out.push(singles);
    singles = "";
  };
  for (const p of pieces) {
    if (Array.from(p).length === 1) singles += p;
    else {
      flush();
      out.push(p);
    }
  }
  flush();
  return out;
}

/** Cut one CJK run into words: longest dictionary match, ICU for the stretches between. */
export function cutRun(run: string, dict: Dictionary): string[] {
  const chars = Array.from(run);
  const out: string[] = [];
  let pending = "";
  const flush = () => {
    if (pending) out.push(...icuWords(pending));
    pending = "";
  };
  for (let i = 0; i < chars.length; ) {
    const rest = chars.slice(i).join("");
    const hit = (dict.byFirst.get(chars[i]) ?? []).find((w) => rest.startsWith(w));
    if (hit) {
      flush();
      out.push(hit);
      i += Array.from(hit).length;
    } else {
      pending += chars[i];
      i++;
    }
  }
  flush();
  return out;
}

/** The words of a query, in order, stop words dropped (kept when nothing else is left). */
export function queryWords(query: string, dict: Dictionary): { text: string; cjk: boolean }[] {
  const all: { text: string; cjk: boolean }[] = [];
  for (const s of segments(query)) {
    if (s.kind === "word") all.push({ text: s.text, cjk: false });
    else for (const w of cutRun(s.text, dict)) all.push({ text: w, cjk: true });
  }
  const content = all.filter((w) => !STOP.has(w.text));
  return content.length ? content : all;
}

/** Each synonym list's index, built once: every search cuts its query with the same list (cached per isolate). */
const synonymIndexes = new WeakMap<SynonymGroups, Map<string, string[]>>();

/** The group of each word (normalised): a word in several groups gets the union. */
export function synonymIndex(groups: SynonymGroups): Map<string, string[]> {
  const known = synonymIndexes.get(groups);
  if (known) return known;
  const map = new Map<string, string[]>();
  for (const g of groups) {
    const words = g.map(normaliseWord).filter(Boolean);
    for (const w of words) map.set(w, Array.from(new Set([...(map.get(w) ?? [w]), ...words])));
  }
  synonymIndexes.set(groups, map);
  return map;
}

/** A word as the index sees it: its segments joined (NFKC, lower case, punctuation gone). */
export function normaliseWord(w: string): string {
  return segments(w)
    .map((s) => s.text)
    .join(" ");
}

/** The terms of a query with their synonyms. Lone CJK characters only when nothing longer is there. */
export function queryTerms(query: string, synonyms: SynonymGroups = [], dict = dictionary(synonyms)): QueryTerm[] {
  const syn = synonymIndex(synonyms);
  const words = queryWords(query, dict);
  const long = words.filter((w) => !w.cjk || Array.from(w.text).length >= 2);
  const chosen = long.length ? long : words;
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const w of chosen) {
    if (seen.has(w.text) || out.length >= MAX_TERMS) continue;
    seen.add(w.text);
    const single = w.cjk && Array.from(w.text).length === 1;
    out.push({ text: w.text, alternatives: single ? [w.text] : [...(syn.get(w.text) ?? [w.text])], ...(single ? { single } : {}) });
  }
  // A term that is a synonym of an earlier one (空压机 压缩空气) adds nothing.
  return out.filter((t, i) => !out.slice(0, i).some((u) => u.alternatives.includes(t.text)));
}

/** How many of n terms a question must hold: all of one or two, then all but a third (3→2, 4→3, 5→4, 6→4). */
export function minShouldMatch(n: number): number {
  return n <= 2 ? n : n - Math.floor(n / 3);
}

/** The FTS5 tokens of a word on the bigram index, and whether it is a lone CJK character (then a prefix query). */
function wordTokens(word: string): { parts: string[]; prefix: boolean } | null {
  const parts = segments(word).flatMap((s) => (s.kind === "word" ? [s.text] : Array.from(s.text).length === 1 ? [s.text] : bigrams(s.text)));
  if (!parts.length) return null;
  return { parts, prefix: parts.length === 1 && Array.from(parts[0]).length === 1 && !/[a-z0-9]/.test(parts[0]) };
}

/**
 * True when an indexed field (its space-separated tokens, as stored in the FTS5 tables) holds the term: one of its
 * alternatives as consecutive tokens, or a lone character as a token's first character. What the term's FTS5
 * expression asks of a text, checked on a row already read (the ranking's per-field evidence, search.ts).
 */
export function fieldHolds(tokens: string, t: QueryTerm): boolean {
  return !!tokens && paddedHolds(` ${tokens} `, t);
}

/** fieldHolds on a field already padded with a space at each end (pad a field once, ask it of every term). */
export function paddedHolds(padded: string, t: QueryTerm): boolean {
  return termNeedles(t).some((n) => padded.includes(n));
}

/**
 * The substrings of a padded field (" tokens ") that show it holds a term, one per alternative, computed once per
 * term: the ranking (search.ts, in SQL) asks this of every candidate, field and term.
 */
const needles = new WeakMap<QueryTerm, string[]>();
export function termNeedles(t: QueryTerm): string[] {
  let list = needles.get(t);
  if (!list) {
    list = t.alternatives.flatMap((w) => {
      const a = wordTokens(w);
      return a ? [a.prefix ? ` ${a.parts[0]}` : ` ${a.parts.join(" ")} `] : [];
    });
    needles.set(t, list);
  }
  return list;
}

/** True when `inner` occurs as a contiguous run in `outer`: every text holding outer's phrase holds inner's. */
function containsRun(outer: string[], inner: string[]): boolean {
  for (let i = 0; i + inner.length <= outer.length; i++) if (inner.every((t, k) => outer[i + k] === t)) return true;
  return false;
}

/**
 * A term as an FTS5 expression: any of its alternatives, each a CJK word as the phrase of its bigrams (other words
 * quoted whole). An alternative whose phrase contains another's (变频器 ⊃ 变频, 鼓风机 ⊃ 风机) matches nothing more,
 * so it is left out: every phrase costs FTS5 a pass over its posting lists, for matching and again for bm25.
 */
export function termExpression(t: QueryTerm): string | null {
  const alts = t.alternatives.map(wordTokens).filter((a): a is NonNullable<typeof a> => !!a);
  const kept = alts.filter((a, i) => !alts.some((b, j) => j !== i && !b.prefix && !a.prefix && containsRun(a.parts, b.parts) && (b.parts.length < a.parts.length || j < i)));
  const exprs = Array.from(new Set(kept.map((a) => `"${a.parts.join(" ")}"${a.prefix ? "*" : ""}`)));
  if (!exprs.length) return null;
  return exprs.length === 1 ? exprs[0] : `(${exprs.join(" OR ")})`;
}

/**
 * "At least k of these expressions" without repeating them: the first one AND at least k-1 of the rest, OR at least
 * k of the rest. FTS5 has no minimum-should-match operator, and the plain OR of every k-subset names each term
 * C(n-1, k-1) times (8 words, 6 needed: 168 phrases; this form: 83, the first term once); FTS5 walks a phrase's posting list for each time it is named,
 * for the match and again for bm25's document frequency, so the repeats were most of a multi-word search's SQL
 * time (docs/decisions/024). Same rows (test/unit/qa/search-expression.test.ts); bm25 now counts each term once.
 */
function atLeast(exprs: string[], k: number): string {
  if (k <= 1) return exprs.length === 1 ? exprs[0] : `(${exprs.join(" OR ")})`;
  if (k >= exprs.length) return exprs.length === 1 ? exprs[0] : `(${exprs.join(" AND ")})`;
  const [first, ...rest] = exprs;
  return `((${first} AND ${atLeast(rest, k - 1)}) OR ${atLeast(rest, k)})`;
}

/**
 * The MATCH expression for "at least `k` of the terms" (minimum-should-match), each term named once where it can
 * be (atLeast). Null when the query has no searchable term.
 */
export function matchExpression(terms: QueryTerm[], k = minShouldMatch(terms.length)): string | null {
  const exprs = terms.map(termExpression).filter((e): e is string => !!e);
  if (!exprs.length) return null;
  const need = Math.max(1, Math.min(k, exprs.length));
  if (need === exprs.length) return exprs.join(" AND ");
  if (need === 1) return exprs.join(" OR ");
  return atLeast(exprs, need);
}

/** The words to highlight: every term with its synonyms. */
export function highlightWords(terms: QueryTerm[]): string[] {
  return terms.flatMap((t) => t.alternatives.map(normaliseWord).map((w) => w.replace(/ /g, "")));
}
