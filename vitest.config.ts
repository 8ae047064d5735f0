// Integration tests inside workerd: real local D1, R2, Durable Objects and Queues through miniflare.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { kCurrentWorker } from "miniflare";

const REPORT_FONT_FILES: Record<string, string> = {
  "NotoSansSC-Regular.ttf": "node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  "NotoSansSC-Bold.ttf": "node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
};

/** A fresh RSA-2048 pair as Alipay's base64 bodies (PKCS#8 private, SPKI public); test-only, never stored. */
function alipayKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    private: privateKey.export({ type: "pkcs8", format: "der" }).toString("base64"),
    public: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
  };
}

export default defineConfig(async () => {
  // Payment: the app's key pair and the dev gateway's, generated per run (docs/payments.md "Keys").
  const app = alipayKeyPair();
  const gateway = alipayKeyPair();
  // WeChat Pay: the merchant's pair, the dev gateway's pair and a 32-character APIv3 key, also per run.
  const wechatMerchant = alipayKeyPair();
  const wechatGateway = alipayKeyPair();
  const wechatApiV3Key = randomBytes(16).toString("hex");
  // wrangler.toml names build/client as the assets directory; API tests do not serve assets but need it to exist.
  mkdirSync(path.join(__dirname, "build/client"), { recursive: true });
  const migrations = await readD1Migrations(path.join(__dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        main: "./test/api/worker-entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // Reports: the Noto Sans SC TTFs from node_modules, read on the Node side; report tests copy them
          // into the test bucket (fonts/…), where the queue consumer loads them as in production.
          serviceBindings: {
            // The renderer Worker (wrangler.renderer.toml) is this test Worker too: test/api/worker-entry.ts sends
            // https://renderer/… to workers/renderer/, so the job's remote render path runs in the tests.
            RENDERER: kCurrentWorker,
            REPORT_FONTS: (request: Request) => {
              const file = REPORT_FONT_FILES[new URL(request.url).pathname.slice(1)];
              return file ? new Response(readFileSync(path.join(__dirname, file))) : new Response("not found", { status: 404 });
            },
          },
          bindings: {
            TEST_MIGRATIONS: migrations,
            // Test-only secret; real secrets come from the environment (.dev.vars locally, wrangler secret in production).
            JWT_SECRET: "test-only-jwt-secret-0123456789abcdef0123456789",
            ALIPAY_APP_PRIVATE_KEY: app.private,
            ALIPAY_DEV_APP_PUBLIC_KEY: app.public,
            ALIPAY_DEV_GATEWAY_PRIVATE_KEY: gateway.private,
            ALIPAY_PUBLIC_KEY: gateway.public,
            WECHATPAY_MCH_PRIVATE_KEY: wechatMerchant.private,
            WECHATPAY_DEV_MCH_PUBLIC_KEY: wechatMerchant.public,
            WECHATPAY_DEV_GATEWAY_PRIVATE_KEY: wechatGateway.private,
            WECHATPAY_PUBLIC_KEY: wechatGateway.public,
            WECHATPAY_APIV3_KEY: wechatApiV3Key,
            // A privileged phone (spec 3 §6) that test users never get by chance (makeUser uses 139…).
            REPORT_FREE_PHONE: "19900000000",
          },
        },
      }),
    ],
    // The wrangler.toml [alias] entries for @react-pdf/renderer (the pool ignores wrangler's aliases).
    resolve: {
      alias: {
        "yoga-layout/load": path.join(__dirname, "workers/reports/shims/yoga-load.js"),
        "@react-pdf/reconciler": path.join(__dirname, "workers/reports/shims/reconciler.js"),
      },
    },
    test: {
      // Hang-only bounds (issue 26 item 12): tests bound work; timing figures live in npm run bench.
      testTimeout: 30_000,
      hookTimeout: 120_000,
      include: ["test/api/**/*.test.ts"],
      setupFiles: ["./test/api/setup.ts"],
    },
  };
});
