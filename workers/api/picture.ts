// POST /common/picture/upload (multipart field "file", login required) and GET /files/qa/<key> (public).
import { Hono } from "hono";
import { formWithFile, uploadLimit } from "./uploads";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { PICTURE_MAX_BYTES, QA_MSG } from "../contract/qa";
import { readPicture, storePicture } from "../services/qa/pictures";

export const pictureApi = new Hono<AppEnv>().post(
  "/upload",
  requireActor,
  uploadLimit(PICTURE_MAX_BYTES, QA_MSG.uploadSize),
  async (c) => {
    const { file } = await formWithFile(c, QA_MSG.uploadMissing);
    const path = await storePicture({ env: c.env, uploaderId: actorOf(c).userId, file });
    return ok(c, path, QA_MSG.uploadOk);
  },
);

export const qaFilesApi = new Hono<AppEnv>().get("/:key", async (c) => {
  const object = await readPicture({ env: c.env, key: c.req.param("key") });
  if (!object) return c.text("Not found", 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("x-content-type-options", "nosniff");
  headers.set("content-security-policy", "default-src 'none'; sandbox");
  if (c.req.header("if-none-match") === object.httpEtag) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
});
