// Workbench bench (issue 5): autosave round trip (answer/save) and survey content load (info) for a motor
// survey with 100 repeated motors, against a running server. `run({ baseUrl })` → JSON figures.
import { stats } from "./platform.mjs";

const ROUNDS = 200;
const INFO_ROUNDS = 30;
const REPEATS = 100;

/** The Worker's own time for a request (Server-Timing app;dur), without the dev proxy in front of it. */
function serverMs(res) {
  const m = /app;dur=(\d+(?:\.\d+)?)/.exec(res.headers.get("server-timing") ?? "");
  return m ? Number(m[1]) : NaN;
}

async function post(baseUrl, path, token, body) {
  const res = await fetch(baseUrl + path, {
    method: "POST",
    headers: { "content-type": "application/json", code: "energy-evaluation", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 10000) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

export async function run({ baseUrl }) {
  const login = await post(baseUrl, "/api/user/login", null, { type: 1, userName: "demo", password: "Demo1234" });
  const token = login.token;
  const { id } = await post(baseUrl, "/api/surveyInfo/addInfo", token, { type: 1 });
  let info = await post(baseUrl, "/api/surveyInfo/info", token, { id });
  const molds = info.pageList.flatMap((p) => [...p.input, ...p.select, ...p.image]);
  const motor = molds.find((m) => m.key === "motor_unit");
  const questions = new Map(molds.flatMap((m) => m.groups.flatMap((g) => g.questions.map((q) => [q.key, q]))));
  for (let i = 1; i < REPEATS; i++) await post(baseUrl, "/api/surveyInfo/addMode", token, { surveyId: id, moldId: motor.id });
  // Fill a realistic share of every motor so info carries real answers.
  const keys = ["motor_name", "motor_rated_kw", "motor_rated_speed_rpm", "motor_annual_hours", "motor_load_factor_pct"];
  const values = { motor_name: (i) => `${i + 1}#电机`, motor_rated_kw: () => "55", motor_rated_speed_rpm: () => "1480", motor_annual_hours: () => "6000", motor_load_factor_pct: () => "75" };
  for (let i = 0; i < REPEATS; i++) {
    await Promise.all(keys.map((k) => post(baseUrl, "/api/surveyInfo/answer/save", token, { id, answerId: questions.get(k).id, indexNo: i, optionContent: values[k](i) })));
  }

  const field = questions.get("motor_rated_kw");
  const save = [];
  for (let i = 0; i < 20; i++) await post(baseUrl, "/api/surveyInfo/answer/save", token, { id, answerId: field.id, indexNo: 50, optionContent: "55" });
  const saveServer = [];
  const transport = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    const res = await fetch(baseUrl + "/api/surveyInfo/answer/save", {
      method: "POST",
      headers: { "content-type": "application/json", token },
      body: JSON.stringify({ id, answerId: field.id, indexNo: i % REPEATS, optionContent: String(30 + (i % 50)) }),
    });
    const json = await res.json();
    save.push(performance.now() - t);
    if (json.code !== 10000) throw new Error(`answer/save: ${json.code} ${json.msg}`);
    saveServer.push(serverMs(res));
    // The same trip to the Worker's cheapest route: what the local dev proxy alone costs.
    t = performance.now();
    await (await fetch(baseUrl + "/healthz")).text();
    transport.push(performance.now() - t);
  }
  const load = [];
  for (let i = 0; i < 3; i++) await post(baseUrl, "/api/surveyInfo/info", token, { id });
  let bytes = 0;
  for (let i = 0; i < INFO_ROUNDS; i++) {
    const t = performance.now();
    const res = await fetch(baseUrl + "/api/surveyInfo/info", {
      method: "POST",
      headers: { "content-type": "application/json", token },
      body: JSON.stringify({ id }),
    });
    const text = await res.text();
    load.push(performance.now() - t);
    bytes = text.length;
    info = JSON.parse(text).data;
  }
  const size = info.pageList.flatMap((p) => p.input).find((m) => m.key === "motor_unit").size;
  if (size !== REPEATS) throw new Error(`expected ${REPEATS} repeats, got ${size}`);
  return {
    autosave_roundtrip_ms: stats(save),
    autosave_in_worker_ms: stats(saveServer),
    healthz_roundtrip_ms: stats(transport),
    info_100_repeats_ms: stats(load),
    info_100_repeats_kib: Math.round(bytes / 102.4) / 10,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2] ?? "http://127.0.0.1:8813";
  console.log(JSON.stringify(await run({ baseUrl }), null, 2));
}
