// The report renderer Worker (docs/decisions/163-render-in-its-own-worker.md): @react-pdf's layout and pdfkit run
// for seconds without yielding, and a Worker isolate (workerd, one thread) serves nothing else meanwhile. The app's
// report job builds the model and calls this Worker through the RENDERER service binding, so page views and API
// calls never queue behind a PDF. It has no route of its own (workers_dev = false): only the app reaches it. Its one
// binding is the bucket the report fonts live in.
import { renderPlantReportPdf, renderReportPdf } from "../reports/render";
import type { ReportDoc } from "../reports/model";
import type { PlantDoc } from "../reports/plant-model";
import { RENDER_HEADERS, RENDER_PATH, RENDER_PLANT_PATH } from "../reports/remote-render";

interface RendererEnv {
  FILES: R2Bucket;
}

export default {
  async fetch(request: Request, env: RendererEnv): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (request.method !== "POST" || (path !== RENDER_PATH && path !== RENDER_PLANT_PATH)) return new Response("not found", { status: 404 });
    // The renderer reads only FILES (fonts); the app's Env type names more bindings than this Worker has.
    const appEnv = env as unknown as Env;
    const pdf = path === RENDER_PLANT_PATH ? await renderPlantReportPdf(appEnv, (await request.json()) as PlantDoc) : await renderReportPdf(appEnv, (await request.json()) as ReportDoc);
    return new Response(pdf.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "content-type": "application/pdf",
        [RENDER_HEADERS.pages]: String(pdf.pages),
        [RENDER_HEADERS.renderMs]: String(pdf.renderMs),
        [RENDER_HEADERS.fontMs]: String(pdf.fontMs),
      },
    });
  },
} satisfies ExportedHandler<RendererEnv>;
