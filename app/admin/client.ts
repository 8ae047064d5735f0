// Browser side of the /admin pages: calls to /api/admin/* (envelope and error toasts by apiFetch) that reload the
// page's data on success. True when the call succeeded.
import { message } from "antd";
import { apiFetch, OK } from "../lib/api";

export async function adminCall(path: string, body: unknown, onDone: () => void): Promise<boolean> {
  const res = await apiFetch(`/api/admin/${path}`, { body });
  if (res.code !== OK) return false;
  void message.success(res.msg);
  onDone();
  return true;
}
