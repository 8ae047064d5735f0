// Alias target of `@react-pdf/reconciler`: only its React 18 reconciler. The package's index also imports
// the React 19 builds, which Vite 6.4's SSR transform breaks (ARCHITECTURE.md "Reports"); we run React 18.
export { default } from "../../../node_modules/@react-pdf/reconciler/lib/reconciler-23.js";
