import type { I18nTexts } from "@/lib/contract/i18n-text";
import { sql } from "drizzle-orm";
import { bigint, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity";
import { devices } from "./devices";
import { projects } from "./projects";
import { alarmLevels } from "./alarms";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Product categories (plans, core §1 simProd): price in integer cents, quota per period. */
export const simProducts = pgTable(
  "sim_products",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    prodName: varchar("prod_name", { length: 64 }).notNull(),
    carrier: varchar("carrier", { length: 16 }).notNull(),
    priceCents: bigint("price_cents", { mode: "number" }).notNull(),
    quotaMb: doublePrecision("quota_mb").notNull(),
    /** month, season or year. */
    period: varchar("period", { length: 8 }).notNull(),
    remark: varchar("remark", { length: 500 }),
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [uniqueIndex("sim_products_name").on(t.tenantId, t.prodName)],
);

/** Customers the cards are sold or assigned to (core §1 simCust). */
export const simCustomers = pgTable(
  "sim_customers",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    custName: varchar("cust_name", { length: 64 }).notNull(),
    contact: varchar("contact", { length: 64 }),
    phone: varchar("phone", { length: 20 }),
    remark: varchar("remark", { length: 500 }),
    i18n: jsonb("i18n").$type<I18nTexts>(),
    ...stamps,
  },
  (t) => [uniqueIndex("sim_customers_name").on(t.tenantId, t.custName)],
);

/** A carrier's shared data pool: its quota and use as the carrier reports them, and the alarm threshold. */
export const simPools = pgTable(
  "sim_pools",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    carrier: varchar("carrier", { length: 16 }).notNull(),
    poolCode: varchar("pool_code", { length: 64 }).notNull(),
    quotaMb: doublePrecision("quota_mb").notNull().default(0),
    usedMb: doublePrecision("used_mb").notNull().default(0),
    /** Alarm when the use reaches this percent of the quota… */
    thresholdPct: smallint("threshold_pct").notNull().default(80),
    /** …or, when set, this amount (MB) instead. */
    thresholdMb: doublePrecision("threshold_mb"),
    ...stamps,
  },
  (t) => [uniqueIndex("sim_pools_code").on(t.tenantId, t.carrier, t.poolCode)],
);

/**
 * SIM cards (core §3): identity, carrier, plan, customer, bound device, status beside the carrier's
 * raw status, dates, renewal, quota and use with the day the use is known to ("as of", T+1) and the
 * last sync's outcome.
 */
export const simCards = pgTable(
  "sim_cards",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    iccid: varchar("iccid", { length: 20 }).notNull(),
    imsi: varchar("imsi", { length: 15 }),
    msisdn: varchar("msisdn", { length: 20 }),
    imei: varchar("imei", { length: 20 }),
    imeiStatus: varchar("imei_status", { length: 8 }).notNull().default("NOT_SET"),
    carrier: varchar("carrier", { length: 16 }).notNull(),
    cardType: varchar("card_type", { length: 8 }).notNull().default("SINGLE"),
    poolCode: varchar("pool_code", { length: 64 }),
    productId: integer("product_id").references(() => simProducts.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => simCustomers.id, { onDelete: "set null" }),
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "set null" }),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    status: varchar("status", { length: 16 }).notNull().default("testing"),
    carrierStatus: varchar("carrier_status", { length: 64 }),
    stopReason: varchar("stop_reason", { length: 200 }),
    activatedAt: date("activated_at"),
    expireAt: date("expire_at"),
    renewal: smallint("renewal").notNull().default(0),
    quotaMb: doublePrecision("quota_mb").notNull().default(0),
    usedMb: doublePrecision("used_mb").notNull().default(0),
    usageAsOf: date("usage_as_of"),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    /** ok, or the error of the last sync of this card. */
    syncResult: varchar("sync_result", { length: 200 }),
    remark: varchar("remark", { length: 500 }),
    ...stamps,
  },
  (t) => [
    uniqueIndex("sim_cards_iccid").on(t.tenantId, t.iccid),
    // The ICCID's last digits (the list's `endsWith` search, ⌘K): a prefix search of the reversed ICCID.
    index("sim_cards_iccid_suffix").on(t.tenantId, sql`reverse(${t.iccid}) text_pattern_ops`),
    index("sim_cards_list").on(t.tenantId, t.id),
    index("sim_cards_expire").on(t.tenantId, t.expireAt),
    index("sim_cards_device").on(t.deviceId),
  ],
);

/** A card's use per day (MB), as the carrier reports it a day late. */
export const simUsage = pgTable(
  "sim_usage",
  {
    cardId: integer("card_id").notNull().references(() => simCards.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    usedMb: doublePrecision("used_mb").notNull(),
  },
  // By day: the statistics' range (≤ 31 days) of all a tenant's cards reads those days, not the whole history.
  (t) => [primaryKey({ columns: [t.cardId, t.day] }), index("sim_usage_day").on(t.day)],
);

/**
 * The tenant's use per carrier and day: the sum of its cards' `sim_usage`, kept by triggers on `sim_usage` and
 * `sim_cards` (migration `sim-usage-rollup`) in the transaction that writes the day, so the statistics' range reads
 * ≤ 31 × 3 rows instead of every card's days.
 */
export const simUsageTenant = pgTable(
  "sim_usage_tenant",
  {
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    carrier: varchar("carrier", { length: 16 }).notNull(),
    day: date("day").notNull(),
    // Exact (numeric): added to and taken from as days are written, it never drifts from the sum of the days.
    usedMb: numeric("used_mb").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.carrier, t.day] })],
);

/**
 * A card's use per calendar month (`month` its first day), kept by the same triggers: an upper bound of the card's
 * use over any range inside the month, which lets the statistics find the top users of a range by reading the
 * month's largest cards first (index by tenant, month, use) instead of every card's days.
 */
export const simUsageMonth = pgTable(
  "sim_usage_month",
  {
    cardId: integer("card_id").notNull().references(() => simCards.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    tenantId: integer("tenant_id").notNull(),
    carrier: varchar("carrier", { length: 16 }).notNull(),
    // Exact (numeric): added to and taken from as days are written, it never drifts from the sum of the days.
    usedMb: numeric("used_mb").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.month] }),
    index("sim_usage_month_top").on(t.tenantId, t.month, t.usedMb.desc()),
    index("sim_usage_month_carrier_top").on(t.tenantId, t.carrier, t.month, t.usedMb.desc()),
  ],
);

/** Orders of cards: new plans and renewals (core §1 simOrder). Amount in integer cents. */
export const simOrders = pgTable(
  "sim_orders",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    orderNo: varchar("order_no", { length: 32 }).notNull(),
    /** 1 new, 2 renewal. */
    orderType: smallint("order_type").notNull(),
    productId: integer("product_id").references(() => simProducts.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => simCustomers.id, { onDelete: "set null" }),
    cardIds: jsonb("card_ids").$type<number[]>().notNull().default([]),
    cardCount: integer("card_count").notNull(),
    periods: smallint("periods").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** 1 effective, 2 cancelled. */
    orderStatus: smallint("order_status").notNull().default(1),
    remark: varchar("remark", { length: 500 }),
    createdBy: varchar("created_by", { length: 64 }),
    ...stamps,
  },
  (t) => [uniqueIndex("sim_orders_no").on(t.tenantId, t.orderNo), index("sim_orders_list").on(t.tenantId, t.id)],
);

/** Every operation on a card: who, when, what and the result (core §1 simRecord): also its status history and sync log. */
export const simRecords = pgTable(
  "sim_records",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    cardId: integer("card_id").references(() => simCards.id, { onDelete: "cascade" }),
    iccid: varchar("iccid", { length: 20 }).notNull(),
    action: varchar("action", { length: 16 }).notNull(),
    detail: text("detail"),
    /** 1 success, 2 failed. */
    result: smallint("result").notNull().default(1),
    operator: varchar("operator", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sim_records_card").on(t.cardId, t.id), index("sim_records_tenant").on(t.tenantId, t.id)],
);

/** Expiry rules (core §2 simSet, §7 simExpire): this many days before a card expires, to-dos and in-site messages to these users. */
export const simExpireRules = pgTable("sim_expire_rules", {
  id: serial("id").primaryKey(),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id),
  ruleName: varchar("rule_name", { length: 64 }).notNull(),
  daysBefore: smallint("days_before").notNull(),
  userIds: jsonb("user_ids").$type<number[]>().notNull().default([]),
  enableStatus: smallint("enable_status").notNull().default(1),
  i18n: jsonb("i18n").$type<I18nTexts>(),
  ...stamps,
});

/** Which card a rule has already reminded of, for which expiry date: once per card and rule. */
export const simExpireSent = pgTable(
  "sim_expire_sent",
  {
    ruleId: integer("rule_id").notNull().references(() => simExpireRules.id, { onDelete: "cascade" }),
    cardId: integer("card_id").notNull().references(() => simCards.id, { onDelete: "cascade" }),
    expireAt: date("expire_at").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.cardId, t.expireAt] })],
);

/** One sync with the carriers of a tenant: cards seen and changed, errors, duration, and progress while it runs. */
export const simSyncRuns = pgTable(
  "sim_sync_runs",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    total: integer("total").notNull().default(0),
    seen: integer("seen").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    errors: integer("errors").notNull().default(0),
    durationMs: integer("duration_ms"),
    /** running, done or failed. */
    state: varchar("state", { length: 8 }).notNull().default("running"),
    message: text("message"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("sim_sync_runs_tenant").on(t.tenantId, t.id)],
);

/**
 * A tenant's carrier accounts (one per carrier): the adapter, endpoint, app id, the secret sealed
 * with `SECRETS_KEY` (never answered), and the calls a second the account allows.
 */
export const simCarrierAccounts = pgTable(
  "sim_carrier_accounts",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    accountName: varchar("account_name", { length: 64 }).notNull(),
    carrier: varchar("carrier", { length: 16 }).notNull(),
    /** onelink or simulated. */
    adapter: varchar("adapter", { length: 16 }).notNull(),
    endpoint: varchar("endpoint", { length: 200 }),
    appId: varchar("app_id", { length: 64 }),
    /** Sealed (`cloud/lib/secrets.ts`); null when none is set. */
    secretSealed: text("secret_sealed"),
    rate: smallint("rate").notNull().default(5),
    enableStatus: smallint("enable_status").notNull().default(1),
    remark: varchar("remark", { length: 500 }),
    ...stamps,
  },
  (t) => [uniqueIndex("sim_carrier_accounts_carrier").on(t.tenantId, t.carrier), uniqueIndex("sim_carrier_accounts_name").on(t.tenantId, t.accountName)],
);

/**
 * A tenant's SIM alarm settings: on or off, the project whose alarm centre takes pool alarms and
 * those of cards bound to no device, the levels of warnings and of severe alarms, and the daily use
 * (MB) above which a card's day is anomalous.
 */
export const simAlarmSettings = pgTable("sim_alarm_settings", {
  tenantId: integer("tenant_id").primaryKey().references(() => tenants.id),
  enableStatus: smallint("enable_status").notNull().default(1),
  projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
  warnLevelId: integer("warn_level_id").references(() => alarmLevels.id, { onDelete: "set null" }),
  severeLevelId: integer("severe_level_id").references(() => alarmLevels.id, { onDelete: "set null" }),
  dailyMb: doublePrecision("daily_mb").notNull().default(1024),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The SIM alarms raised, one per subject, line and period: a pool's warning or exhaustion per
 * month, a card's anomalous day per day. A sync every few hours finds the same crossing again;
 * the mark keeps it to one alarm.
 */
export const simAlarmMarks = pgTable(
  "sim_alarm_marks",
  {
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    /** pool or card. */
    kind: varchar("kind", { length: 8 }).notNull(),
    refId: integer("ref_id").notNull(),
    /** warn, full or daily. */
    line: varchar("line", { length: 8 }).notNull(),
    /** The month (YYYY-MM) or the day (YYYY-MM-DD). */
    period: varchar("period", { length: 10 }).notNull(),
    alarmId: integer("alarm_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.refId, t.line, t.period] })],
);
