// React Router's <HydratedRouter> decodes the server's loader data (the inline turbo-stream) on its first render and,
// until that is done, suspends the root by throwing the decoding promise. No Suspense boundary can sit above it (the
// root is the document), and React 18 cannot recover from a root that suspends in a synchronous hydration: a click or
// key press in that window makes React hydrate at once, the retry suspends again outside any boundary, and React
// throws "Root did not complete" (#345) at the user's click. So the data is decoded before hydrateRoot.
//
// Calling the component outside render starts the same decode and throws the same promise; its hooks come after
// that, so nothing else runs. The router it then creates in render reuses the finished decode. If a later React
// Router stops throwing the promise there, whatever the call throws instead is ignored and hydration starts at once,
// as it did before.
import { HydratedRouter } from "react-router/dom";

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

export function decodeRouterState(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    // A failed decode is reported by the router itself, in render, as before.
    if (isThenable(thrown)) return Promise.resolve(thrown).then(() => undefined, () => undefined);
  }
  return Promise.resolve();
}
