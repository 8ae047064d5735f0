// Where the browser suite's quiet servers write their output (global-setup.ts), and its last lines for a failure
// message: what the app, its cron driver and the renderer said while a journey waited in vain.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const serverLogFile = (port: number) => path.join(root, `.wrangler/e2e-server-${port}.log`);

/** The last `lines` lines the servers on `port` wrote, or a note that there is no log. */
export function serverLogTail(port: number, lines = 40): string {
  const file = serverLogFile(port);
  if (!existsSync(file)) return `(no server log at ${file})`;
  return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}
