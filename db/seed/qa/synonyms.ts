// The search's synonym list (qa_synonyms): one group per line, words a user may type for the same thing. Seeded once
// (an operator's edits in /admin/keywords are kept on reseed: insert only when the id and the words are new).
// Groups are applied at query time (workers/services/qa/query.ts); the robot uses the same list.
import type { SeedStatement } from "../types";

export const SEED_SYNONYMS: readonly string[] = [
  // equipment
  "空压机 压缩空气 空气压缩机 空压站",
  "变频器 变频 VFD 变频调速 调速",
  "电机 电动机 马达",
  "永磁电机 永磁同步电机",
  "高效电机 IE4 IE3 一级能效",
  "水泵 循环水泵 离心泵 循环泵",
  "风机 鼓风机 引风机 离心风机",
  "中央空调 冷水机组 冷水机 制冷机组 冷机",
  "冷却塔 凉水塔",
  "疏水阀 疏水器",
  "热泵 空气源热泵",
  "金卤灯 金属卤化物灯",
  "照明 灯具 灯光",
  "光伏 太阳能 PV",
  "伺服 伺服电机 伺服改造",
  "软启动 软启动器 软起动",
  // measures and problems
  "节能 节电 省电 降耗 能效",
  "能耗 耗电 电耗 费电 用电量 耗能",
  "漏气 泄漏 泄露 漏损",
  "漏汽 蒸汽泄漏",
  "余热 废热 余热回收 热回收 回收热量",
  "印染 染缸 染整",
  "降低 减少 节省 节约 省",
  "排烟 烟气 烟温",
  "冷凝水 凝结水",
  "保温 隔热 绝热",
  "负载率 负荷率",
  "轻载 大马拉小车 低负载",
  "谐波 谐波治理 滤波",
  "群控 联控 集中控制 联动控制",
  "检测 测量 测试",
  "回本 回收期 投资回收期 收回成本",
  "蓄热 储热 蓄热罐",
  // tariffs and money
  "电费 电价 电度电费 电费单",
  "功率因数 力调 力调电费 力率 功率因素 无功补偿",
  "峰谷电价 分时电价 峰谷 错峰",
  "低谷电 谷电 谷段电价 低谷电价",
  "基本电费 容量电费 需量电费 两部制",
  "EMC 合同能源管理 能源托管 节能服务",
  // management and carbon
  "能源管理系统 EMS 能耗监测 能源监测 在线监测",
  "碳排放 碳核算 碳盘查 温室气体 碳排",
  "标准煤 标煤 tce",
  "减排 减排量 碳减排",
  "双控 能耗双控 碳排放双控",
  "节能诊断 能源审计 能效诊断 诊断报告",
  "测量与验证 M&V 测量验证",
  // the product
  "注销 销户 注销账号 注销账户",
  "账号 账户 帐号",
  "发票 开票 增值税发票",
  "退款 退钱 退费",
  "优惠券 代金券 折扣券",
  "导出 导出数据 下载数据",
  "报告 评估报告 节能报告",
  // added later (ids follow the list's order, so new groups go last)
  "提高 提升 改善",
];

/** When this list was written (shown as the groups' 更新时间 in /admin/synonyms until an operator edits one). */
const LIST_WRITTEN_AT = Date.UTC(2026, 10, 27, 2, 0, 0);

export function synonymStatements(): SeedStatement[] {
  return SEED_SYNONYMS.map((words, i) => ({
    // A group seeded before with time 0 (shown as 1970-01-01) gets the list's date; an operator's edit is kept, and
    // a group an operator already added under another id is left alone.
    sql: "INSERT INTO qa_synonyms (id, words, updated_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET updated_at = excluded.updated_at WHERE qa_synonyms.updated_at = 0 ON CONFLICT DO NOTHING",
    params: [i + 1, words, LIST_WRITTEN_AT],
  }));
}
