// Shapes of the Q&A seed content (written for this product; see content-*.ts).
export interface SeedReply {
  by: number;
  text: string;
  /** Index (in this comment's replies) of the reply answered; omitted when answering the comment. */
  to?: number;
}

export interface SeedComment {
  by: number;
  text: string;
  replies?: SeedReply[];
}

export interface SeedAnswer {
  id: number;
  by: number;
  /** Paragraphs; inline <strong>/<em> allowed, "• " starts a list item. Sanitised like user input. */
  body: string[];
  /** Seed users (other than the author) who liked it: the first N of the liker pool. */
  likes: number;
  anonymous?: boolean;
  comments?: SeedComment[];
}

export interface SeedQuestion {
  id: number;
  by: number;
  daysAgo: number;
  views: number;
  title: string;
  description: string;
  tags: string[];
  anonymous?: boolean;
  answers: SeedAnswer[];
}

export const SEED_USERS = [
  { id: 1000, userName: "qa_laowang", name: "节能老王" },
  { id: 1001, userName: "qa_ligong", name: "电气工程师李工" },
  { id: 1002, userName: "qa_zhanggong", name: "压缩空气张工" },
  { id: 1003, userName: "qa_chenlaoshi", name: "碳管理陈老师" },
  { id: 1004, userName: "qa_zhaogong", name: "热能工程师赵工" },
  { id: 1005, userName: "qa_liuzhuguan", name: "纺织厂能源主管老刘" },
  { id: 1006, userName: "qa_zhougong", name: "照明设计周工" },
  { id: 1007, userName: "qa_xiaobai", name: "节能新人小白" },
] as const;

export const WANG = 1000;
export const LI = 1001;
export const ZHANG = 1002;
export const CHEN = 1003;
export const ZHAO = 1004;
export const LIU = 1005;
export const ZHOU = 1006;
export const XIAOBAI = 1007;
