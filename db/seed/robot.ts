// Robot assistant (小创) knowledge base, kept as data: questions about the platform (assessment, reports, payment,
// accounts, the Q&A community) and energy-saving basics, plus the robot's own texts. The seed builder computes each
// entry's match tokens with the Q&A search tokeniser (workers/services/qa/search-tokens.ts); see docs/qa-personal.md.
import type { SeedStatement } from "./types";
import { robotTokens } from "../../workers/services/qa-personal/robot-match";

export interface RobotEntry {
  id: number;
  category: "评估" | "报告" | "支付" | "账号" | "问答" | "节能";
  question: string;
  answer: string;
  /** Extra match terms, space separated. */
  keywords?: string;
  imageUrl?: string;
  action?: { label: string; href: string };
  /** Position in the 猜你想问 list shown before the user types (lower first). */
  suggested?: number;
}

const QR = "/images/qr-wechat.svg";

export const ROBOT_KNOWLEDGE: readonly RobotEntry[] = [
  // ---- 评估 ----
  { id: 1, category: "评估", question: "如何开始一次节能评估？", suggested: 1, keywords: "评估 开始 怎么用 使用 流程 入口", action: { label: "去选择评估类型", href: "/login" },
    answer: "登录后在首页选择一个评估类型卡片（如电机驱动系统、电费优化），点击“立即评估”进入评估工作台；新建一张数据表，按页填写设备信息，最后一页点击“保存并生成报告”即可。" },
  { id: 2, category: "评估", question: "平台提供哪些评估类型？", keywords: "评估类型 卡片 电机 定型机 电费 种类",
    answer: "目前开放的评估有：电机驱动系统、定型机余热回收、电费优化等；能源管理水平、空压机、染缸加热、风机、水泵等评估正在建设中，卡片暂不可点击。" },
  { id: 3, category: "评估", question: "评估工作台怎么新建数据表？", keywords: "新建 数据表 创建 工作台 表格",
    answer: "进入评估工作台后，点击列表上方的“新建”下拉菜单，选择“新建数据表”，系统会创建一张未命名的调查表，点击标题即可重命名。" },
  { id: 4, category: "评估", question: "可以用Excel批量导入数据吗？", keywords: "导入 excel xls xlsx 表格 模板 批量",
    answer: "可以。在工作台“新建”下拉菜单中选择“导入”，先下载模板按格式填写，再上传 xls 或 xlsx 文件（不超过 20Mb）；系统校验通过后显示“导入成功”。" },
  { id: 5, category: "评估", question: "填写的数据会自动保存吗？", keywords: "自动保存 保存 丢失 数据",
    answer: "会。每个字段在修改或离开输入框时自动保存，页面顶部会显示“保存中/已保存”；保存失败的字段会以红框标出，请检查后重新填写。" },
  { id: 6, category: "评估", question: "为什么点击下一页提示必填项未填写？", keywords: "必填 下一页 红框 校验 请检查",
    answer: "标有必填的题目需要填写后才能进入下一页：选择题需选中选项，其他题需填写内容。系统会用红框标出未填写的项目，补全后再点击“下一页”。" },
  { id: 7, category: "评估", question: "删除的数据表还能恢复吗？", keywords: "回收站 删除 恢复 还原 彻底删除",
    answer: "可以。删除的数据表会进入左侧的回收站，7 天内可以恢复；在回收站中“彻底删除”后无法找回。回收站里的数据表为只读。" },
  { id: 8, category: "评估", question: "评估需要准备哪些资料？", keywords: "资料 准备 数据 铭牌 电费单 负荷",
    answer: "通常需要：设备铭牌参数（额定功率、电压、效率等级等）、运行时间与负荷情况、近 12 个月的电费单或用电数据；定型机评估还需排风温度、风量等参数。资料越完整，报告越准确。" },
  { id: 9, category: "评估", question: "评估结果准确吗？", keywords: "准确 准确率 可信 精度",
    answer: "评估模型由行业专家构建，按国家标准的能效等级与实测经验参数计算，准确率可达 95%。结果基于您填写的数据，数据越真实完整，结论越可靠。" },
  { id: 10, category: "评估", question: "电机驱动系统评估评什么？", keywords: "电机 驱动系统 能效 变频 电机评估",
    answer: "电机驱动系统评估会核算电机能效等级、负载率、运行工况，给出高效电机替换、变频调速、皮带传动改造等方案及节电量和投资回收期，一般优化潜力为 10%-15%。", action: { label: "了解电机驱动系统评估", href: "/electricDetail" } },
  { id: 11, category: "评估", question: "定型机余热回收评估有什么用？", keywords: "定型机 余热回收 印染 排风 热能",
    answer: "定型机排风温度高、热量大，余热回收评估会根据排风温度、风量和运行时间估算可回收热量、节约的燃料费用和投资回收期，帮助印染企业判断改造价值。", action: { label: "了解定型机余热回收评估", href: "/machineDetail" } },
  { id: 12, category: "评估", question: "电费优化评估能帮我省多少钱？", keywords: "电费 优化 省钱 峰谷 需量 电价",
    answer: "电费优化评估分析企业的用电曲线、峰谷电价和基本电费计费方式，给出错峰用电、需量管理、功率因数调整等建议，通常有 20%-40% 的成本优化空间。", action: { label: "了解电费优化评估", href: "/costDetail" } },
  { id: 13, category: "评估", question: "电费优化评估的服务流程是什么？", keywords: "服务流程 步骤 六步 工程师 解读",
    answer: "共六步：选择报告类型 → 创建数据表 → 上传基础电力数据 → 一键生成报告 → 下载报告 → 联系工程师解读；之后还可选择零成本节能改造。" },
  { id: 14, category: "评估", question: "哪些行业适合做节能评估？", keywords: "行业 适合 钢铁 纺织 印染 化工 造纸 电力",
    answer: "钢铁、纺织、印染、化工、造纸、电力等用能较大的行业最适合；只要企业有电机、风机水泵、空压机、锅炉或定型机等主要用能设备，都可以通过评估发现节能空间。" },
  // ---- 报告 ----
  { id: 15, category: "报告", question: "如何生成评估报告？", suggested: 2, keywords: "生成报告 出报告 报告生成 一键",
    answer: "在数据表最后一页点击“保存并生成报告”，在“关键信息再次确认”弹窗中点击“确认生成”即可；报告通常 5 秒左右生成完成。" },
  { id: 16, category: "报告", question: "报告生成要多久？", keywords: "多久 时间 等待 生成中 几秒",
    answer: "一般 5 秒左右即可生成。生成期间状态显示“生成中”，页面会自动刷新状态，无需重复点击。" },
  { id: 17, category: "报告", question: "报告生成失败怎么办？", keywords: "失败 生成失败 报错 重新生成",
    answer: "报告状态显示“生成失败”时，请先检查必填数据是否完整、数值是否合理，然后在列表的行菜单中选择“生成报告”重试；多次失败请联系客服处理。" },
  { id: 18, category: "报告", question: "怎么下载评估报告？", suggested: 3, keywords: "下载 报告 pdf 导出 预览",
    answer: "报告生成后，在列表中点击该行的“下载/预览”，或在数据表页面点击“下载报告”。首次下载需要完成支付，支付成功后即可下载 PDF 报告。" },
  { id: 19, category: "报告", question: "报告里包含哪些内容？", keywords: "报告内容 包含 章节 结论 方案",
    answer: "报告包括企业用能概况、设备能效诊断、节能潜力测算、改造方案建议、节能量与经济效益、投资回收期以及碳减排量等内容。" },
  { id: 20, category: "报告", question: "报告能请工程师解读吗？", keywords: "工程师 解读 咨询 人工 专家",
    answer: "可以。报告原价已包含解读服务费，下载后扫描支付弹窗中的客服二维码，联系工程师预约一对一解读。", imageUrl: QR },
  { id: 21, category: "报告", question: "报告状态分别是什么意思？", keywords: "状态 未生成 生成中 可下载 生成失败",
    answer: "“未生成”表示还没有生成报告；“生成中”表示正在计算；“可下载”表示报告已生成，可以预览或下载；“生成失败”表示计算出错，可检查数据后重新生成。" },
  { id: 22, category: "报告", question: "导出按钮为什么是灰色的？", keywords: "导出 灰色 不能点 禁用",
    answer: "只有报告已生成（状态为可下载）时导出按钮才可用。请先完成数据填写并生成报告。" },
  // ---- 支付 ----
  { id: 23, category: "支付", question: "报告怎么付款？", suggested: 4, keywords: "付款 支付 费用 收费 购买 支付宝",
    answer: "点击下载报告后会打开“下载报告”弹窗：确认报告信息和价格后点击“确认支付”，选择支付宝或优惠券完成付款，支付成功后即可下载。" },
  { id: 24, category: "支付", question: "支付后系统没有检测到怎么办？", keywords: "没有检测 未监测 支付信息 已付款 没到账",
    answer: "如果弹窗提示“系统未监测到您的支付信息”，可以点击“重新支付”刷新订单状态；如确认已扣款仍未成功，请点击“联系客服”，提供订单号处理。" },
  { id: 25, category: "支付", question: "订单超时了怎么办？", keywords: "超时 订单 30分钟 倒计时 重新下单",
    answer: "订单需在 30 分钟内完成支付，超时后会提示“订单已超时,请重新下单”，关闭弹窗重新点击下载即可生成新订单。" },
  { id: 26, category: "支付", question: "优惠券怎么使用？", keywords: "优惠券 抵扣 折扣 券",
    answer: "在支付步骤中选择可用的优惠券批次，应付金额 = 价格 - 优惠券金额（最低为 0）；金额为 0 时直接确认即可完成支付。" },
  { id: 27, category: "支付", question: "支持哪些支付方式？", keywords: "支付方式 支付宝 微信 对公 转账",
    answer: "目前在线支持支付宝和优惠券抵扣；如需对公转账或开具发票，请联系客服。", imageUrl: QR },
  { id: 28, category: "支付", question: "可以开发票吗？", keywords: "发票 开票 报销 增值税 申请发票 专票 普票 下载发票",
    answer: "可以。支付成功后，在个人中心“我的订单”找到该订单，点击“申请发票”，选择普通发票或增值税专用发票，填写购买方名称、纳税人识别号和接收邮箱（专票还需地址、电话、开户银行和账号）后提交。开具完成后您会收到系统消息，在“我的订单”中即可下载发票。", action: { label: "去我的订单", href: "/personal/orders" } },
  { id: 29, category: "支付", question: "报告价格是多少？", keywords: "价格 多少钱 原价 限时",
    answer: "不同评估类型的报告价格不同，下载弹窗中会显示限时价和原价（原价包含报告解读费）。以弹窗显示为准。" },
  { id: 30, category: "支付", question: "已经付过款的报告还要再付吗？", keywords: "重复付款 再次下载 已购买",
    answer: "不需要。同一份报告支付成功后可以重复下载；若修改数据后重新生成报告，会按新报告计费。" },
  // ---- 账号 ----
  { id: 31, category: "账号", question: "怎么注册账号？", suggested: 5, keywords: "注册 新用户 开通 账号",
    answer: "点击页面右上角“登录 / 注册”，选择注册，填写用户名、密码和手机号并获取验证码，注册成功后重新登录即可。" },
  { id: 32, category: "账号", question: "怎么登录？", keywords: "登录 短信 密码 验证码 微信 QQ",
    answer: "支持短信验证码登录、用户名密码登录，也可以用 QQ 或微信授权登录；第三方首次登录需要绑定手机号。" },
  { id: 33, category: "账号", question: "忘记密码怎么办？", keywords: "忘记密码 找回 重置 密码",
    answer: "在登录弹窗点击“忘记密码”，输入绑定手机号并获取验证码，验证通过后设置新密码即可。" },
  { id: 34, category: "账号", question: "怎么修改密码？", keywords: "修改密码 改密码 更换密码",
    answer: "进入个人设置，在账号安全中选择修改密码，先用绑定手机号接收验证码验证，再设置新密码；修改后需要重新登录。" },
  { id: 35, category: "账号", question: "怎么更换绑定的手机号？", keywords: "换绑 手机号 更换手机",
    answer: "在个人设置中选择更换手机号：先验证当前手机号，再向新手机号发送验证码完成换绑。" },
  { id: 36, category: "账号", question: "怎么修改头像和昵称？", keywords: "头像 昵称 个人资料 资料 修改",
    answer: "进入个人中心的“账号设置”，上传头像（JPG/PNG，不超过 10Mb），修改昵称、邮箱、工作年限、擅长领域和所在地区后点击保存。", action: { label: "去账号设置", href: "/personal/settings" } },
  { id: 37, category: "账号", question: "用户名可以修改吗？", keywords: "用户名 改名 半年",
    answer: "可以，但用户名半年内只能修改一次，且不能与他人重复。" },
  { id: 38, category: "账号", question: "怎么绑定或解绑微信、QQ？", keywords: "绑定 解绑 微信 QQ 第三方",
    answer: "在个人设置的第三方账号绑定中，点击绑定并在弹出的授权窗口中确认即可；已绑定的账号可以点击解绑。" },
  { id: 39, category: "账号", question: "为什么提示用户信息失效？", keywords: "失效 重新登录 登录过期 掉线",
    answer: "登录状态有效期为 1 天，或者在其他地方修改了密码，都会提示“用户信息失效，请重新登录”，重新登录即可。" },
  { id: 40, category: "账号", question: "如何联系人工客服？", suggested: 6, keywords: "客服 人工 联系 电话 投诉 反馈",
    answer: "请使用微信扫描下方二维码关注公众号，发送“人工客服”即可联系我们。", imageUrl: QR },
  // ---- 问答 ----
  { id: 41, category: "问答", question: "怎么在能源问答提问？", keywords: "提问 发问题 问答 发布问题",
    answer: "进入能源问答，点击“提问”，填写标题（必填，最多 50 字）、问题描述，可上传图片并添加最多 5 个标签，勾选“匿名”可隐藏身份，最后点击提交。", action: { label: "去提问", href: "/questions" } },
  { id: 42, category: "问答", question: "怎么回答别人的问题？", keywords: "回答 答题 等你来答 写回答",
    answer: "打开问题详情，点击“写回答”，在编辑器中输入内容后提交；每个问题只能回答一次，之后可以编辑自己的回答。侧栏“等你来答”列出了还没有回答的问题。" },
  { id: 43, category: "问答", question: "可以匿名提问或回答吗？", keywords: "匿名 隐藏 身份",
    answer: "可以。提问和回答时勾选“匿名”，其他用户看到的是“匿名用户”，无法查看您的主页，也不能关注您。" },
  { id: 44, category: "问答", question: "怎么删除我的问题？", keywords: "删除问题 撤回 删掉",
    answer: "在“我的提问”或问题页中点击删除。只有还没有人回答的问题才能删除，删除时可以选择彻底删除或转为匿名问题。" },
  { id: 45, category: "问答", question: "怎么删除或修改我的回答？", keywords: "删除回答 修改回答 编辑回答",
    answer: "在问题页自己的回答下点击编辑或删除；删除后该回答仅自己可见，且不可恢复。" },
  { id: 46, category: "问答", question: "怎么收藏回答？", keywords: "收藏 收藏夹 分类 保存回答",
    answer: "在别人的回答下点击“收藏”，选择一个收藏分类即可；在个人中心“我的收藏”里可以新建、重命名、删除分类并搜索收藏。自己的回答不能收藏。", action: { label: "查看我的收藏", href: "/personal/collection" } },
  { id: 47, category: "问答", question: "怎么关注其他用户？", keywords: "关注 粉丝 取消关注",
    answer: "在回答作者旁点击“关注”即可，再次点击可取消关注；不能关注自己，也不能关注匿名用户。关注的人在个人中心“我的关注”中查看。" },
  { id: 48, category: "问答", question: "在哪里查看消息通知？", keywords: "消息 通知 未读 红点 提醒",
    answer: "页面右上角头像上的数字是未读消息数。进入个人中心“消息通知”，可以按回答、关注、点赞、系统分类查看，鼠标在消息上停留约 5 秒即标记为已读。", action: { label: "查看消息通知", href: "/personal/message" } },
  { id: 49, category: "问答", question: "我的足迹是什么？", keywords: "足迹 浏览记录 历史 看过",
    answer: "登录后打开过的问题会记录在个人中心“我的足迹”里，按最近浏览时间排列，并支持按标题搜索。", action: { label: "查看我的足迹", href: "/personal/footprint" } },
  { id: 50, category: "问答", question: "怎么搜索问题？", keywords: "搜索 查找 关键词 检索",
    answer: "在能源问答首页的搜索框输入关键词，按回车或点击搜索即可，结果按相关度排序，匹配的文字会高亮显示。" },
  { id: 51, category: "问答", question: "评论和回复有字数限制吗？", keywords: "评论 回复 字数 200",
    answer: "评论和回复最多 200 字，输入框下方会显示字数；内容为空时不能发送。" },
  { id: 52, category: "问答", question: "为什么我的问题发布不了？", keywords: "发布失败 频繁 重复 上限",
    answer: "可能是发布太频繁（提问间隔需 30 秒）、重复发布了相同内容，或新注册账号当天的发布数量已达上限。请稍后再试或修改内容。" },
  // ---- 节能基础 ----
  { id: 53, category: "节能", question: "什么是节能评估？", keywords: "节能评估 能效诊断 能源审计 概念",
    answer: "节能评估是对企业用能设备和用能方式进行诊断，找出能源浪费环节，测算节能潜力，提出技术可行、经济合理的改造方案，并估算节能量、投资和回收期。" },
  { id: 54, category: "节能", question: "电机能效等级怎么划分？", keywords: "电机 能效等级 IE3 IE4 GB18613 一级能效",
    answer: "按 GB 18613-2020，三相异步电机能效分为 1、2、3 级，1 级最高（约相当于 IE4），3 级为准入门槛（约相当于 IE3）；低于 3 级的电机属于淘汰产品。" },
  { id: 55, category: "节能", question: "变频器为什么能节能？", keywords: "变频 变频器 调速 风机 水泵 节电 立方",
    answer: "风机和水泵的轴功率约与转速的三次方成正比，用变频器降低转速来调节流量，比阀门或挡板节流省电得多：转速降到 80%，功率约降到 51%。" },
  { id: 56, category: "节能", question: "什么是峰谷电价？", keywords: "峰谷 电价 分时电价 尖峰 低谷 错峰",
    answer: "峰谷电价是按时段计价的分时电价：高峰时段电价高、低谷时段电价低。把可调节的生产负荷转移到低谷时段，可以明显降低电费，案例中企业每年可节省约 84 万元。" },
  { id: 57, category: "节能", question: "功率因数低有什么影响？", keywords: "功率因数 无功 力调电费 电容补偿",
    answer: "功率因数低会增加线路和变压器损耗，并可能被收取功率因数调整电费（力调电费）。加装无功补偿装置把功率因数提高到 0.9 以上，通常可以免除罚款甚至获得奖励。" },
  { id: 58, category: "节能", question: "什么是基本电费和需量电费？", keywords: "基本电费 需量 容量 两部制",
    answer: "两部制电价的基本电费可以按变压器容量或按最大需量计收。负荷率高的企业适合按容量计费，负荷波动大的企业按需量计费往往更省，控制最大需量也能降低电费。" },
  { id: 59, category: "节能", question: "空压机系统怎么节能？", keywords: "空压机 压缩空气 泄漏 压力 余热",
    answer: "常见措施：治理管网泄漏（泄漏率常达 20%-30%）、在满足用气的前提下降低供气压力（每降 0.1MPa 约省电 7%）、采用变频或联控、回收空压机余热制热水。" },
  { id: 60, category: "节能", question: "余热回收有哪些方式？", keywords: "余热回收 热交换 热泵 烟气 排风",
    answer: "常见方式有：换热器回收烟气或排风余热预热空气和水、余热锅炉产蒸汽、热泵提升低温余热品位、余热发电等。选择方式取决于余热温度、热量和用热需求。" },
  { id: 61, category: "节能", question: "锅炉节能有哪些措施？", keywords: "锅炉 蒸汽 冷凝水 燃烧 过量空气",
    answer: "主要措施：控制过量空气系数、加装节能器和空气预热器、回收冷凝水和闪蒸汽、做好管道保温、减少排污热损失，并根据负荷合理台数运行。" },
  { id: 62, category: "节能", question: "什么是碳排放核算？", keywords: "碳排放 碳核算 双碳 碳达峰 碳中和 排放因子",
    answer: "碳排放核算是按活动数据乘以排放因子计算企业的温室气体排放量，包括化石燃料燃烧、工业过程和外购电力热力等。节约一度电即可减少相应的间接排放。" },
  { id: 63, category: "节能", question: "什么是合同能源管理？", keywords: "合同能源管理 EMC 节能服务 分享 零成本",
    answer: "合同能源管理（EMC）由节能服务公司出资实施改造，用节省下来的能源费用分期回收投资和收益，企业可以零投入完成节能改造。" },
  { id: 64, category: "节能", question: "照明改造能省多少电？", keywords: "照明 LED 灯具 改造",
    answer: "将传统荧光灯、金卤灯更换为 LED，并配合分区控制和感应控制，照明用电一般可降低 40%-60%，投资回收期通常在 1-2 年。" },
  { id: 65, category: "节能", question: "变压器怎么节能？", keywords: "变压器 空载损耗 负载率 能效",
    answer: "选用高能效等级变压器、让负载率保持在经济运行区间（一般 40%-70%）、轻载时停运部分变压器以减少空载损耗，都能降低变压器损耗。" },
  { id: 66, category: "节能", question: "节能改造的投资回收期怎么算？", keywords: "投资回收期 回收期 收益 经济性",
    answer: "静态投资回收期 = 改造总投资 ÷ 每年节省的能源费用。例如投资 30 万元、每年节省电费 15 万元，回收期为 2 年。报告中会给出每项措施的回收期。" },
  // ---- 平台操作（docs/ 中每个面向用户的流程） ----
  { id: 68, category: "账号", question: "如何注销账号？", keywords: "注销 销户 注销账号 注销账户 删除账号 注销须知 不想用了", action: { label: "去账号设置", href: "/personal/settings" },
    answer: "进入个人中心“账号设置”，打开“数据与注销”标签，阅读注销须知后点击“注销账号”：向绑定的手机号获取验证码（未绑定手机号的账号输入登录密码），勾选“我已阅读并同意注销须知”，再点击“确认注销”。\n注销后个人资料会被清除或匿名化，发布过的问答显示为“已注销用户”，订单按法律要求保留；该手机号 30 天内不能重新注册或绑定。有报告正在生成时，请等生成完成后再注销。如需保留资料，请先导出个人数据。" },
  { id: 69, category: "账号", question: "如何导出我的个人数据？", keywords: "导出 导出数据 个人数据 下载数据 数据副本 个人信息 备份", action: { label: "去账号设置", href: "/personal/settings" },
    answer: "进入个人中心“账号设置”→“数据与注销”，点击“申请导出”。系统在后台打包您的个人数据，完成后发送一条系统消息，点击消息里的链接即可下载压缩包；链接 7 天内有效，仅本人登录后可下载。同一时间只能有一个导出任务，每天最多申请 3 次。" },
  { id: 70, category: "支付", question: "报告可以退款吗？", keywords: "退款 退钱 退费 原路退回 不想要了 取消订单", imageUrl: QR,
    answer: "如需退款，请扫描下方二维码联系客服，提供订单号和原因，核实后由工作人员办理，款项原路退回支付宝账户，办理结果会以系统消息通知您。全额退款后该报告需要重新购买才能下载，订单使用的优惠券会退回；部分退款不影响下载。" },
  { id: 71, category: "支付", question: "优惠券在哪里查看？", keywords: "优惠券 我的优惠券 新用户 券 过期 有效期 可用",
    answer: "下载报告时打开“下载报告”弹窗，在支付步骤可以看到可用的优惠券及其到期时间；优惠券过期后不能使用。订单关闭或全额退款后，订单占用的优惠券会退回。" },
  { id: 72, category: "问答", question: "怎么举报不良内容？", keywords: "举报 投诉 违规 广告 不良信息",
    answer: "在问题或回答下点击“举报”，选择举报原因并提交即可；同一内容只能举报一次，不能举报自己发布的内容。运营人员会尽快审核处理。" },
  { id: 73, category: "问答", question: "为什么我的内容显示审核中？", keywords: "审核中 审核 仅自己可见 没有显示 看不到",
    answer: "包含敏感词的提问、回答、评论和回复会先进入审核，审核期间显示“正在审核中，审核通过后将公开显示，仅自己可见”；审核通过后即公开显示。" },
  { id: 74, category: "报告", question: "报告一直在生成中怎么办？", keywords: "生成中 一直 卡住 没反应 很久 排队",
    answer: "报告通常几秒内生成完成，页面会自动刷新状态。如果长时间停留在“生成中”，请刷新页面查看；若变为“生成失败”，检查数据后在行菜单中选择“生成报告”重试，仍不成功请联系客服。" },
  { id: 75, category: "支付", question: "在哪里查看我的订单？", keywords: "我的订单 订单 订单记录 购买记录 支付记录 去支付 订单状态", action: { label: "去我的订单", href: "/personal/orders" },
    answer: "进入个人中心，点击左侧菜单“我的订单”，可以看到您的全部订单（最新的在前）：报告名称、订单号、下单和支付时间、金额、优惠券、实付、已退款、支付方式和状态（待支付、已支付、已退款、已关闭）。待支付的订单可点击“去支付”继续付款，已支付的订单可在这里申请和下载发票。" },
  { id: 76, category: "评估", question: "全厂能源平衡怎么看？", keywords: "全厂能源平衡 能源平衡 全厂 综合能耗 能耗汇总 计量覆盖 单位产品能耗", action: { label: "去评估工作台", href: "/workbench" },
    answer: "在评估工作台顶部点击“全厂能源平衡”：系统按企业名称汇总您各类评估中最新的一份数据，给出全厂综合能耗（当量值和等价值）、各能源的计量覆盖情况、各评估之间的交叉核对提示，以及单位产品能耗与限额的对比。产量和全厂计量表读数填写在每类评估最后一页“全厂能源与产量（选填）”中。" },
  { id: 67, category: "节能", question: "怎样关注平台公众号？", keywords: "公众号 微信 二维码 关注",
    answer: "请使用微信扫描下方二维码关注公众号，获取节能资讯、活动和报告解读服务。", imageUrl: QR },
];

/** Robot texts by key (robot_replies). The not-understood reply carries the suggested action. */
export const ROBOT_REPLIES = {
  greeting: { content: "您好，我是智能助手小创，可以为您解答节能评估、报告下载、支付、账号和能源问答的问题。请直接输入您的问题，或点击下方“猜你想问”。" },
  notUnderstood: {
    content: "小创不理解您的意思…您可以换个说法试试，或者把问题发布到能源问答，让行业专家来解答。",
    actionLabel: "去能源问答提问",
    actionHref: "/questions",
  },
  closing: { content: "您已经有一段时间没有提问了，如果还有其他问题，随时可以问小创哦～" },
  guessTitle: { content: "猜你想问" },
} as const;

export function robotStatements(): SeedStatement[] {
  const out: SeedStatement[] = ROBOT_KNOWLEDGE.map((e, i) => ({
    sql: `INSERT INTO robot_knowledge (id, category, question, answer, keywords, tokens, image_url, action_label, action_href, suggested, sort_order, enabled)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
          ON CONFLICT (id) DO UPDATE SET category = excluded.category, question = excluded.question, answer = excluded.answer,
            keywords = excluded.keywords, tokens = excluded.tokens, image_url = excluded.image_url, action_label = excluded.action_label,
            action_href = excluded.action_href, suggested = excluded.suggested, sort_order = excluded.sort_order, enabled = 1`,
    params: [
      e.id,
      e.category,
      e.question,
      e.answer,
      e.keywords ?? "",
      robotTokens(e.question, e.keywords ?? "").join(" "),
      e.imageUrl ?? null,
      e.action?.label ?? null,
      e.action?.href ?? null,
      e.suggested ? 1 : 0,
      e.suggested ?? 100 + i,
    ],
  }));
  for (const [key, r] of Object.entries(ROBOT_REPLIES)) {
    const reply = r as { content: string; actionLabel?: string; actionHref?: string };
    out.push({
      sql: "INSERT INTO robot_replies (key, content, action_label, action_href) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET content = excluded.content, action_label = excluded.action_label, action_href = excluded.action_href",
      params: [key, reply.content, reply.actionLabel ?? null, reply.actionHref ?? null],
    });
  }
  return out;
}
