// Browser-side helpers for the Q&A pages: the picture upload, toasts and the login gate for writes (their API calls
// go through the typed client, app/lib/api-client.ts).
import { toast } from "../lib/toast";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { openLogin } from "../lib/login-gate";
import type { Viewer } from "../lib/viewer";
import { PICTURE_MAX_BYTES, PICTURE_TYPES, QA_MSG } from "../../workers/contract/qa-constants";

/** Visitors get the login dialog for every write (spec 2 §6); returns true when the viewer may go on. */
export function ensureLogin(viewer: Viewer | null | undefined, redirectTo?: string): viewer is Viewer {
  if (viewer) return true;
  openLogin(redirectTo ? { redirectTo } : {});
  return false;
}

export function toastOk(msg: string) {
  void toast("success", msg);
}

export function toastWarn(msg: string) {
  void toast("warning", msg);
}

/** Detail page URL of a question. */
export const detailHref = (id: number, extra = "") => `/energySavingQA/details?questionId=${id}${extra}`;

/** File types the picture upload takes (spec 2 §5): checked here first, the server checks the bytes too. */
export const PICTURE_ACCEPT = ".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif";

export function pictureTypeOk(file: File): boolean {
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  return (PICTURE_TYPES as readonly string[]).includes(ext);
}

/** POST /common/picture/upload; returns the stored picture path, or null after showing why not. */
export async function uploadPicture(file: File): Promise<string | null> {
  if (!pictureTypeOk(file)) {
    void toast("error", QA_MSG.uploadType);
    return null;
  }
  if (file.size > PICTURE_MAX_BYTES) {
    void toast("error", QA_MSG.uploadSize);
    return null;
  }
  const res = await call((o) => client.common.picture.upload.$post({ form: { file } }, o), { signal: AbortSignal.timeout(30_000) });
  return res.code === OK && typeof res.data === "string" ? res.data : null;
}
