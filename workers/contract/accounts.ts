// Account forms and payloads (spec 1 §5, §7): one zod schema per rule, shared by the browser and the server.
// Imports nothing but zod, so app/ can use the same schemas and the live password checklist.
import { z } from "zod";

// ---------------------------------------------------------------- constants (spec 1 §9)

export const SMS_TYPE = { REGISTER: 1, LOGIN: 2, PASSWORD: 3, PHONE: 4 } as const;
export type SmsType = (typeof SMS_TYPE)[keyof typeof SMS_TYPE];
export const LOGIN_TYPE = { PASSWORD: 1, SMS: 2 } as const;
export const OAUTH_SOURCES = ["QQ", "WECHAT_OPEN"] as const;
export type OAuthSource = (typeof OAUTH_SOURCES)[number];
/** phoneValid route param (spec 1 §2) for each source. */
export const BIND_TYPE_OF_SOURCE: Record<OAuthSource, "qq" | "wechat"> = { QQ: "qq", WECHAT_OPEN: "wechat" };

export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_LENGTH = 6;
export const NICKNAME_MAX = 50;
export const USERNAME_MAX = 14;
/** New passwords (register, change, reset): one policy, spec 1 §5. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 14;
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png"] as const;
export const OAUTH_POPUP = { width: 800, height: 500, pollMs: 1000 } as const;

/** Dictionary kinds served by GET /common/dict/{kind}. */
export const DICT_KINDS = ["education", "workYear", "managementDirection"] as const;
export type DictKind = (typeof DICT_KINDS)[number];

// ---------------------------------------------------------------- messages (Chinese, verbatim in the UI)

export const ACCOUNT_MSG = {
  phoneRequired: "请输入手机号码",
  phoneInvalid: "请输入正确的手机号码",
  codeRequired: "请输入验证码",
  codeInvalid: "请输入正确的验证码",
  userNameRequired: "请输入用户名",
  userNameFormat: "请输入正确的用户名格式",
  userNameTooLong: `用户名最多${USERNAME_MAX}个字符`,
  /** A user name of digits only could be taken for a phone number at login (the password login accepts either). */
  userNameDigitsOnly: "用户名不能为纯数字",
  /** SMS login or password reset for a phone without an account: said plainly, with a way to register. */
  phoneNotRegistered: "该手机号未注册，请先注册",
  passwordRequired: "请输入密码",
  passwordLoginInvalid: "请输入正确的密码",
  passwordLength: "密码长度为8-14位",
  passwordKinds: "密码需包含数字、字母、符号中的至少两种",
  passwordNoSpace: "密码不能包含空格",
  passwordNoChinese: "密码不能包含中文",
  passwordMin6: "密码至少6位",
  passwordMax16: "最多允许输入16位",
  passwordMismatch: "两次输入的密码不一致",
  confirmRequired: "请再次输入密码",
  agreementRequired: "请先阅读并同意《用户服务协议》和《隐私协议》",
  nicknameRequired: "请输入昵称",
  nicknameTooLong: `昵称最多${NICKNAME_MAX}个字符`,
  specialChars: "不支持特殊字符",
  emailInvalid: "请输入正确的邮箱地址",
  sexInvalid: "请选择正确的性别",
  companyRequired: "请输入公司全称",
  industryInvalid: "请选择正确的行业类别",
  idNumberInvalid: "请输入正确的身份证号码",
  tooLong: (label: string, max: number) => `${label}最多${max}个字符`,
  dictInvalid: (label: string) => `请选择正确的${label}`,
  smsTypeInvalid: "验证码类型有误",
  loginTypeInvalid: "登录方式有误",
  sourceInvalid: "不支持的第三方登录方式",
  avatarType: "只能上传JPG、PNG格式的图片",
  avatarSize: "文件大小不能超过10Mb",
  avatarMissing: "请选择要上传的图片",
  listInvalid: "选项格式有误",
} as const;

/** Success texts of spec 1 §8. */
export const SUCCESS_MSG = {
  smsSent: "发送验证码成功",
  login: "登录成功",
  logout: "退出成功",
  verified: "验证成功",
  changed: "修改成功",
  changedRelogin: "修改成功，请重新登录",
  phoneRebound: "手机号换绑成功",
  saved: "保存成功",
  unbound: "解绑成功",
  uploaded: "上传成功",
  bound: "绑定成功",
  registered: "注册成功，请重新登录",
  authorized: "授权成功",
} as const;

// ---------------------------------------------------------------- field rules

export const PHONE_RE = /^1[3-9]\d{9}$/;
export const SMS_CODE_RE = /^\d{6}$/;
/** Only Chinese, letters and digits (spec 1 §5 special-character check; slash and backslash rejected too). */
export const NO_SPECIAL_RE = /^[\u4e00-\u9fa5A-Za-z0-9]*$/;
const CHINESE_RE = /[\u4e00-\u9fa5]/;
/** Chinese, letters, digits and underscore (spec 1 §5 username pattern); at least one character that is not a digit. */
const USERNAME_RE = /^[\u4e00-\u9fa5A-Za-z0-9_]+$/;
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** Input value helper: trims strings; leaves other values for the type check. */
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
/** Passwords: whitespace is stripped before any rule (spec 1 §5: "whitespace is stripped from passwords"). */
const stripped = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, "") : v);
/** Form posts send numbers as text. */
const numeric = (v: unknown) => (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v);

const requiredText = (msg: string) => z.preprocess(trimmed, z.string({ error: msg }).min(1, msg));

export const phoneSchema = z.preprocess(
  trimmed,
  z.string({ error: ACCOUNT_MSG.phoneRequired }).min(1, ACCOUNT_MSG.phoneRequired).regex(PHONE_RE, ACCOUNT_MSG.phoneInvalid),
);

export const smsCodeSchema = z.preprocess(
  trimmed,
  z.string({ error: ACCOUNT_MSG.codeRequired }).min(1, ACCOUNT_MSG.codeRequired).regex(SMS_CODE_RE, ACCOUNT_MSG.codeInvalid),
);

/**
 * Username in the register and settings forms: required, at most 14, Chinese, letters, digits or underscore, not
 * digits only (a digits-only name could collide with a phone number, which the password login also accepts).
 */
export const userNameSchema = requiredText(ACCOUNT_MSG.userNameRequired).pipe(
  z
    .string()
    .max(USERNAME_MAX, ACCOUNT_MSG.userNameTooLong)
    .regex(USERNAME_RE, ACCOUNT_MSG.userNameFormat)
    .refine((v) => !/^\d+$/.test(v), ACCOUNT_MSG.userNameDigitsOnly),
);
/** The rule as shown next to the username field. */
export const USERNAME_HINT = `中文、字母、数字或下划线，不能为纯数字，最多${USERNAME_MAX}个字符`;

/** The rules of a new password (register, change), one entry per line of the live checklist. */
export interface PasswordCheck {
  key: "length" | "kinds" | "noSpace" | "noChinese";
  label: string;
  ok: boolean;
}

function kindsIn(pw: string): number {
  let kinds = 0;
  if (/\d/.test(pw)) kinds++;
  if (/[A-Za-z]/.test(pw)) kinds++;
  if (/[^\dA-Za-z\s\u4e00-\u9fa5]/.test(pw)) kinds++;
  return kinds;
}

/**
 * The live checklist for the new-password field (spec 1 §5): 8–14 characters, at least 2 kinds among digits,
 * letters and punctuation, no spaces, no Chinese. `raw` is what the user typed (spaces are shown as failing).
 */
export function passwordChecklist(raw: string, min = PASSWORD_MIN, max = PASSWORD_MAX): PasswordCheck[] {
  return [
    { key: "length", label: `长度为${min}-${max}位`, ok: raw.length >= min && raw.length <= max },
    { key: "kinds", label: "包含数字、字母、符号中的至少两种", ok: kindsIn(raw) >= 2 },
    { key: "noSpace", label: "不能包含空格", ok: !/\s/.test(raw) },
    { key: "noChinese", label: "不能包含中文", ok: !CHINESE_RE.test(raw) },
  ];
}

/**
 * A new password: required, no spaces, no Chinese, at least 2 kinds, and a length rule. Spaces are reported
 * (not silently stripped) so the user sees why the checklist fails.
 */
function passwordRules(lengthRule: z.ZodString) {
  return z
    .string({ error: ACCOUNT_MSG.passwordRequired })
    .min(1, ACCOUNT_MSG.passwordRequired)
    .pipe(lengthRule)
    .refine((pw) => !/\s/.test(pw), ACCOUNT_MSG.passwordNoSpace)
    .refine((pw) => !CHINESE_RE.test(pw), ACCOUNT_MSG.passwordNoChinese)
    .refine((pw) => kindsIn(pw) >= 2, ACCOUNT_MSG.passwordKinds);
}

/**
 * The one password policy (issue 14): register, change and reset all set a new password through this schema, in
 * the form and in the API: 8–14, at least 2 kinds, no spaces, no Chinese. (Spec 1 §5 also lists 6–16 for the
 * reset form; one rule for every way of setting a password replaces it, so a reset cannot pick a weaker one.)
 */
export const newPasswordSchema = passwordRules(
  z.string().min(PASSWORD_MIN, ACCOUNT_MSG.passwordLength).max(PASSWORD_MAX, ACCOUNT_MSG.passwordLength),
);
/** The placeholder of every new-password field. */
export const NEW_PASSWORD_HINT = `${PASSWORD_MIN}-${PASSWORD_MAX}位，数字、字母、符号至少两种`;

/** Password typed at login: whitespace stripped, required. */
export const loginPasswordSchema = z.preprocess(
  stripped,
  z.string({ error: ACCOUNT_MSG.passwordLoginInvalid }).min(1, ACCOUNT_MSG.passwordLoginInvalid).max(50, ACCOUNT_MSG.passwordLoginInvalid),
);

export const nicknameSchema = requiredText(ACCOUNT_MSG.nicknameRequired).pipe(
  z.string().max(NICKNAME_MAX, ACCOUNT_MSG.nicknameTooLong).regex(NO_SPECIAL_RE, ACCOUNT_MSG.specialChars),
);

export const emailSchema = z.preprocess(
  trimmed,
  z.union([z.literal(""), z.string().max(100, ACCOUNT_MSG.emailInvalid).regex(EMAIL_RE, ACCOUNT_MSG.emailInvalid)], {
    error: ACCOUNT_MSG.emailInvalid,
  }),
);

/** Optional free text checked for special characters (profession, school, job title, position). */
export const plainTextSchema = (label: string, max = 50) =>
  z.preprocess(
    trimmed,
    z.string({ error: ACCOUNT_MSG.specialChars }).max(max, ACCOUNT_MSG.tooLong(label, max)).regex(NO_SPECIAL_RE, ACCOUNT_MSG.specialChars),
  );

/** Optional longer text without the special-character rule (experience, training, honours). */
export const longTextSchema = (label: string, max = 500) =>
  z.preprocess(trimmed, z.string({ error: ACCOUNT_MSG.tooLong(label, max) }).max(max, ACCOUNT_MSG.tooLong(label, max)));

// ---------------------------------------------------------------- ID number (GB 11643-1999)

const PROVINCE_CODES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 91,
]);
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

/** 18-character resident ID: province code, a real birth date, and the ISO 7064 MOD 11-2 check character. */
export function isValidIdNumber(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!PROVINCE_CODES.has(Number(id.slice(0, 2)))) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  if (birth.getTime() > Date.now()) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11] === id[17];
}

export const idNumberSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
  z.union([z.literal(""), z.string().refine(isValidIdNumber, ACCOUNT_MSG.idNumberInvalid)], { error: ACCOUNT_MSG.idNumberInvalid }),
);

// ---------------------------------------------------------------- id lists

/** A list of ids sent as an array or a comma-joined string ("1,3,5"); answers an array of positive integers. */
export const idListSchema = (max = 30) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v.split(",").map((s) => s.trim()).filter(Boolean).map(numeric)
        : Array.isArray(v)
          ? v.map(numeric)
          : v,
    z.array(z.number({ error: ACCOUNT_MSG.listInvalid }).int(ACCOUNT_MSG.listInvalid).positive(ACCOUNT_MSG.listInvalid), {
      error: ACCOUNT_MSG.listInvalid,
    }).max(max, ACCOUNT_MSG.listInvalid),
  );

/** Dictionary keys as an array or comma-joined string. */
const keyListSchema = (label: string, max = 26) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : Array.isArray(v) ? v.map((x) => String(x)) : v),
    z.array(z.string().regex(/^\d{1,3}$/, ACCOUNT_MSG.dictInvalid(label)), { error: ACCOUNT_MSG.dictInvalid(label) }).max(max, ACCOUNT_MSG.dictInvalid(label)),
  );

const dictKeySchema = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : trimmed(v)),
    z.union([z.literal(""), z.string().regex(/^\d{1,3}$/, ACCOUNT_MSG.dictInvalid(label))], { error: ACCOUNT_MSG.dictInvalid(label) }),
  );

const userIdSchema = z.preprocess(numeric, z.number({ error: ACCOUNT_MSG.listInvalid }).int().positive()).optional();

// ---------------------------------------------------------------- payloads (spec 1 §7)

export const smsRequestSchema = z.object({
  phone: phoneSchema,
  type: z.preprocess(numeric, z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: ACCOUNT_MSG.smsTypeInvalid })),
});

/** Non-consuming code check (change-password dialog step 1). */
export const smsCheckSchema = smsRequestSchema.extend({ authCode: smsCodeSchema });

export const loginPasswordFormSchema = z.object({
  userName: requiredText(ACCOUNT_MSG.userNameRequired).pipe(z.string().max(50, ACCOUNT_MSG.userNameFormat)),
  password: loginPasswordSchema,
});

export const loginSmsFormSchema = z.object({ phone: phoneSchema, authCode: smsCodeSchema });

export const loginSchema = z.discriminatedUnion(
  "type",
  [
    loginPasswordFormSchema.extend({ type: z.literal(1) }),
    loginSmsFormSchema.extend({ type: z.literal(2) }),
  ],
  { error: ACCOUNT_MSG.loginTypeInvalid },
);
/** Accepts type as text (form posts) before the discriminated union. */
export const loginRequestSchema = z.preprocess(
  (v) => (v && typeof v === "object" ? { ...(v as Record<string, unknown>), type: numeric((v as Record<string, unknown>).type) } : v),
  loginSchema,
);

export const registerSchema = z.object({
  userName: userNameSchema,
  password: newPasswordSchema,
  phone: phoneSchema,
  authCode: smsCodeSchema,
});

/** The register form in the browser adds the agreement tick (server payload omits it, as in spec 1 §7). */
export const registerFormSchema = registerSchema.extend({
  agreement: z.literal(true, { error: ACCOUNT_MSG.agreementRequired }),
});

/** A new password with its repeat, for forms that show both. */
export function withConfirmation<T extends z.ZodObject<{ password: z.ZodType<string> }>>(schema: T) {
  return schema
    .extend({ checkPass: z.string({ error: ACCOUNT_MSG.confirmRequired }).min(1, ACCOUNT_MSG.confirmRequired) })
    .refine((v) => (v as { password: string }).password === (v as { checkPass: string }).checkPass, {
      message: ACCOUNT_MSG.passwordMismatch,
      path: ["checkPass"],
    });
}

export const updatePasswordSchema = z.object({
  userId: userIdSchema,
  password: newPasswordSchema,
  authCode: smsCodeSchema,
});

/** Settings dialog step 2 (new password + repeat) in the browser. */
export const updatePasswordFormSchema = withConfirmation(z.object({ password: newPasswordSchema }));

export const phoneForgotPasswordSchema = z.object({ phone: phoneSchema, authCode: smsCodeSchema });

/** Forgot password step 2: id from step 1, the new password (the one policy) and its repeat, the same phone and code. */
export const phoneChangePasswordSchema = z
  .object({
    id: z.preprocess(numeric, z.number({ error: ACCOUNT_MSG.listInvalid }).int().positive()),
    password: newPasswordSchema,
    checkPass: z.string({ error: ACCOUNT_MSG.confirmRequired }).min(1, ACCOUNT_MSG.confirmRequired),
    phone: phoneSchema,
    authCode: smsCodeSchema,
  })
  .refine((v) => v.password === v.checkPass, { message: ACCOUNT_MSG.passwordMismatch, path: ["checkPass"] });

export const phoneCodeSchema = z.object({ phone: phoneSchema, authCode: smsCodeSchema });

const sexSchema = z.preprocess(numeric, z.union([z.literal(1), z.literal(2)], { error: ACCOUNT_MSG.sexInvalid }));

/** Basic info (and the personal-centre variant's extra fields). Absent fields stay as they are. */
export const userInfoUpdateSchema = z.object({
  id: userIdSchema,
  name: nicknameSchema.optional(),
  sex: sexSchema.nullable().optional(),
  phone: z.preprocess(trimmed, z.string()).optional().nullable(),
  filePath: z.preprocess(trimmed, z.string().max(200)).optional().nullable(),
  email: emailSchema.optional().nullable(),
  userName: userNameSchema.optional(),
  workYear: dictKeySchema("工作年限").optional().nullable(),
  domains: idListSchema().optional().nullable(),
  locations: idListSchema().optional().nullable(),
  userPhoto: z.preprocess(trimmed, z.string().max(200)).optional().nullable(),
});

/** Authentication info, company section. */
export const companyInfoSchema = z.object({
  company: requiredText(ACCOUNT_MSG.companyRequired).pipe(
    z.string().max(100, ACCOUNT_MSG.tooLong("公司全称", 100)).regex(NO_SPECIAL_RE, ACCOUNT_MSG.specialChars),
  ),
  industryType: idListSchema(10).refine((l) => l.length > 0, ACCOUNT_MSG.industryInvalid),
});

/** Authentication info, personal section. */
export const personalInfoSchema = z.object({
  realName: plainTextSchema("姓名", 30).optional(),
  profession: plainTextSchema("专业").optional(),
  identityNumber: idNumberSchema.optional(),
  graduatedSchool: plainTextSchema("毕业院校").optional(),
  highestEducation: dictKeySchema("最高学历").optional(),
  professionalTitle: plainTextSchema("职称").optional(),
  positional: plainTextSchema("职位").optional(),
  workExperience: longTextSchema("工作经历").optional(),
});

/** Authentication info, energy-experience section. */
export const energyInfoSchema = z.object({
  managementDirection: keyListSchema("擅长方向").optional(),
  workYear: dictKeySchema("工作年限").optional(),
  trainExperience: longTextSchema("培训经历").optional(),
  honoraryTitle: longTextSchema("荣誉奖项").optional(),
});

const sourceSchema = z.preprocess(
  (v) => {
    const s = typeof v === "string" ? v.trim().toUpperCase() : v;
    return s === "WECHAT" || s === "WEIXIN" ? "WECHAT_OPEN" : s;
  },
  z.enum(OAUTH_SOURCES, { error: ACCOUNT_MSG.sourceInvalid }),
);

/** bind-login: the params the callback page stored for the opener. */
export const bindLoginSchema = z.object({
  source: sourceSchema,
  code: requiredText("授权信息无效，请重新授权"),
  state: requiredText("授权信息无效，请重新授权"),
});

/**
 * bind: either the settings flow (logged in; callback params plus the user's phone) or the phoneValid flow
 * after a third-party sign-in without account (ticket from bind-login, phone and SMS code).
 */
export const bindSchema = z.union([
  z.object({ ticket: requiredText("授权信息无效，请重新授权"), phone: phoneSchema, authCode: smsCodeSchema, source: sourceSchema.optional() }),
  bindLoginSchema.extend({ phone: phoneSchema.optional() }),
]);

export const bindInfoSchema = z.object({ userId: userIdSchema });

export const unBindSchema = z.object({ userId: userIdSchema, phone: phoneSchema.optional(), type: sourceSchema });

/** Book-library authorisation: the login on /wenkuLogin (username max 50, password 6–50) plus the client request. */
export const wenkuAuthorizeSchema = z.preprocess(
  (v) => (v && typeof v === "object" ? { ...(v as Record<string, unknown>), type: numeric((v as Record<string, unknown>).type) } : v),
  z.intersection(
    z.object({
      client_id: requiredText("无效的应用"),
      redirect_uri: requiredText("无效的回调地址"),
      state: z.preprocess(trimmed, z.string().max(200)).optional(),
      scope: z.preprocess(trimmed, z.string().max(100)).optional(),
    }),
    z.discriminatedUnion(
      "type",
      [
        z.object({
          type: z.literal(1),
          userName: requiredText(ACCOUNT_MSG.userNameRequired).pipe(z.string().max(50, ACCOUNT_MSG.userNameFormat)),
          password: z.preprocess(
            stripped,
            z.string({ error: ACCOUNT_MSG.passwordRequired }).min(1, ACCOUNT_MSG.passwordRequired).min(6, ACCOUNT_MSG.passwordMin6).max(50, "最多允许输入50位"),
          ),
        }),
        z.object({ type: z.literal(2), phone: phoneSchema, authCode: smsCodeSchema }),
      ],
      { error: ACCOUNT_MSG.loginTypeInvalid },
    ),
  ),
);

// ---------------------------------------------------------------- response shapes

/** Login response (spec 1 §3). */
export interface LoginResponse {
  userId: number;
  token: string;
  userName: string;
  name: string | null;
  userPhone: string | null;
  photo: string | null;
}

/** bind-login when the third-party identity has no account yet: go to phoneValid with the ticket. */
export interface BindLoginPending {
  bound: false;
  ticket: string;
  bindType: "qq" | "wechat";
  source: OAuthSource;
  nickname: string | null;
  photo: string | null;
}

export interface UserInfoView {
  id: number;
  userName: string;
  name: string | null;
  sex: number | null;
  phone: string | null;
  email: string | null;
  filePath: string | null;
  remark: string | null;
  whenCreated: number;
  whenUpdated: number;
  realName: string | null;
  identityNumber: string | null;
  graduatedSchool: string | null;
  profession: string | null;
  highestEducation: string | null;
  company: string | null;
  industryType: string | null;
  industryTypeStr: string | null;
  positional: string | null;
  professionalTitle: string | null;
  managementDirection: string | null;
  workYear: string | null;
  honoraryTitle: string | null;
  workExperience: string | null;
  trainExperience: string | null;
  logo: string | null;
  status: number;
  isAdmin: boolean;
  invitationUserId: number | null;
  isDefault: number;
  role: string | null;
  appType: string | null;
  cuserId: number | null;
  domains: number[];
  locations: number[];
  userPhoto: string | null;
  hasPassword: boolean;
  /** When the username may next be changed (ms), or null when it may be changed now. */
  userNameChangeableAt: number | null;
}

export interface BindInfoEntry {
  type: OAuthSource;
  nickname: string | null;
  avatar: string | null;
  bindTime: number;
}

export interface DictOption {
  key: string;
  value: string;
}

export interface IndustryOption {
  industryTypeId: number;
  industryTypeValue: string;
}

/** Masked phone for display (spec 1 §3): middle four digits replaced by ****. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone || phone.length !== 11) return phone ?? "";
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}
