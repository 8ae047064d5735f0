// SEO for the Q&A pages: per-question title/description/canonical, the QAPage JSON-LD, and the sitemap.
// The Remix detail loader calls questionSeo; the coordinator serves buildSitemap at GET /sitemap.xml.
import { and, asc, desc, eq } from "drizzle-orm";
import { qaAnswers } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { escapeHtml } from "../../lib/encoding";
import { ANSWER_STATUS, QA_MSG } from "../../contract/qa";
import { authorMap, authorsQuery, publicAuthor } from "./authors";
import { readableQuestion, visibleQuestionsForSitemap, isVisibleStatus, type QuestionRow } from "./questions";
import { excerpt, htmlToText } from "./sanitize";

export const SITE_NAME = "节能问答";
/** Answers carried in the JSON-LD (Google reads the first few). */
const JSONLD_ANSWERS = 5;
/** A sitemap file holds at most 50,000 URLs. */
export const SITEMAP_MAX_URLS = 50_000;

export function questionUrl(origin: string, id: number): string {
  return `${origin.replace(/\/$/, "")}/energySavingQA/details?questionId=${id}`;
}

export interface QuestionSeo {
  title: string;
  description: string;
  canonical: string;
  /** Serialise with JSON.stringify and escape "<" before putting it into a <script type="application/ld+json">. */
  jsonLd: Record<string, unknown>;
  /** Visible questions are indexable; an owner-only (deleted) question must carry noindex. */
  indexable: boolean;
}

/** Meta and structured data for a question page; throws notFound like the API when it is not readable. */
export async function questionSeo({ db, origin, questionId, viewerId = null, question }: { db: Db; origin: string; questionId: number; viewerId?: number | null; question?: QuestionRow }): Promise<QuestionSeo> {
  const q = question ?? (await readableQuestion({ db, viewerId, id: questionId }));
  const where = and(eq(qaAnswers.questionId, q.id), eq(qaAnswers.status, ANSWER_STATUS.NORMAL));
  const order = [desc(qaAnswers.praiseCount), asc(qaAnswers.id)];
  // The answers and every author (the answerers' through the same query as a subquery) in one round trip.
  const [answers, authorRows] = await db.batch([
    db.select().from(qaAnswers).where(where).orderBy(...order).limit(JSONLD_ANSWERS),
    authorsQuery({ db, ids: [q.publisherId], alsoIds: db.select({ id: qaAnswers.publisherId }).from(qaAnswers).where(where).orderBy(...order).limit(JSONLD_ANSWERS) }),
  ]);
  const authors = authorMap(authorRows);
  const canonical = questionUrl(origin, q.id);
  const source = q.description || answers[0]?.contentText || q.title;
  const description = excerpt(source, 120);
  const person = (id: number, anonymous: number) => ({ "@type": "Person", name: publicAuthor(authors, id, anonymous === 1).publisherName || QA_MSG.anonymousName });
  const iso = (ms: number) => new Date(ms).toISOString();
  const answerLd = answers.map((a) => ({
    "@type": "Answer",
    text: htmlToText(a.contentHtml).slice(0, 5000),
    dateCreated: iso(a.createdAt),
    upvoteCount: a.praiseCount,
    url: `${canonical}#answer-${a.id}`,
    author: person(a.publisherId, a.isAnonymous),
  }));
  return {
    title: `${q.title} - ${SITE_NAME}`,
    description,
    canonical,
    indexable: isVisibleStatus(q.status),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "QAPage",
      mainEntity: {
        "@type": "Question",
        name: q.title,
        text: q.description || q.title,
        answerCount: q.answerCount,
        dateCreated: iso(q.createdAt),
        author: person(q.publisherId, q.isAnonymous),
        ...(answerLd.length ? { suggestedAnswer: answerLd } : {}),
      },
    },
  };
}

/** The sitemap: the given public pages, the Q&A home and every published question. */
export async function buildSitemap({ db, origin, publicPaths = [] }: { db: Db; origin: string; publicPaths?: string[] }): Promise<string> {
  const base = origin.replace(/\/$/, "");
  const rows = await visibleQuestionsForSitemap({ db, limit: SITEMAP_MAX_URLS - 1 });
  const urls = [
    ...publicPaths.map((p) => `<url><loc>${escapeHtml(`${base}${p}`)}</loc></url>`),
    `<url><loc>${escapeHtml(`${base}/energySavingQA`)}</loc><changefreq>hourly</changefreq></url>`,
    ...rows.map(
      (r) => `<url><loc>${escapeHtml(questionUrl(base, r.id))}</loc><lastmod>${new Date(r.updatedAt).toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
