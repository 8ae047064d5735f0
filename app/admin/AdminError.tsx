// ErrorBoundary of the /admin pages: a non-admin sees why they are refused (403), anything else the generic text.
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ADMIN_MSG } from "../../workers/contract/admin-constants";
import { HOME_PATH } from "../lib/routes";

export function AdminErrorBoundary() {
  const error = useRouteError();
  const denied = isRouteErrorResponse(error) && error.status === 403;
  return (
    <main className="error-page admin-denied">
      <h1>{denied ? ADMIN_MSG.notAdmin : "页面出错了"}</h1>
      <p>{denied ? "运营后台仅对管理员开放。" : "服务暂时不可用，请稍后刷新重试。"}</p>
      <a href={HOME_PATH}>返回首页</a>
    </main>
  );
}
