/**
 * The page numbers a pager shows: the first, the last and two either side of the current one, with "…" where numbers
 * are left out (1 … 4 5 [6] 7 8 … 20). Shared by the Q&A links pager and the workbench list's pager.
 */
export function pageWindow(current: number, last: number): (number | "…")[] {
  const pages = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "…")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push("…");
    out.push(p);
  });
  return out;
}
