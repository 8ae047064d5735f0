// Natural phrases from the relevance set (qa-queries.json), each with the seeded question that answers it. The
// search-box journey (test/e2e/qa-search.e2e.ts) types them and expects that question first; the workerd test
// test/api/qa-search-journeys.test.ts checks the same with every other journey's questions present.
export const SEARCH_PHRASES: { phrase: string; title: string }[] = [
  { phrase: "照明人体感应控制", title: "办公楼照明用智能控制能再省多少？" },
  { phrase: "冷水机组能效提升", title: "中央空调冷水机组如何提高能效？" },
  { phrase: "疏水阀漏汽怎么判断", title: "蒸汽疏水阀怎么判断是否漏汽？" },
  { phrase: "峰谷电价怎么排班", title: "峰谷分时电价下，怎么调整生产班次最省电费？" },
];
