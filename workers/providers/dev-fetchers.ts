// In-process fetchers into the dev stand-ins (the QQ/WeChat OAuth server, the Alipay and WeChat Pay gateways). The local entry
// (workers/index.local.ts, and the API test entry) registers them; the production entry (workers/index.ts) never
// imports the stand-ins, so they are not in its bundle, and a provider left on "dev" there fails closed.
export type DevFetch = (request: Request) => Promise<Response>;
type DevFetcher = (env: Env) => DevFetch;

const registry: { oauth?: DevFetcher; alipay?: DevFetcher; wechatpay?: DevFetcher } = {};

export function registerDevFetchers(fetchers: typeof registry) {
  Object.assign(registry, fetchers);
}

/** The stand-in's fetcher; throws when this build has none (production with a provider switch left on dev). */
export function devFetcher(name: keyof typeof registry, env: Env): DevFetch {
  const fetcher = registry[name];
  if (!fetcher) throw new Error(`The ${name} dev stand-in is not part of this build: configure the live provider.`);
  return fetcher(env);
}
