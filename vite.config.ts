import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";

/**
 * antd's form/context.js takes FormProvider from @rc-component/form's index, and that index also hangs Field, List,
 * useForm and useWatch on its default export: statements Rollup must keep. So every Input, Tooltip, Dropdown or
 * Popover (their ContextIsolator imports form/context) brought the whole form library and its validator into the
 * page (~12 KiB gzip on every public page). The same FormProvider is exported by the module that defines it; importing
 * it from there is the same object. The build fails if antd changes the line, rather than growing again unseen.
 */
function antdFormProviderDirect(): Plugin {
  const FROM = "from '@rc-component/form';";
  return {
    name: "antd-form-provider-direct",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(id)) return null;
      if (!code.includes(FROM)) this.error(`antd/es/form/context.js no longer imports ${FROM} (see antdFormProviderDirect in vite.config.ts)`);
      return { code: code.replace(FROM, "from '@rc-component/form/es/FormContext';"), map: null };
    },
  };
}

// React Router 7 framework mode (docs/decisions/160-react-router-7.md); route files and SSR settings live in
// app/routes.ts and react-router.config.ts. The server bundle targets workerd: workers/index.ts imports it.
export default defineConfig({
  plugins: [antdFormProviderDirect(), reactRouter()],
  resolve: {
    alias: { "~": path.resolve(__dirname, "app") },
  },
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: { minify: true, cssMinify: true },
});
