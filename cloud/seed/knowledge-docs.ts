import { access, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { like } from "drizzle-orm";
import type { Db } from "../db/client";
import { knowledgeNodes } from "../db/schema";

/**
 * The demo knowledge base's documents: our own short guides, each in Chinese and in English, as
 * text files the assistant can quote. The seed stores their nodes (with the text, which is what the
 * assistant searches); the files themselves are written beside the database at start when missing,
 * as the demo floor plan is.
 */

export type DemoDoc = { folder: string; key: string; name: readonly [zh: string, en: string]; desc: readonly [zh: string, en: string]; text: readonly [zh: string, en: string] };

const READING_SCREENS_ZH = `如何阅读监测画面

一、倾斜监测（雷达图）
- 光斑的位置由 X、Y 两个方向的倾角合成：离圆心越远，倾斜越大；方向即倾斜的方向。
- 内圈为预警圈，外圈为报警圈。光斑长期偏向一侧且缓慢外移，说明结构在持续倾斜；在原地抖动多为温度和噪声。
- 请以"累计变化"判断趋势：累计值 = 当前值 − 初始值。初始值应取安装稳定后（通常 24～48 小时）的读数。

二、测斜（深度剖面）
- 纵轴是深度（孔口为 0），横轴是各测点相对初始值的水平位移。
- 剖面上出现明显"拐点"的深度，通常就是滑动面或软弱层所在。拐点以上整体位移、以下基本不动，是典型的边坡或基坑侧移形态。
- 孔深应与探头串长度一致（节数 × 每节长度）；若孔深与配置不符，先检查安装记录。

三、沉降与位移曲线
- 看三件事：累计量是否接近控制值、变化速率（mm/d）是否在增大、是否有突变。
- 单次突变后迅速回落，多为施工碰撞或读数异常；持续单向增长才需要按预警流程处理。

四、混凝土成熟度
- 曲线为各测温点温度，成熟度按温度—时间积分推定强度。
- 芯部与表面温差超过 25 ℃ 时有温度裂缝风险，应加强保温。`;

const READING_SCREENS_EN = `Reading the monitoring screens

1. Tilt (radar chart)
- The light spot combines the X and Y tilt: the farther from the centre, the larger the tilt; its direction is the direction of the lean.
- The inner circle is the warning circle, the outer one the alarm circle. A spot that keeps drifting outward on one side means the structure keeps tilting; a spot jittering in place is mostly temperature and noise.
- Judge trends on the cumulative change: cumulative = current value − initial value. Take the initial value once the sensor has settled after installation (usually 24 to 48 hours).

2. Inclinometer (depth profile)
- The vertical axis is depth (0 at the collar), the horizontal axis each unit's horizontal displacement since the initial reading.
- The depth where the profile bends sharply is usually the slip surface or a weak layer. Ground above it moving as a block and ground below it still is the typical shape of a moving slope or a pit wall.
- The hole depth should equal the probe string's length (units × unit length); if it does not, check the installation record first.

3. Settlement and displacement curves
- Look for three things: is the cumulative value near the control value, is the rate (mm/day) increasing, is there a sudden jump.
- A single jump that falls back at once is usually a knock during construction or a bad reading; only a steady one-way increase calls for the warning procedure.

4. Concrete maturity
- The curves are the sensors' temperatures; maturity integrates temperature over time to estimate strength.
- A core-to-surface difference above 25 °C risks thermal cracking: add insulation.`;

const LEVELS_ZH = `预警值、报警值与控制值的含义

结构监测通常为每个监测项设置三级阈值，本平台的告警规则可为一条规则设置最多五级：

1. 预警值（一般取控制值的 70%）
   含义：变形已超出正常波动，需要关注。
   动作：加密监测频率，现场巡视，核对施工工况。

2. 报警值（一般取控制值的 85%）
   含义：变形接近设计允许值。
   动作：通知施工、监理和设计单位，分析原因，准备应急措施。

3. 控制值（设计允许值）
   含义：达到设计或规范规定的限值。
   动作：暂停相关工序，启动应急预案，组织专家论证。

判断时同时看累计量和变化速率：速率连续三天超过速率控制值，即使累计量未到预警值，也应按预警处理。
规则中的"死区（回差）"用于防止数值在阈值附近反复触发与恢复；一条告警在升级到更严重等级时不会重复产生，而是在处理记录中记下"告警升级"及触发升级的数值。`;

const LEVELS_EN = `What warning, alarm and control values mean

Structural monitoring usually sets three thresholds per measured item; an alarm rule on this platform holds up to five levels.

1. Warning value (usually 70 % of the control value)
   Meaning: the movement is beyond normal fluctuation and needs attention.
   Action: measure more often, inspect the site, check what construction is doing.

2. Alarm value (usually 85 % of the control value)
   Meaning: the movement is close to what the design allows.
   Action: inform the contractor, the supervisor and the designer, find the cause, prepare emergency measures.

3. Control value (the design limit)
   Meaning: the limit set by the design or the code is reached.
   Action: stop the work concerned, start the emergency plan, call in the experts.

Look at the cumulative value and the rate together: a rate above its control value for three days running is treated as a warning even when the cumulative value is below the warning value.
A rule's dead band keeps a value hovering at a line from raising and recovering again and again. An alarm that reaches a more severe level is not raised twice: its handling history records the escalation with the value that caused it.`;

const HANDLING_ZH = `告警处理流程

1. 收到告警：新告警会给项目内有处理权限的人员生成一条待办，标题如"处理告警：沉降超限"。
2. 接收处理：在告警详情或告警中心点击"接收处理"，状态变为"处理中"。
3. 现场核实：对照监测画面和现场情况判断是否真实变形，必要时拍照上传。
4. 提交处理结果：填写处理说明并上传附件，状态变为"待审核"，审核人收到待办。
5. 审核：审核通过则告警"已处理"；不通过则退回处理人重新处理。
6. 误报或正常完工可直接"关闭"并选择原因；仅"待处理"的告警可以清除。

提示：处理人员（项目用户）负责接收、处理和关闭；审核由拥有审核权限的人员完成。`;

const HANDLING_EN = `Handling an alarm

1. An alarm arrives: each person of the project who may handle alarms gets a to-do, titled like "Handle alarm: settlement over limit".
2. Accept it: "Accept" on the alarm's page or in the alarm centre; the alarm is now being handled.
3. Check on site: compare the monitoring screen with the site to tell real movement from a bad reading; upload photos where useful.
4. Hand in the result: write what was done and attach files; the alarm awaits review and the reviewer gets a to-do.
5. Review: approved, the alarm is handled; not approved, it goes back to the handler.
6. A false alarm or finished work can be closed with its reason; only a pending alarm can be cleared.

Note: operators (project users) accept, handle and close; reviewing is for those who hold the review permission.`;

const CONNECT_ZH = `设备接入与数据上报

1. 在"设备管理"中新增设备，保存后弹出接入凭证（SN 与密钥只显示一次，请妥善保存）。
2. MQTT：以 SN 为用户名、密钥为密码连接平台的 MQTT 地址，向 property/post 主题发布 JSON：
   {"params": {"angleX": 0.125, "angleY": -0.042, "temperature": 18.6}}
   参数名为产品物模型中属性的标识符，数值须在物模型规定的范围内。
3. HTTP：向控制台地址 /api/comm/ingest/<产品>/<SN>/property/post 以 Basic 认证（SN:密钥）POST 同样的 JSON。
4. 设备上报后即显示在线；超过产品的活跃周期未上报则转为离线。
5. 被拒收的消息（未知属性、超出范围）可在设备详情的"拒收消息"中查看原因。`;

const CONNECT_EN = `Connecting a device and reporting data

1. Add the device under Devices; its credentials are shown once after saving (keep the SN and the secret safe).
2. MQTT: connect to the platform's MQTT address with the SN as user name and the secret as password, and publish JSON to the property/post topic:
   {"params": {"angleX": 0.125, "angleY": -0.042, "temperature": 18.6}}
   The names are the identifiers of the properties in the product's thing model; values must lie within its ranges.
3. HTTP: POST the same JSON to the console's /api/comm/ingest/<product>/<SN>/property/post with Basic authentication (SN:secret).
4. A device is online as soon as it reports, and offline once silent for longer than its product's active cycle.
5. Refused messages (unknown property, out of range) and their reasons are under "Refused messages" on the device's page.`;

/** The demo documents, by the folder they go in. */
export const DEMO_DOCS: readonly DemoDoc[] = [
  { folder: "倾斜监测", key: "01", name: ["如何阅读监测画面", "Reading the monitoring screens"], desc: ["雷达图、测斜剖面、沉降曲线与成熟度的读法", "Radar, inclinometer profile, settlement curves and maturity"], text: [READING_SCREENS_ZH, READING_SCREENS_EN] },
  { folder: "沉降监测", key: "02", name: ["预警值、报警值与控制值", "Warning, alarm and control values"], desc: ["三级阈值的含义与对应动作", "What the three thresholds mean and what to do"], text: [LEVELS_ZH, LEVELS_EN] },
  { folder: "运维手册", key: "03", name: ["告警处理流程", "Handling an alarm"], desc: ["接收、处理、审核与关闭", "Accept, handle, review and close"], text: [HANDLING_ZH, HANDLING_EN] },
  { folder: "运维手册", key: "04", name: ["设备接入与数据上报", "Connecting a device"], desc: ["MQTT 与 HTTP 上报示例", "MQTT and HTTP examples"], text: [CONNECT_ZH, CONNECT_EN] },
];

const STORED_DAY = "20260101";
/** A demo document's stored path: a fixed name per document and language, so it can be written again when missing. */
export const demoDocPath = (tenantId: number, key: string, lang: 0 | 1) => `${tenantId}/${STORED_DAY}/${"d0c5".padEnd(28, "0")}${key}${lang ? "e1" : "c1"}.txt`;

/** The demo documents' files, written beside the database when missing (a fresh data folder, a moved one). */
export async function writeDemoDocs(db: Db, filesDir: string) {
  const rows = await db.select({ filePath: knowledgeNodes.filePath, content: knowledgeNodes.content }).from(knowledgeNodes).where(like(knowledgeNodes.filePath, `%/${STORED_DAY}/d0c5%.txt`));
  for (const { filePath, content } of rows) {
    if (!filePath || content === null) continue;
    const abs = join(filesDir, filePath);
    if (await access(abs).then(() => true, () => false)) continue;
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, content);
  }
}
