// Browser calls of the personal centre (through apiFetch: envelope, expiry handling, error toasts).
import { toast } from "../lib/toast";
import { apiFetch, OK } from "../lib/api";

export async function personalCall<T>(path: string, body: unknown): Promise<{ ok: boolean; data: T | null; msg: string }> {
  const res = await apiFetch<T>(`/api/qa/${path}`, { body });
  return { ok: res.code === OK, data: (res.data ?? null) as T | null, msg: res.msg };
}

export function toastOk(msg: string) {
  void toast("success", msg);
}

export const detailHref = (id: number) => `/energySavingQA/details?questionId=${id}`;
export const userHref = (id: number) => `/otherUser/list?userId=${id}`;
