// The local entry (`npm start`, the browser tests): the production Worker plus the dev stand-ins for the services
// outside the machine (SMS outbox, Alipay gateway, QQ/WeChat OAuth server). Deploys use workers/index.ts, which
// never imports them (`npm run deploy`).
import worker from "./index";
import { api } from "./api/app";
import { mountDevStandins } from "./api/dev-standins";

mountDevStandins(api);

export { UserChannel } from "./durable/user-channel";
export default worker;
