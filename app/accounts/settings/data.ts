// Settings data access: the caller's profile and the option lists (spec 1 §7).
import { useEffect, useState } from "react";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import type { DictKind, UserInfoView } from "../../../workers/contract/accounts";

export async function fetchUserInfo(): Promise<UserInfoView | null> {
  const res = await call((o) => client.api.user["user-info"].$post({ json: {} }, o));
  return res.code === OK ? res.data : null;
}

export interface Options {
  industries: { value: number; label: string }[];
  education: { value: string; label: string }[];
  workYear: { value: string; label: string }[];
  managementDirection: { value: string; label: string }[];
}

async function dict(kind: DictKind) {
  const res = await call((o) => client.common.dict[":kind"].$get({ param: { kind } }, o), { silent: true });
  return (res.data ?? []).map((o) => ({ value: o.key, label: o.value }));
}

/** Option lists for the authentication-info forms, loaded once when that tab first shows. */
export function useOptions(enabled: boolean): Options | null {
  const [options, setOptions] = useState<Options | null>(null);
  useEffect(() => {
    if (!enabled || options) return;
    let alive = true;
    void (async () => {
      const [ind, education, workYear, managementDirection] = await Promise.all([
        call((o) => client.common.industry.type.queryList.$get(undefined, o), { silent: true }),
        dict("education"),
        dict("workYear"),
        dict("managementDirection"),
      ]);
      if (!alive) return;
      setOptions({
        industries: (ind.data ?? []).map((o) => ({ value: o.industryTypeId, label: o.industryTypeValue })),
        education,
        workYear,
        managementDirection,
      });
    })();
    return () => {
      alive = false;
    };
  }, [enabled, options]);
  return options;
}

/** "1,3" → [1, 3] */
export const idList = (s: string | null | undefined) => (s ? s.split(",").map((x) => Number(x.trim())).filter((n) => Number.isInteger(n) && n > 0) : []);
/** "1,4" → ["1", "4"] */
export const keyList = (s: string | null | undefined) => (s ? s.split(",").map((x) => x.trim()).filter(Boolean) : []);
