// Plant summary (全厂能源平衡, issue 22 item 9) under /api/plant: login required, the caller's own surveys only.
// Thin: validate → service → envelope. The PDF: request (a "plant" job), the newest request's status, and the
// owner-only download (a link the browser opens with its session cookie).
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import { chinaDate } from "../lib/china-time";
import { PLANT_REPORT_MSG, plantReportSchema, plantSummarySchema } from "../contract/plant";
import { latestPlantReport, plantSummary, readPlantReportFile, requestPlantReport } from "../services/plant";

export const plantApi = new Hono<AppEnv>()
  .get("/report/:id/download", async (c) => {
    const actor = c.get("actor");
    const file = actor ? await readPlantReportFile({ db: c.get("db"), env: c.env, userId: actor.userId, id: c.req.param("id") }) : null;
    if (!file) return c.text(PLANT_REPORT_MSG.gone, 404);
    const name = `全厂能源平衡报告-${file.row.company}-${chinaDate(file.row.readyAt ?? Date.now())}.pdf`;
    return new Response(file.object.body, {
      headers: {
        "content-type": "application/pdf",
        "content-length": String(file.object.size),
        "content-disposition": `inline; filename="plant-summary.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  })
  .use("*", requireActor)
  .post("/summary", validate("json", plantSummarySchema), async (c) =>
    ok(c, await plantSummary({ db: c.get("db"), env: c.env, now: Date.now(), userId: actorOf(c).userId, requested: c.req.valid("json").company })),
  )
  .post("/report", validate("json", plantReportSchema), async (c) =>
    ok(
      c,
      await requestPlantReport({ db: c.get("db"), env: c.env, now: Date.now(), userId: actorOf(c).userId, company: c.req.valid("json").company }),
      PLANT_REPORT_MSG.queued,
    ),
  )
  .post("/report/latest", validate("json", plantReportSchema), async (c) =>
    ok(c, await latestPlantReport({ db: c.get("db"), userId: actorOf(c).userId, company: c.req.valid("json").company })),
  );
