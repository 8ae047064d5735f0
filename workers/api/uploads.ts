// One uploaded file per multipart request (survey images, Q&A pictures, workbook imports): the body limit and
// the form's `file` part, each with the caller's Chinese message.
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { fail, invalid } from "../lib/errors";

/** Room for the multipart envelope around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Refuses a body larger than the file limit (plus the envelope) with `tooLarge`: by its Content-Length before it is
 * read, and a chunked body (no length) as soon as it has streamed past the limit, so it is never held whole.
 * `code` is the envelope code the route's spec gives (10002 invalid by default, 10001 for the avatar).
 */
export const uploadLimit = (maxFileBytes: number, tooLarge: string, code: "invalid" | "fail" = "invalid") =>
  bodyLimit({
    maxSize: maxFileBytes + ENVELOPE_BYTES,
    onError: () => {
      throw code === "fail" ? fail(tooLarge) : invalid(tooLarge);
    },
  });

/** The form and its `file` part; `missing` when the body is not multipart or carries no file. */
export async function formWithFile(c: Context, missing: string): Promise<{ form: FormData; file: File }> {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw invalid(missing);
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw invalid(missing);
  return { form, file };
}
