// Floating side menu (spec 1 §2): smart Q&A (only on /homePage), WeChat QR on hover, robot assistant, manual download, back to top.
import { useLocation } from "react-router";
import { Popover } from "antd";
import { DownloadOutlined, QuestionCircleOutlined, VerticalAlignTopOutlined, WechatOutlined } from "@ant-design/icons";
import { useEffect, useState } from "react";
import { WECHAT_QR_IMAGE } from "./SiteFooter";
import { RobotButton } from "../robot/RobotButton";
import { useRootData } from "../../lib/use-root-data";

export const QA_MANUAL_PATH = "/docs/qa-manual.pdf";

export function SideMenu() {
  const { pathname } = useLocation();
  const { isMobile } = useRootData();
  const [showTop, setShowTop] = useState(false);
  useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > 400);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  const onHome = pathname === "/homePage";
  const hideManual = onHome || pathname === "/homeUser";
  return (
    <nav className="side-menu" aria-label="快捷入口">
      {onHome && (
          <a className="side-menu__item" href="/questions" aria-label="智能问答：去提问" title="智能问答">
            <QuestionCircleOutlined />
            <span>问答</span>
          </a>
      )}
      <Popover
        // On phones the menu is a bar at the bottom (app.css): the QR opens above it.
        placement={isMobile ? "top" : "left"}
        trigger={["hover", "focus"]}
        content={
          <div className="side-menu__qr">
            <img src={WECHAT_QR_IMAGE} alt="微信公众号二维码" width={132} height={132} />
            <p>微信扫码关注公众号</p>
          </div>
        }
      >
        <button type="button" className="side-menu__item" aria-label="微信公众号二维码">
          <WechatOutlined />
          <span>公众号</span>
        </button>
      </Popover>
      <RobotButton />
      {!hideManual && (
          <a className="side-menu__item" href={QA_MANUAL_PATH} download="能源问答操作手册.pdf" aria-label="下载操作手册" title="下载《能源问答操作手册》">
            <DownloadOutlined />
            <span>手册</span>
          </a>
      )}
      {showTop && (
        <button type="button" className="side-menu__item" aria-label="回到顶部" onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
          <VerticalAlignTopOutlined />
          <span>顶部</span>
        </button>
      )}
    </nav>
  );
}
