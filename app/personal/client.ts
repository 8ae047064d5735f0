// Helpers of the personal centre's pages; their API calls go through the typed client (app/lib/api-client.ts).
import { toast } from "../lib/toast";

export function toastOk(msg: string) {
  void toast("success", msg);
}

export const detailHref = (id: number) => `/energySavingQA/details?questionId=${id}`;
export const userHref = (id: number) => `/otherUser/list?userId=${id}`;
