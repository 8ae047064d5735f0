// Assessment cards from D1 (spec 1 §2): detail page, usage PDF dialog, evaluate-now; disabled cards do nothing.
import { Button } from "antd";
import { FilePdfOutlined } from "@ant-design/icons";
import { lazy, Suspense, useEffect, useState } from "react";
import { CARD_REFRESH_MS, formatReportCount, type CardView } from "../../../workers/contract/portal";
import { MSG } from "../../../workers/lib/codes";
import { loginHref } from "../../lib/platform-menu";
import { openLogin } from "../../lib/login-gate";
import { CardIcon } from "./CardIcon";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";

const Modal = lazy(() => import("antd/es/modal"));

interface Props {
  initialCards: CardView[];
  loggedIn: boolean;
}

function UsageDialog({ card, onClose }: { card: CardView | null; onClose: () => void }) {
  if (!card) return null;
  return (
    <Suspense fallback={null}>
    <Modal
      title={`${card.surveyName} · 使用说明`}
      open
      onCancel={onClose}
      width={860}
      destroyOnHidden
      footer={
        card.explain ? (
          <Button type="primary" href={card.explain} download={`${card.surveyName}使用说明.pdf`} icon={<FilePdfOutlined />}>
            下载使用说明
          </Button>
        ) : null
      }
    >
      {card.explain && <iframe className="usage-pdf" src={card.explain} title={`${card.surveyName}使用说明`} />}
    </Modal>
    </Suspense>
  );
}

export function CardGrid({ initialCards, loggedIn }: Props) {
  const [cards, setCards] = useState(initialCards);
  const [usageCard, setUsageCard] = useState<CardView | null>(null);

  // The landing list refreshes every 10 s without a full reload (spec 1 §9).
  useEffect(() => {
    const timer = setInterval(async () => {
      // Silent: transport errors are only logged (spec 1 §8) and the list keeps what it shows.
      const body = await call((o) => (loggedIn ? client.api.surveyInfo.type.list.$post({}, o) : client.api.notLogin.list.$post({}, o)), { silent: true });
      if (body.code === OK && body.data) setCards(body.data);
    }, CARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [loggedIn]);

  // The three special cards lead to their detail page, as their title does (spec 1 §2); its own 立即评估 goes on
  // to the workbench. Any other open card goes straight to the workbench, through the login dialog for a visitor.
  const evaluateHref = (card: CardView) =>
    card.detailPath ?? (loggedIn ? `/workbench?type=${card.id}` : loginHref(`/workbench?type=${card.id}`));
  // The toast code loads on the first click: it is not worth its weight in every visit's first download.
  const disabledNotice = () => void import("antd/es/message").then(({ default: message }) => message.info(MSG.featureDisabled));

  return (
    <>
      <ul className="card-grid" aria-label="评估卡片">
        {cards.map((card) => (
          <li
            key={card.id}
            className={`assess-card${card.enabled ? "" : " assess-card--disabled"}`}
            data-card={card.code}
            aria-disabled={card.enabled ? undefined : true}
            onClick={card.enabled ? undefined : disabledNotice}
          >
            <div className="assess-card__head">
              <CardIcon url={card.iconUrl} />
              <div>
                <h3>
                  {card.enabled && card.detailPath ? <a href={card.detailPath}>{card.surveyName}</a> : card.surveyName}
                </h3>
                <p className="assess-card__count">
                  已生成报告 <strong>{formatReportCount(card.count)}</strong> 份
                </p>
              </div>
            </div>
            <p className="assess-card__desc">{card.surveyDescription}</p>
            {card.enabled ? (
              <div className="assess-card__actions">
                <Button onClick={() => setUsageCard(card)} disabled={!card.explain}>
                  使用说明
                </Button>
                <Button
                  type="primary"
                  href={evaluateHref(card)}
                  onClick={(e) => {
                    if (loggedIn || card.detailPath) return;
                    e.preventDefault();
                    openLogin({ redirectTo: `/workbench?type=${card.id}` });
                  }}
                >
                  立即评估
                </Button>
              </div>
            ) : (
              <div className="assess-card__actions">
                <span className="assess-card__soon">暂未开通</span>
              </div>
            )}
          </li>
        ))}
      </ul>
      <UsageDialog card={usageCard} onClose={() => setUsageCard(null)} />
    </>
  );
}
