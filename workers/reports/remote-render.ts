// The report job's side of the renderer Worker (workers/renderer/): the model goes over the RENDERER service binding
// as JSON, the PDF comes back with its page count and timings in headers. Without the binding (the workerd API tests
// run one Worker) the job renders in its own isolate, as before.
import type { ReportDoc } from "./model";
import type { RenderedPdf } from "./render";
import type { PlantDoc } from "./plant-model";

export const RENDER_PATH = "/render";
/** The plant summary PDF (plant-document.tsx): same Worker, its own model. */
export const RENDER_PLANT_PATH = "/render/plant";
export const RENDER_HEADERS = { pages: "x-report-pages", renderMs: "x-report-render-ms", fontMs: "x-report-font-ms" } as const;

/** Render through the renderer Worker when it is bound, otherwise here. A failed remote render throws (the job retries). */
export async function renderReport(env: Env, doc: ReportDoc): Promise<RenderedPdf> {
  const renderer = rendererOf(env);
  if (!renderer) return (await import("./render")).renderReportPdf(env, doc);
  return renderRemote(renderer, RENDER_PATH, doc);
}

/** The plant summary PDF, through the renderer Worker when bound (as renderReport). */
export async function renderPlantReport(env: Env, doc: PlantDoc): Promise<RenderedPdf> {
  const renderer = rendererOf(env);
  if (!renderer) return (await import("./render")).renderPlantReportPdf(env, doc);
  return renderRemote(renderer, RENDER_PLANT_PATH, doc);
}

const rendererOf = (env: Env) => (env as Env & { RENDERER?: Fetcher }).RENDERER;

async function renderRemote(renderer: Fetcher, path: string, doc: unknown): Promise<RenderedPdf> {
  const res = await renderer.fetch(`https://renderer${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(doc) });
  if (!res.ok) throw new Error(`renderer answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return {
    bytes: new Uint8Array(await res.arrayBuffer()),
    pages: Number(res.headers.get(RENDER_HEADERS.pages)),
    renderMs: Number(res.headers.get(RENDER_HEADERS.renderMs)),
    fontMs: Number(res.headers.get(RENDER_HEADERS.fontMs)),
  };
}
