// Provincial TOU tariffs kept as data; one module per province (electricity_cost.md §3).
import { BEIJING_2023 } from "./beijing";
import { GUANGDONG_2021 } from "./guangdong";
import { JIANGSU_2025 } from "./jiangsu";
import { SHANDONG_2025 } from "./shandong";
import { SHANGHAI_2022 } from "./shanghai";
import type { ProvinceTariff } from "./types";
import { ZHEJIANG_2024 } from "./zhejiang";

export const PROVINCE_TARIFFS: Readonly<Record<string, ProvinceTariff>> = {
  jiangsu: JIANGSU_2025,
  zhejiang: ZHEJIANG_2024,
  guangdong: GUANGDONG_2021,
  shanghai: SHANGHAI_2022,
  shandong: SHANDONG_2025,
  beijing: BEIJING_2023,
};

export type TariffProvince = keyof typeof PROVINCE_TARIFFS;
export * from "./types";
