// Alias target of `yoga-layout/load` (wrangler.toml [alias], vitest.config.ts resolve.alias).
// yoga-layout compiles its embedded base64 wasm at run time, which workerd forbids; here the same binary is
// imported as a precompiled WebAssembly.Module (yoga.wasm, extracted by extract-yoga-wasm.mjs) and handed
// to the Emscripten glue through its `instantiateWasm` hook. Exports match yoga-layout/load.
import loadYogaImpl from "../../../node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js";
import wrapAssembly from "../../../node_modules/yoga-layout/dist/src/wrapAssembly.js";
import yogaWasm from "./yoga.wasm";

export async function loadYoga() {
  const lib = await loadYogaImpl({
    instantiateWasm(imports, receiveInstance) {
      WebAssembly.instantiate(yogaWasm, imports).then((instance) => receiveInstance(instance));
      return {};
    },
  });
  return wrapAssembly(lib);
}

export * from "../../../node_modules/yoga-layout/dist/src/generated/YGEnums.js";
