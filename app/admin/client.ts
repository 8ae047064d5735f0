// Browser side of the /admin pages: typed calls to /api/admin/* (envelope and error toasts by the client) that
// reload the page's data on success. True when the call succeeded.
import { message } from "antd";
import type { ClientRequestOptions, ClientResponse } from "hono/client";
import { OK } from "../lib/api";
import { call } from "../lib/api-client";

export async function adminCall<R extends ClientResponse<unknown, number, string>>(send: (options: ClientRequestOptions) => Promise<R>, onDone: () => void): Promise<boolean> {
  const res = await call(send);
  if (res.code !== OK) return false;
  void message.success(res.msg);
  onDone();
  return true;
}
