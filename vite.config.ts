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

/**
 * With `zeroRuntime` antd skips its style registration, but every component type still computes its component tokens
 * (colour maths on the whole token set), serialises them to CSS variables, hashes them and writes a <style> tag while
 * hydrating. Those variables are already in the build-time CSS (scripts/extract-antd-css.tsx), and the tag went into a
 * detached element (AntdRuntime's styleSink), so the work bought nothing: it was a large part of the React tasks on a
 * public page's start-up (bench/long-tasks.mjs --profile). Under zeroRuntime the register is skipped, the same way
 * genComponentStyleHook skips useStyleRegister (the flag is memoised once, so the hooks' order never changes).
 */
function antdZeroRuntimeCssVars(): Plugin {
  const FROM = "      var csp = useCSP();\n      useCSSVarRegister({";
  const TO = "      var csp = useCSP();\n      var skip = useMemo(function () { return _useToken.zeroRuntime; }, []);\n      if (!skip) useCSSVarRegister({";
  return {
    name: "antd-zero-runtime-css-vars",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]@ant-design[\\/]cssinjs-utils[\\/]es[\\/]util[\\/]genStyleUtils\.js$/.test(id)) return null;
      if (!code.includes(FROM) || !/import useMemo from|import \{[^}]*useMemo/.test(code)) this.error("@ant-design/cssinjs-utils genStyleUtils.js changed (see antdZeroRuntimeCssVars in vite.config.ts)");
      return { code: code.replace(FROM, TO), map: null };
    },
  };
}

// React Router 7 framework mode (docs/decisions/160-react-router-7.md); route files and SSR settings live in
// app/routes.ts and react-router.config.ts. The server bundle targets workerd: workers/index.ts imports it.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [antdFormProviderDirect(), antdZeroRuntimeCssVars(), reactRouter()],
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
  build: {
    minify: true,
    cssMinify: true,
    // React DOM in a chunk of its own: a chunk is one ES module, evaluated in one task, and React DOM shared one
    // with antd's style core, a 60-75 ms task at 4x CPU after first paint. Apart, each is evaluated in its own task
    // (app/lib/deferred-scripts.tsx imports the page's modules one at a time).
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: (id: string) => (/[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/.test(id) ? "react-dom" : undefined) } },
  },
}));
