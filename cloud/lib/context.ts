import type { Context, Hono } from "hono";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../db/client";
import type { Delivery } from "./delivery";
import type { ActiveProject } from "./scope";
import type { Ingest } from "../ingest/pipeline";
import type { LlmConfig } from "./llm";
import type { linkageLogs } from "../db/schema";
import type { CameraStreams } from "../media/cameras";
import type { CameraRecordings } from "../media/recordings";
import type { Carriers } from "../sim/carriers";
import type { Coordinator } from "./coordination";

export type CloudConfig = {
  product: string;
  /** Where uploaded files live. */
  filesDir: string;
  tokenTtlMs: number;
  /** Each tenant's storage quota for uploads, in MB (`STORAGE_QUOTA_MB`). */
  storageQuotaMb: number;
  /** The assistant's OpenAI-compatible model (`LLM_BASE_URL`…); null: answers from knowledge search alone. */
  llm?: LlmConfig | null;
  /** The secret the console sends with each call (`CLOUD_PROXY_SECRET`): its X-Real-IP is believed. */
  proxySecret?: string;
  /** The secret an external broker's hooks send (`MQTT_HOOK_SECRET`); none: the hooks are not served. */
  brokerHookSecret?: string;
  /** Calls one API key may make per minute (default 120). */
  apiKeyPerMinute?: number;
  /** Addresses of proxies whose X-Real-IP is believed (`TRUSTED_PROXIES`, comma-separated). */
  trustedProxies?: string[];
};

/** Everything a handler needs from outside, passed in so tests can supply their own. */
export type Deps = {
  db: Db;
  config: CloudConfig;
  delivery: Delivery;
  now: () => Date;
  /** The device channel (MQTT and HTTP ingest); absent where no devices are served (most route tests). */
  ingest?: Ingest;
  /** Where devices reach the MQTT broker (shown with a device's credentials). */
  mqttUrl?: string;
  /** The alarm evaluator: told when a product's rules change so it reads them again. */
  alarms?: { invalidate(productId?: number): void; events?: import("../sim/alarms").AlarmSink };
  /** The data-push engine: told when a configuration changes. */
  push?: { invalidate(): void };
  /** The OTA engine: told when a task is added or operated, so the rollout job runs at once; writes a device's events. */
  ota?: import("../ota/engine").OtaEngine;
  /** The linkage engine: told when rules change; runs a rule on demand (`operate`), answering its log row. */
  linkage?: { invalidate(): Promise<void>; operate(ruleId: number, by: string): Promise<(typeof linkageLogs.$inferSelect) | null> };
  /** The simulated cameras' streams and where each points (absent where no video is served). */
  cameras?: { streams: CameraStreams; recordings: CameraRecordings; positionOf(deviceId: number): { pan: number; tilt: number } | undefined };
  /** The report job: nudged when a report is asked for, so it renders at once rather than at the next minute. */
  reports?: { soon(): Promise<void> };
  /** The cluster: a change other instances cache (a tenant's time zone) is signalled through it; absent in most route tests (this instance only). */
  cluster?: Coordinator;
  /** The SIM carriers' accounts and their limiters (default: from the environment, `cloud/sim/carriers.ts`). */
  sim?: Carriers;
};

export type Auth = {
  userId: number;
  tenantId: number;
  username: string;
  realname: string;
  /** Comma-joined role codes (a role check passes when this string contains the code). */
  roles: string;
  roleIds: number[];
  tokenHash: string;
  isPlatform: boolean;
  /** Set when the caller came with a personal API key: at most its scope (`cloud/lib/serve.ts`, `visibleProjects`). */
  apiKey?: { id: number; writable: boolean; projectIds: number[] | null };
  /** The access epoch read when the token was checked: this request's cached answers belong to it. */
  epoch: number;
};

export type CloudEnv = {
  Variables: {
    deps: Deps;
    locale: Locale;
    auth: Auth;
    ip: string;
    /** The call's project (`requireProject` / `optionalProject`); null when none is named. */
    project: ActiveProject | null;
    /** The cloud itself, for calls made in-process as the caller (the assistant's and MCP's tools). */
    inner: { app: Hono<CloudEnv>; base: string };
  };
};

export type Ctx = Context<CloudEnv>;
