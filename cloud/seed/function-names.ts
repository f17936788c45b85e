import { walkFunctionParts, type PartVisit, type ThingFunction } from "@/lib/contract/device/thing-model";

/**
 * The demo catalogue's thing-model function names in English, by their Chinese name (widgets §3
 * multilingual name): the device page, the monitoring and data screens, alarms, rules and reports
 * name a property in the reader's language.
 */
export const FUNCTION_NAMES_EN: Record<string, string> = {
  "X 轴倾角": "X-axis tilt",
  "Y 轴倾角": "Y-axis tilt",
  温度: "Temperature",
  电池电量: "Battery",
  信号强度: "Signal strength",
  倾角超限: "Tilt over limit",
  置零: "Zero",
  低电量: "Low battery",
  "X 向位移": "X displacement",
  "Y 向位移": "Y displacement",
  测点温度: "Point temperatures",
  成熟度: "Maturity",
  推定强度: "Estimated strength",
  "X 向加速度": "X acceleration",
  "Y 向加速度": "Y acceleration",
  "Z 向加速度": "Z acceleration",
  主频: "Dominant frequency",
  振动超限: "Vibration over limit",
  沉降量: "Settlement",
  液压: "Hydraulic pressure",
  沉降超限: "Settlement over limit",
  各节读数: "Segment readings",
  孔深: "Hole depth",
  水位: "Water level",
  孔隙水压力: "Pore water pressure",
  频率: "Frequency",
  水位高度: "Water height",
  报警水位: "Alarm water level",
  水位超限: "Water level over limit",
  锚索力: "Anchor force",
  锚索力超限: "Anchor force over limit",
  轴力: "Axial force",
  应变: "Strain",
  轴力超限: "Axial force over limit",
  位移: "Displacement",
  东向位移: "East displacement",
  北向位移: "North displacement",
  竖向位移: "Vertical displacement",
  卫星数: "Satellites",
  解算状态: "Fix status",
  云台联动控制: "Pan-tilt linkage control",
  湿度: "Humidity",
  风向: "Wind direction",
  气压: "Air pressure",
  雨量: "Rainfall",
  风速: "Wind speed",
  风力: "Wind force",
  在线子设备数: "Sub-devices online",
  供电电压: "Supply voltage",
  重启: "Reboot",
  云台控制: "Pan-tilt control",
  工作模式: "Work mode",
  机器人状态: "Robot state",
  轨道位置: "Track position",
  升降高度: "Lifter height",
  当前任务: "Current task",
  当前巡检点: "Current inspection point",
  充电中: "Charging",
  到达巡检点: "Inspection point reached",
  巡检异常: "Inspection anomaly",
  故障: "Fault",
  行走控制: "Travel control",
  升降控制: "Lifter control",
  切换模式: "Switch mode",
  相机抓拍与录像: "Camera snapshot and recording",
  语音对讲: "Voice intercom",
  相机录像状态: "Camera recording state",
  频模: "Frequency modulus",
  状态: "Status",
};

/** The demo catalogue's parameter names (event outputs, service inputs and outputs, struct members) in English. */
export const PARAM_NAMES_EN: Record<string, string> = {
  轴: "Axis",
  倾角: "Tilt",
  结果: "Result",
  电池电量: "Battery",
  峰值: "Peak",
  频率: "Frequency",
  沉降量: "Settlement",
  深度: "Depth",
  "A 向倾角": "A-axis tilt",
  "B 向倾角": "B-axis tilt",
  "A 向位移": "A displacement",
  水位高度: "Water height",
  锚索力: "Anchor force",
  轴力: "Axial force",
  控制类型: "Control type",
  控制值: "Control value",
  水平角: "Pan",
  俯仰角: "Tilt angle",
  视频流地址: "Stream URL",
  延时: "Delay",
  步长: "Step",
  持续时间: "Duration",
  任务: "Task",
  巡检点: "Inspection point",
  读数: "Reading",
  照片: "Photo",
  巡检项: "Inspection item",
  故障码: "Fault code",
  保持时间: "Hold time",
  轨道位置: "Track position",
  升降方向: "Lift direction",
  升降高度: "Lifter height",
  模式: "Mode",
  相机编号: "Camera number",
  操作: "Operation",
  录像中: "Recording",
  语音地址: "Audio URL",
  格式: "Format",
  字节数: "Bytes",
  时长: "Duration",
};

/** The demo catalogue's enum item and bool labels in English. */
export const LABELS_EN: Record<string, string> = {
  成功: "Succeeded",
  失败: "Failed",
  无解: "No fix",
  单点解: "Single point",
  浮点解: "Float",
  固定解: "Fixed",
  手动: "Manual",
  自动: "Automatic",
  部署: "Deployment",
  空闲: "Idle",
  异常: "Abnormal",
  行走故障: "Travel fault",
  升降故障: "Lifter fault",
  自动模式: "Automatic mode",
  手动模式: "Manual mode",
  部署模式: "Deployment mode",
  是: "Yes",
  否: "No",
  正常: "Normal",
  断线: "Disconnected",
};

/** The English texts of the demo catalogue: function names, parameter names, labels, each by its Chinese text. */
export type EnglishTexts = { functions: Record<string, string>; params: Record<string, string>; labels: Record<string, string> };
export const ENGLISH_TEXTS: EnglishTexts = { functions: FUNCTION_NAMES_EN, params: PARAM_NAMES_EN, labels: LABELS_EN };

/** A seeded parameter's name, enum item's or bool's labels in both languages, where the dictionaries have them. */
const bilingualPart =
  (english: EnglishTexts): PartVisit =>
  (part, fields) => {
    const dict = fields.includes("name") ? english.params : english.labels;
    const named = fields.flatMap((f) => {
      const own = part[f];
      return typeof own === "string" && dict[own] ? [[f, { "zh-cn": own, en: dict[own] }] as const] : [];
    });
    return named.length ? { ...part, i18n: { ...part.i18n, ...Object.fromEntries(named) } } : part;
  };

/**
 * A seeded function with its name, its parameters' names and its labels in both languages (a text
 * missing here stays Chinese only, which the seed test catches); `english`: the dictionaries of
 * another day (a migration's).
 */
export function bilingualFunction(fn: ThingFunction, english: EnglishTexts = ENGLISH_TEXTS): ThingFunction {
  const en = english.functions[fn.funcName];
  return walkFunctionParts(en ? { ...fn, i18n: { funcName: { "zh-cn": fn.funcName, en } } } : fn, undefined, bilingualPart(english));
}
