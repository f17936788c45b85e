import { sql } from "drizzle-orm";
import { customType, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { tenants } from "./identity";
import { projects } from "./projects";

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Report templates (/reportTemplate) of a project: the editor's HTML with data blocks. */
export const reportTemplates = pgTable(
  "report_templates",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    templateName: varchar("template_name", { length: 64 }).notNull(),
    reportType: smallint("report_type").notNull().default(0),
    content: text("content").notNull(),
    remark: varchar("remark", { length: 200 }),
    ...stamps,
  },
  (t) => [index("report_templates_project").on(t.tenantId, t.projectId, t.id)],
);

/** Report plans (/reportPlan): when a template is generated, over which hours, for whom. */
export const reportPlans = pgTable(
  "report_plans",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    planName: varchar("plan_name", { length: 64 }).notNull(),
    templateId: integer("template_id").notNull().references(() => reportTemplates.id),
    reportType: smallint("report_type").notNull().default(0),
    reportDay: smallint("report_day").notNull().default(1),
    dateType: smallint("date_type").notNull().default(0),
    startTime: varchar("start_time", { length: 5 }),
    endTime: varchar("end_time", { length: 5 }),
    runTime: varchar("run_time", { length: 5 }).notNull().default("08:00"),
    recipients: jsonb("recipients").$type<number[]>().notNull().default([]),
    state: smallint("state").notNull().default(1),
    /** The language its reports are written in: the one of whoever saved the plan. */
    language: varchar("language", { length: 8 }).notNull().default("zh-cn"),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    createdBy: integer("created_by"),
    ...stamps,
  },
  (t) => [index("report_plans_project").on(t.tenantId, t.projectId, t.id)],
);

/**
 * Reports (/reportList): one rendering of a template over a period. A plan's report of a period is
 * unique (`report_plan_period`): however many instances run the schedule, one row is written.
 */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    planId: integer("plan_id").references(() => reportPlans.id, { onDelete: "set null" }),
    templateId: integer("template_id").references(() => reportTemplates.id, { onDelete: "set null" }),
    reportName: varchar("report_name", { length: 100 }).notNull(),
    reportNo: varchar("report_no", { length: 32 }).notNull(),
    reportType: smallint("report_type").notNull().default(0),
    /** The period's first day and the day after its last, as calendar days of the platform's zone. */
    periodStart: varchar("period_start", { length: 10 }).notNull(),
    periodEnd: varchar("period_end", { length: 10 }).notNull(),
    /** The custom window of each day (`HH:mm`), null for whole days. */
    startTime: varchar("start_time", { length: 5 }),
    endTime: varchar("end_time", { length: 5 }),
    /** The template's HTML when the report was asked for: regenerating renders the same document. */
    content: text("content").notNull(),
    language: varchar("language", { length: 8 }).notNull().default("zh-cn"),
    status: smallint("status").notNull().default(0),
    failReason: text("fail_reason"),
    pdfSize: integer("pdf_size"),
    docxSize: integer("docx_size"),
    durationMs: integer("duration_ms"),
    review: smallint("review").notNull().default(0),
    reviewedBy: integer("reviewed_by"),
    reviewedByName: varchar("reviewed_by_name", { length: 64 }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewNote: varchar("review_note", { length: 500 }),
    /** Conclusions written by hand before approval (lines per conclusion block, in order); null: the rules' sentences. */
    conclusions: jsonb("conclusions").$type<string[][]>(),
    conclusionsByName: varchar("conclusions_by_name", { length: 64 }),
    conclusionsAt: timestamp("conclusions_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdBy: integer("created_by"),
    createdByName: varchar("created_by_name", { length: 64 }),
    ...stamps,
  },
  (t) => [
    index("reports_project").on(t.tenantId, t.projectId, t.id),
    uniqueIndex("report_plan_period").on(t.planId, t.periodStart).where(sql`plan_id is not null`),
    index("reports_generating").on(t.status).where(sql`status = 0`),
  ],
);

/** A generated report's files (PDF, Word), kept in the database so every instance serves them. */
export const reportFiles = pgTable(
  "report_files",
  {
    reportId: integer("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    format: varchar("format", { length: 8 }).notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.format] })],
);

/** Custom pages /page/page1–3 of a project: a document of report blocks shown live over the last `days` days. */
export const customPages = pgTable(
  "custom_pages",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    projectId: integer("project_id").notNull().references(() => projects.id, { onDelete: "cascade" }),
    page: smallint("page").notNull(),
    title: varchar("title", { length: 64 }).notNull().default(""),
    days: smallint("days").notNull().default(7),
    content: text("content").notNull(),
    updatedBy: integer("updated_by"),
    updatedByName: varchar("updated_by_name", { length: 64 }),
    ...stamps,
  },
  (t) => [uniqueIndex("custom_pages_project_page").on(t.projectId, t.page)],
);
