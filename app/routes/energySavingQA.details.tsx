// Question detail (spec 2 §2, §4): the question, share link, 我来回答 with the lazily loaded rich-text editor,
// answers (10 a page, own answer first), comments and replies, similar questions, 等你来答 and the hot list.
// Server-rendered from the services in-process, with per-question title/description/canonical and QAPage JSON-LD.
// Query (spec 2 §2): meAnswerFlag opens the editor; isHint shows the author the state of their own question with a
// link to manage it; collection=<answerId> is the favourites variant (docs/decisions/021-qa-detail-hint-and-collection.md).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { ANSWER_PAGE_SIZE, QUESTION_STATUS } from "../../workers/contract/qa-constants";
import { questionDetail, readableQuestion } from "../../workers/services/qa/questions";
import { answerPage } from "../../workers/services/qa/answers";
import { questionSeo } from "../../workers/services/qa/seo";
import { favoriteVariant, intParam, orNotFound, qaLoaderContext } from "../qa/qa.server";
import { detailSideLists } from "../qa/side-lists.server";
import { QuestionDetailPage } from "../qa/QuestionDetailPage";
import qaCss from "../qa/qa.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: qaCss }];

const truthy = (v: string | null) => v !== null && v !== "" && v !== "0" && v !== "false";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("questionId"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const { ctx, db, viewerId } = await qaLoaderContext(request, context);
  // The question is read once (a hidden one is a 404) and handed to each part; then all reads at once. Profiled
  // (issue 23): the side lists were most of the reads, so visitors get them from detailSideLists' memo. countView
  // also records the viewer's footprint (view history).
  const row = await orNotFound(readableQuestion({ db, viewerId, id }));
  const [question, answers, side, seo] = await orNotFound(
    Promise.all([
      questionDetail({ ...ctx, viewerId, id, countView: true, question: row }),
      answerPage({ ...ctx, viewerId, questionId: id, pageNo: intParam(url, "page", 1), pageSize: ANSWER_PAGE_SIZE, question: row }),
      detailSideLists(ctx, viewerId, id, { waitPage: intParam(url, "waitPage", 1), hotPage: intParam(url, "hotPage", 1) }),
      questionSeo({ db, origin: url.origin, questionId: id, viewerId, question: row }),
    ]),
  );
  const { similar, waiting, hot } = side;
  const collection = intParam(url, "collection", 0);
  const favorite = viewerId && collection ? await favoriteVariant(db, viewerId, id, collection) : null;
  // The hint is the author's only: anyone else following such a link sees the normal page.
  const hint = truthy(url.searchParams.get("isHint")) && question.isPublisher === "1" ? ownQuestionHint(question.status, question.answerCount) : null;
  return {
    question,
    answers,
    favorite,
    hint,
    similar,
    waiting,
    hot,
    seo,
    meAnswerFlag: truthy(url.searchParams.get("meAnswerFlag")),
  };
}

/** The author's hint for their own question; a deleted one already carries its owner-only note. */
function ownQuestionHint(status: number, answerCount: number): string | null {
  if (status === QUESTION_STATUS.WAITING) return "这是你发布的问题，正在等待专家解答。";
  if (status === QUESTION_STATUS.SOLVED) return `这是你发布的问题，已收到 ${answerCount} 个回答。`;
  return null;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "问题不存在 - 能源问答" }];
  const { seo } = data;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:type", content: "article" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    ...(seo.indexable ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

export default function QuestionDetailRoute() {
  return <QuestionDetailPage data={useLoaderData<typeof loader>()} />;
}
