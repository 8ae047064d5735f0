// Where the workbench is lives in the URL (?type=&id=&bin=&view=&page=&q=) so a reload, back and forward keep it.
// This hook reads it, moves it, and runs the search box: typing searches on the server once the user pauses (both
// search boxes edit the same ?q=); the open survey stays. A search the URL brings (back, forward, a link) fills
// the boxes; our own answers do not overwrite typing.
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";

/** Typing in a search box waits this long before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

export interface WorkbenchPlace {
  id?: number | null;
  bin?: "trash" | null;
  view?: "report" | null;
  page?: number | null;
  q?: string;
}

export function useWorkbenchUrl(cardId: number, serverQ: string) {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get("id")) || null;
  const inTrash = params.get("bin") === "trash";
  const viewReport = Boolean(openId) && params.get("view") === "report";
  const listPage = Number(params.get("page")) || 1;

  const navigate = useCallback(
    (next: WorkbenchPlace) => {
      const p = new URLSearchParams();
      p.set("type", String(cardId));
      if (next.id) p.set("id", String(next.id));
      if (next.bin) p.set("bin", next.bin);
      if (next.id && next.view) p.set("view", next.view);
      // The search stays until changed; the page only where asked (a new folder or search starts at page 1).
      const q = next.q ?? serverQ;
      if (q) p.set("q", q);
      if (next.page && next.page > 1) p.set("page", String(next.page));
      // A newer navigation or revalidation may abort this one; that is expected, not an error.
      void Promise.resolve(setParams(p) as unknown).catch(() => undefined);
    },
    [cardId, serverQ, setParams],
  );

  const revalidator = useRevalidator();
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const refresh = useCallback(() => void Promise.resolve(revalidatorRef.current.revalidate() as unknown).catch(() => undefined), []);

  const [searchText, setSearchText] = useState(serverQ);
  const sentQ = useRef(serverQ);
  useEffect(() => {
    if (serverQ === sentQ.current) return;
    sentQ.current = serverQ;
    setSearchText(serverQ);
  }, [serverQ]);
  useEffect(() => {
    const q = searchText.trim();
    if (q === serverQ) return;
    const timer = setTimeout(() => {
      sentQ.current = q;
      navigate({ id: openId, bin: inTrash ? "trash" : null, view: viewReport ? "report" : null, q });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, serverQ, navigate, openId, inTrash, viewReport]);

  const bin = inTrash ? "trash" : null;
  return {
    openId,
    inTrash,
    viewReport,
    listPage,
    navigate,
    refresh,
    searchText,
    setSearchText,
    openSurvey: (id: number, fromTrash = inTrash) => navigate({ id, bin: fromTrash ? "trash" : null, page: listPage }),
    backToList: () => navigate({ bin, page: listPage }),
    openPreview: (id: number) => navigate({ id, view: "report" }),
  };
}
