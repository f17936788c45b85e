import type { MonitorKind } from "@/lib/contract/device/product";
import type { DataSpec, Param, ThingFunction } from "@/lib/contract/device/thing-model";
import { PAD_SERVICE } from "@/lib/contract/linkage/pad";
import { VIDICON_SERVICE } from "@/lib/contract/video/video";
import { ROBOT_AUDIO_PARAMS, ROBOT_CONTROL_PARAMS, ROBOT_EVENTS, ROBOT_LIFTER_PARAMS, ROBOT_MODE_PARAMS, ROBOT_PRODUCT_KEY, ROBOT_PROPS, ROBOT_SERVICES } from "@/lib/contract/robot/robot";
import { ROBOT_PHOTO_MAX, ROBOT_READINGS_MAX } from "@/lib/contract/robot/patrol";
import { ROBOT_CAMERA_SERVICES } from "@/lib/contract/robot/control";

/**
 * The demo product catalogue: one product per monitoring sensor type of core §2, a gateway and its
 * sub-products, with thing models as real sensors of these kinds report them. The seed writes them
 * to the demo tenant; the device simulator publishes exactly these functions (`key` identifies a
 * product across both, the product's name, in the caller's language, is what the console shows).
 */
export type DemoProduct = {
  key: string;
  /** The name in Chinese and in English (the console shows the caller's). */
  prodName: readonly [zh: string, en: string];
  prodModel: string;
  prodCategory: "structural" | "geotechnical" | "hydrological" | "environmental" | "gateway" | "camera" | "robot";
  prodType: "device" | "gateway" | "subDevice";
  netType: "mqtt" | "http";
  dataFormat: "json" | "modbus";
  gatewayType?: "Modbus" | "LoRa";
  verifyType: "secret" | "none";
  /** Minutes without a report after which a device counts as offline. */
  activeCycle: number;
  monitorType?: MonitorKind;
  description: string;
  functions: ThingFunction[];
  /** Keys of a gateway's sub-products. */
  subs?: string[];
};

const float = (min: number, max: number, unit: string, step = 0.01): DataSpec => ({ type: "float", min, max, step, unit });
const double = (min: number, max: number, unit: string): DataSpec => ({ type: "double", min, max, unit });
const int = (min: number, max: number, unit: string): DataSpec => ({ type: "int32", min, max, step: 1, unit });
const prop = (identifier: string, funcName: string, dataType: DataSpec, accessMode: "r" | "rw" = "r"): ThingFunction => ({ funcName, identifier, funcType: 1, accessMode, dataType });
const param = (identifier: string, name: string, dataType: DataSpec): Param => ({ identifier, name, dataType });

/** What every battery-powered wireless sensor reports besides its measurements. */
export const battery = prop("battery", "电池电量", int(0, 100, "%"));
export const signal = prop("signal", "信号强度", int(-120, 0, "dBm"));
export const temperature = prop("temperature", "温度", float(-40, 85, "°C", 0.1));
const overLimit = (what: string, p: Param[]): ThingFunction => ({ funcName: `${what}超限`, identifier: "overLimit", funcType: 2, eventType: "alarm", outputParams: p });
/** Sets the current reading as the zero (the console's "set initial value"). */
const zero: ThingFunction = { funcName: "置零", identifier: "setZero", funcType: 3, callMode: "sync", inputParams: [], outputParams: [param("result", "结果", { type: "bool", trueText: "成功", falseText: "失败" })] };
const reboot: ThingFunction = { funcName: "重启", identifier: "reboot", funcType: 3, callMode: "async", inputParams: [param("delay", "延时", int(0, 600, "s"))], outputParams: [] };
const lowBattery: ThingFunction = { funcName: "低电量", identifier: "lowBattery", funcType: 2, eventType: "info", outputParams: [param("battery", "电池电量", int(0, 100, "%"))] };
const wireless = [battery, signal];
/**
 * The linkage pad's call (widgets §7): a pan-tilt camera turns while a direction is held ('0')
 * and stops on release ('1'), answering where it points; `stream` answers its live stream URL.
 */
const padControl: ThingFunction = {
  funcName: "云台联动控制",
  identifier: PAD_SERVICE,
  funcType: 3,
  callMode: "sync",
  inputParams: [param("controlType", "控制类型", { type: "text", length: 8 }), param("controlValue", "控制值", { type: "text", length: 1 })],
  outputParams: [param("pan", "水平角", float(-180, 180, "°", 0.1)), param("tilt", "俯仰角", float(-90, 90, "°", 0.1)), param("url", "视频流地址", { type: "text", length: 512 })],
};

/**
 * The camera pad's call (widgets §7, `vidiconOperate`): vertical / horizontal with a step turn
 * the camera at that step per 500 ms for `ttlMs` (a held press) and step 0 stops the axis;
 * restore turns it home; video answers its stream.
 */
const vidiconOperate: ThingFunction = {
  funcName: "云台控制",
  identifier: VIDICON_SERVICE,
  funcType: 3,
  callMode: "sync",
  inputParams: [param("controlType", "控制类型", { type: "text", length: 10 }), param("controlValue", "步长", int(-10, 10, "")), param("ttlMs", "持续时间", int(0, 10_000, "ms"))],
  outputParams: [param("pan", "水平角", float(-180, 180, "°", 0.1)), param("tilt", "俯仰角", float(-90, 90, "°", 0.1)), param("url", "视频流地址", { type: "text", length: 512 })],
};

const sensor = (p: Omit<DemoProduct, "prodType" | "netType" | "dataFormat" | "verifyType">): DemoProduct => ({ prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", ...p });
/** A module on a gateway's channel: it speaks Modbus to the gateway, which answers for it. */
const subModule = (p: Omit<DemoProduct, "prodCategory" | "prodType" | "netType" | "dataFormat" | "verifyType" | "activeCycle">): DemoProduct => ({ prodCategory: "gateway", prodType: "subDevice", netType: "mqtt", dataFormat: "modbus", verifyType: "none", activeCycle: 10, ...p });

export const DEMO_PRODUCTS: DemoProduct[] = [
  sensor({
    key: "tilt",
    prodName: ["双轴倾角计", "Biaxial tilt meter"],
    prodModel: "QJ-2000",
    prodCategory: "structural",
    activeCycle: 60,
    monitorType: "tilt",
    description: "建筑与边坡倾斜监测，双轴 ±30°",
    functions: [prop("angleX", "X 轴倾角", float(-30, 30, "°", 0.001)), prop("angleY", "Y 轴倾角", float(-30, 30, "°", 0.001)), temperature, ...wireless, overLimit("倾角", [param("axis", "轴", { type: "enum", items: [{ value: 1, text: "X" }, { value: 2, text: "Y" }] }), param("angle", "倾角", float(-30, 30, "°"))]), zero, lowBattery],
  }),
  sensor({
    key: "tiltDis",
    prodName: ["倾角位移计", "Tilt displacement meter"],
    prodModel: "QW-300",
    prodCategory: "structural",
    activeCycle: 60,
    monitorType: "tiltDis",
    description: "倾角换算水平位移，适用于挡墙与围护桩",
    functions: [prop("angleX", "X 轴倾角", float(-30, 30, "°", 0.001)), prop("angleY", "Y 轴倾角", float(-30, 30, "°", 0.001)), prop("disX", "X 向位移", float(-500, 500, "mm")), prop("disY", "Y 向位移", float(-500, 500, "mm")), temperature, ...wireless, zero],
  }),
  sensor({
    key: "beton",
    prodName: ["混凝土温度成熟度仪", "Concrete temperature and maturity meter"],
    prodModel: "HT-4",
    prodCategory: "structural",
    activeCycle: 30,
    monitorType: "beton",
    description: "四路测温，按温度-时间法计算成熟度与推定强度",
    functions: [
      prop("temps", "测点温度", { type: "array", size: 4, element: float(-20, 100, "°C", 0.1) }),
      prop("maturity", "成熟度", double(0, 100000, "°C·h")),
      prop("strength", "推定强度", float(0, 100, "MPa", 0.1)),
      ...wireless,
    ],
  }),
  sensor({
    key: "acceleration",
    prodName: ["三轴加速度计", "Triaxial accelerometer"],
    prodModel: "ACC-3D",
    prodCategory: "structural",
    activeCycle: 10,
    monitorType: "acceleration",
    description: "结构振动监测，±16 g，采样 500 Hz",
    functions: [
      prop("accX", "X 向加速度", float(-16, 16, "g", 0.0001)),
      prop("accY", "Y 向加速度", float(-16, 16, "g", 0.0001)),
      prop("accZ", "Z 向加速度", float(-16, 16, "g", 0.0001)),
      prop("frequency", "主频", float(0, 500, "Hz", 0.1)),
      ...wireless,
      { funcName: "振动超限", identifier: "vibration", funcType: 2, eventType: "alarm", outputParams: [param("peak", "峰值", float(0, 16, "g")), param("frequency", "频率", float(0, 500, "Hz"))] },
    ],
  }),
  sensor({
    key: "settlement",
    prodName: ["静力水准仪", "Hydrostatic leveling gauge"],
    prodModel: "SL-200",
    prodCategory: "geotechnical",
    activeCycle: 60,
    monitorType: "settlement",
    description: "连通管压差式沉降监测，量程 ±500 mm",
    functions: [prop("settlement", "沉降量", float(-500, 500, "mm")), prop("pressure", "液压", float(0, 200, "kPa")), temperature, ...wireless, overLimit("沉降", [param("settlement", "沉降量", float(-500, 500, "mm"))]), zero],
  }),
  sensor({
    key: "inclinometer",
    prodName: ["固定式测斜仪", "In-place inclinometer"],
    prodModel: "CX-64",
    prodCategory: "geotechnical",
    activeCycle: 120,
    monitorType: "inclinometer",
    description: "串联测斜探头，每节 0.5 m，最多 64 节",
    functions: [
      prop("points", "各节读数", {
        type: "array",
        size: 64,
        element: {
          type: "struct",
          members: [param("depth", "深度", double(0, 300, "m")), param("angleA", "A 向倾角", float(-15, 15, "°", 0.001)), param("angleB", "B 向倾角", float(-15, 15, "°", 0.001)), param("disA", "A 向位移", float(-200, 200, "mm"))],
        },
      }),
      prop("holeDepth", "孔深", double(0.1, 300, "m"), "rw"),
      temperature,
      ...wireless,
    ],
  }),
  sensor({
    key: "water",
    prodName: ["振弦式渗压计", "Vibrating-wire piezometer"],
    prodModel: "SY-1",
    prodCategory: "hydrological",
    activeCycle: 60,
    monitorType: "water",
    description: "地下水位与孔隙水压力监测",
    functions: [prop("waterLevel", "水位", float(-100, 100, "m", 0.001)), prop("pressure", "孔隙水压力", float(0, 2000, "kPa", 0.1)), prop("frequency", "频率", float(400, 4500, "Hz", 0.1)), temperature, ...wireless],
  }),
  sensor({
    key: "waterHeight",
    prodName: ["雷达液位计", "Radar level gauge"],
    prodModel: "LD-30",
    prodCategory: "hydrological",
    activeCycle: 30,
    monitorType: "waterHeight",
    description: "非接触式水位高度监测，量程 30 m",
    functions: [prop("waterHeight", "水位高度", float(0, 30, "m", 0.001)), prop("alarmHeight", "报警水位", float(0, 30, "m"), "rw"), ...wireless, overLimit("水位", [param("waterHeight", "水位高度", float(0, 30, "m"))])],
  }),
  sensor({
    key: "anchor",
    prodName: ["振弦式锚索计", "Vibrating-wire anchor load cell"],
    prodModel: "MS-3000",
    prodCategory: "geotechnical",
    activeCycle: 60,
    monitorType: "anchor",
    description: "锚索预应力监测，量程 3000 kN",
    functions: [prop("force", "锚索力", float(0, 3000, "kN", 0.1)), prop("frequency", "频率", float(400, 4500, "Hz", 0.1)), temperature, ...wireless, overLimit("锚索力", [param("force", "锚索力", float(0, 3000, "kN"))])],
  }),
  sensor({
    key: "axialforce",
    prodName: ["钢支撑轴力计", "Steel strut axial force meter"],
    prodModel: "ZL-5000",
    prodCategory: "geotechnical",
    activeCycle: 60,
    monitorType: "axialforce",
    description: "基坑钢支撑轴力监测，拉压 ±5000 kN",
    functions: [prop("axialForce", "轴力", float(-5000, 5000, "kN", 0.1)), prop("strain", "应变", float(-3000, 3000, "με", 0.1)), temperature, ...wireless, overLimit("轴力", [param("axialForce", "轴力", float(-5000, 5000, "kN"))])],
  }),
  sensor({
    key: "dis",
    prodName: ["拉线式位移计", "Draw-wire displacement meter"],
    prodModel: "WY-100",
    prodCategory: "structural",
    activeCycle: 60,
    monitorType: "dis",
    description: "裂缝与伸缩缝位移监测，量程 ±100 mm",
    functions: [prop("displacement", "位移", float(-100, 100, "mm")), temperature, ...wireless, zero],
  }),
  sensor({
    key: "horizontalDis",
    prodName: ["GNSS 位移监测站", "GNSS displacement station"],
    prodModel: "GNSS-R1",
    prodCategory: "geotechnical",
    activeCycle: 30,
    monitorType: "horizontalDis",
    description: "北斗/GPS 毫米级水平与竖向位移，站上云台摄像机可远程联动控制",
    functions: [
      prop("dx", "东向位移", double(-1000, 1000, "mm")),
      prop("dy", "北向位移", double(-1000, 1000, "mm")),
      prop("dz", "竖向位移", double(-1000, 1000, "mm")),
      prop("satellites", "卫星数", int(0, 64, "")),
      prop("fixStatus", "解算状态", { type: "enum", items: [{ value: 0, text: "无解" }, { value: 1, text: "单点解" }, { value: 2, text: "浮点解" }, { value: 4, text: "固定解" }] }),
      ...wireless,
      padControl,
    ],
  }),
  sensor({
    key: "weather",
    prodName: ["小型气象站", "Compact weather station"],
    prodModel: "QX-7",
    prodCategory: "environmental",
    activeCycle: 10,
    monitorType: "weather",
    description: "温湿度、风向风速、气压、雨量七要素",
    functions: [
      prop("humidity", "湿度", float(0, 100, "%RH", 0.1)),
      prop("temperature", "温度", float(-40, 60, "°C", 0.1)),
      prop("windDirection", "风向", float(0, 360, "°", 1)),
      prop("pressure", "气压", float(300, 1100, "hPa", 0.1)),
      prop("rainfall", "雨量", float(0, 500, "mm", 0.1)),
      prop("windSpeed", "风速", float(0, 60, "m/s", 0.1)),
      prop("windForce", "风力", int(0, 17, "级")),
      signal,
    ],
  }),
  {
    key: "gateway",
    prodName: ["多通道采集网关", "Multi-channel acquisition gateway"],
    prodModel: "DTU-16",
    prodCategory: "gateway",
    prodType: "gateway",
    netType: "mqtt",
    dataFormat: "json",
    gatewayType: "Modbus",
    verifyType: "secret",
    activeCycle: 10,
    description: "16 通道 RS485/振弦采集，4G 上行",
    functions: [prop("online", "在线子设备数", int(0, 16, "")), prop("supplyVoltage", "供电电压", float(0, 36, "V", 0.01)), signal, reboot],
    subs: ["vwModule", "rs485Dis"],
  },
  sensor({
    key: "camera",
    prodName: ["云台摄像机", "PTZ camera"],
    prodModel: "PTZ-2M",
    prodCategory: "camera",
    activeCycle: 10,
    description: "200 万像素网络云台摄像机，HTTP-FLV / HLS 推流，RTSP 554，SDK 8000",
    functions: [signal, padControl, vidiconOperate],
  }),
  sensor({
    key: ROBOT_PRODUCT_KEY,
    prodName: ["轨道巡检机器人", "Rail inspection robot"],
    prodModel: "RIR-200",
    prodCategory: "robot",
    activeCycle: 5,
    description: "挂轨巡检机器人：行走、升降、云台相机、测温与气体检测，MQTT 上报状态与巡检读数",
    functions: [
      prop(ROBOT_PROPS.mode, "工作模式", { type: "enum", items: [{ value: 1, text: "手动" }, { value: 2, text: "自动" }, { value: 3, text: "部署" }] }, "rw"),
      prop(ROBOT_PROPS.state, "机器人状态", { type: "enum", items: ["空闲", "手动", "异常", "行走故障", "升降故障", "自动模式", "手动模式", "部署模式"].map((text, value) => ({ value, text })) }),
      battery,
      prop(ROBOT_PROPS.position, "轨道位置", double(0, 100_000, "m")),
      prop(ROBOT_PROPS.lifter, "升降高度", float(0, 300, "cm", 0.1)),
      prop(ROBOT_PROPS.taskId, "当前任务", int(0, 2_147_483_647, "")),
      prop(ROBOT_PROPS.pointId, "当前巡检点", int(0, 2_147_483_647, "")),
      prop(ROBOT_PROPS.charging, "充电中", { type: "bool", trueText: "是", falseText: "否" }),
      {
        funcName: "到达巡检点",
        identifier: ROBOT_EVENTS.arrived,
        funcType: 2,
        eventType: "info",
        outputParams: [
          param("taskId", "任务", int(0, 2_147_483_647, "")),
          param("pointId", "巡检点", int(0, 2_147_483_647, "")),
          param("readings", "读数", { type: "text", length: ROBOT_READINGS_MAX }),
          param("photo", "照片", { type: "text", length: ROBOT_PHOTO_MAX }),
        ],
      },
      { funcName: "巡检异常", identifier: ROBOT_EVENTS.abnormal, funcType: 2, eventType: "alarm", outputParams: [param("pointId", "巡检点", int(0, 2_147_483_647, "")), param("itemId", "巡检项", int(0, 2_147_483_647, "")), param("value", "读数", double(-1e6, 1e6, ""))] },
      { funcName: "故障", identifier: ROBOT_EVENTS.fault, funcType: 2, eventType: "breakdown", outputParams: [param("code", "故障码", int(0, 255, ""))] },
      {
        funcName: "行走控制",
        identifier: ROBOT_SERVICES.control,
        funcType: 3,
        callMode: "sync",
        inputParams: [param(ROBOT_CONTROL_PARAMS.code, "控制类型", { type: "text", length: 1 }), param(ROBOT_CONTROL_PARAMS.ttl, "保持时间", int(0, 10_000, "ms"))],
        outputParams: [param(ROBOT_PROPS.position, "轨道位置", double(0, 100_000, "m"))],
      },
      {
        funcName: "升降控制",
        identifier: ROBOT_SERVICES.lifter,
        funcType: 3,
        callMode: "sync",
        inputParams: [param(ROBOT_LIFTER_PARAMS.code, "升降方向", { type: "text", length: 1 }), param(ROBOT_LIFTER_PARAMS.ttl, "保持时间", int(0, 10_000, "ms"))],
        outputParams: [param(ROBOT_PROPS.lifter, "升降高度", float(0, 300, "cm", 0.1))],
      },
      {
        funcName: "切换模式",
        identifier: ROBOT_SERVICES.mode,
        funcType: 3,
        callMode: "sync",
        inputParams: [param(ROBOT_MODE_PARAMS.mode, "模式", { type: "enum", items: [{ value: 1, text: "手动" }, { value: 2, text: "自动" }, { value: 3, text: "部署" }] })],
        outputParams: [param(ROBOT_PROPS.mode, "模式", int(1, 3, ""))],
      },
      {
        funcName: "相机抓拍与录像",
        identifier: ROBOT_CAMERA_SERVICES.picture,
        funcType: 3,
        callMode: "sync",
        inputParams: [param("deviceNum", "相机编号", { type: "text", length: 2 }), param("controlType", "操作", { type: "text", length: 16 })],
        outputParams: [param("recording", "录像中", { type: "bool", trueText: "是", falseText: "否" })],
      },
      {
        funcName: "语音对讲",
        identifier: ROBOT_SERVICES.audio,
        funcType: 3,
        callMode: "sync",
        inputParams: [
          param(ROBOT_AUDIO_PARAMS.url, "语音地址", { type: "text", length: 1024 }),
          param(ROBOT_AUDIO_PARAMS.format, "格式", { type: "text", length: 8 }),
          param(ROBOT_AUDIO_PARAMS.size, "字节数", int(1, 2_147_483_647, "B")),
          param(ROBOT_AUDIO_PARAMS.sha256, "SHA-256", { type: "text", length: 64 }),
          param(ROBOT_AUDIO_PARAMS.duration, "时长", int(0, 600_000, "ms")),
        ],
        outputParams: [param(ROBOT_AUDIO_PARAMS.duration, "时长", int(0, 600_000, "ms"))],
      },
      {
        funcName: "相机录像状态",
        identifier: ROBOT_CAMERA_SERVICES.info,
        funcType: 3,
        callMode: "sync",
        inputParams: [param("deviceNum", "相机编号", { type: "text", length: 2 })],
        outputParams: [param("recording", "录像中", { type: "bool", trueText: "是", falseText: "否" })],
      },
    ],
  }),
  subModule({
    key: "vwModule",
    prodName: ["振弦采集子模块", "Vibrating-wire acquisition sub-module"],
    prodModel: "VW-1",
    description: "接网关通道的单路振弦传感器",
    functions: [prop("frequency", "频率", float(400, 4500, "Hz", 0.1)), prop("modulus", "频模", float(0, 20000, "F", 0.1)), temperature],
  }),
  subModule({
    key: "rs485Dis",
    prodName: ["RS485 位移子模块", "RS485 displacement sub-module"],
    prodModel: "RD-50",
    description: "接网关 RS485 总线的位移传感器",
    functions: [prop("displacement", "位移", float(-50, 50, "mm")), prop("status", "状态", { type: "enum", items: [{ value: 0, text: "正常" }, { value: 1, text: "断线" }] })],
  }),
];

/** Library functions every tenant starts with. */
export const DEMO_LIBRARY: ThingFunction[] = [battery, signal, temperature, zero, reboot, lowBattery];

/** Products the platform offers to every tenant as copies. */
export const PLATFORM_COPY_KEYS = ["tilt", "settlement", "weather"];
