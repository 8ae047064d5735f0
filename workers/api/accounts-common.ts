// Option lists for account forms (GET /common/industry/type/queryList, GET /common/dict/{kind}) and avatar files.
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { ok } from "../lib/envelope";
import { notFound } from "../lib/errors";
import { DICT_KINDS, type DictKind } from "../contract/accounts";
import { listDict, listIndustries } from "../services/accounts/dicts";
import { readAvatar } from "../services/accounts/avatars";

export const industryApi = new Hono<AppEnv>().get("/queryList", async (c) => ok(c, await listIndustries({ db: c.get("db") })));

export const dictApi = new Hono<AppEnv>().get("/:kind", async (c) => {
  const kind = c.req.param("kind");
  if (!(DICT_KINDS as readonly string[]).includes(kind)) throw notFound();
  return ok(c, await listDict({ db: c.get("db"), kind: kind as DictKind }));
});

/** GET /files/avatar/<key>: public (avatars show next to Q&A posts), immutable, never sniffed as HTML. */
export const avatarFilesApi = new Hono<AppEnv>().get("/:key", async (c) => {
  const object = await readAvatar({ env: c.env, key: c.req.param("key") });
  if (!object) return c.text("Not found", 404);
  return new Response(object.body, {
    headers: {
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
      etag: object.httpEtag,
    },
  });
});
