"use client";

import { useTranslations } from "next-intl";
import { PlusIcon, Trash2Icon } from "lucide-react";
import type * as React from "react";
import { SelectField, useDict, type CustomFieldProps, type DictOption } from "@/components/kit";
import { NumberInput } from "@/components/kit/form/number-input";
import { Button } from "@/components/ui/button";
import { useCall } from "@/lib/api/call";
import { COMPARE_RANGE } from "@/lib/contract/alarm/enums";
import { alarmLevelApi, LEVELS_IN_ORDER } from "@/lib/contract/alarm/level";
import { MAX_RULE_LEVELS, type RuleCondition } from "@/lib/contract/alarm/rule";
import { LevelBadge } from "./level-badge";

type Row = Partial<Omit<RuleCondition, "threshold" | "minValue" | "maxValue">> & { threshold?: number | ""; minValue?: number | ""; maxValue?: number | "" };
type Select = React.ComponentProps<typeof SelectField>;
type RowErrors = Partial<Record<keyof RuleCondition, { message?: string }>>;

/**
 * A value rule's levels, mildest first (e.g. warning / alarm / control values): each row a level,
 * a compare operator and its threshold or range; the errors of each row under it.
 */
export function RuleLevelsField({ field, id, form, disabled }: CustomFieldProps) {
  const t = useTranslations("alarm.rule.levels");
  const ops = useDict("compareType");
  const { data } = useCall(alarmLevelApi.page, LEVELS_IN_ORDER);
  const levels = data?.records ?? [];
  const rows: Row[] = Array.isArray(field.value) ? field.value : [];
  const errors = (form.formState.errors.conditions as unknown as RowErrors[] | undefined) ?? [];
  const set = (i: number, patch: Partial<Row>) => field.onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const used = new Set(rows.map((r) => Number(r.levelId)));
  const next = levels.find((l) => !used.has(l.id));

  return (
    <div id={id} className="space-y-2" data-testid="rule-levels">
      {rows.map((r, i) => {
        const range = Number(r.compareType ?? 1) === COMPARE_RANGE;
        const level = levels.find((l) => l.id === Number(r.levelId));
        const err = Object.values(errors[i] ?? {}).find((e) => e?.message)?.message;
        const num = (key: "threshold" | "minValue" | "maxValue") => (
          <NumberInput
            aria-label={t(key)}
            placeholder={t(key)}
            className="w-28"
            floatNum={6}
            value={r[key] ?? ""}
            disabled={disabled}
            aria-invalid={!!errors[i]?.[key]}
            data-testid={`rule-level-${key}`}
            onChange={(v) => set(i, { [key]: v })}
          />
        );
        // The level and the comparison: selects labelled for screen readers (the row reads as a sentence).
        const select = (key: "level" | "compare", options: DictOption[], value: Select["value"], onChange: Select["onChange"], invalid?: boolean) => (
          <>
            <label htmlFor={`${id}-${i}-${key}`} className="sr-only">
              {t(key)}
            </label>
            <SelectField id={`${id}-${i}-${key}`} className="w-40" options={options} value={value} clearable={false} disabled={disabled} invalid={invalid} onChange={onChange} />
          </>
        );
        return (
          <div key={i} role="group" aria-label={t("row", { n: i + 1 })} className="rounded-md border p-2" data-testid="rule-level">
            <div className="flex flex-wrap items-center gap-2">
              <span className="w-6 text-center text-xs text-muted-foreground tabular-nums">{i + 1}</span>
              {select(
                "level",
                levels.map((l) => ({ value: l.id, label: `${l.levelNum} · ${l.levelName}` })),
                r.levelId ?? null,
                (v) => set(i, { levelId: v === "" || v === null ? undefined : Number(v) }),
                !!errors[i]?.levelId,
              )}
              {level && <LevelBadge name={level.levelName} color={level.color} />}
              {select("compare", ops, r.compareType ?? 1, (v) => set(i, { compareType: Number(v) as RuleCondition["compareType"] }))}
              {range ? (
                <>
                  {num("minValue")}
                  <span className="text-muted-foreground">–</span>
                  {num("maxValue")}
                </>
              ) : (
                num("threshold")
              )}
              <Button type="button" variant="ghost" size="icon" className="ml-auto" aria-label={t("remove", { n: i + 1 })} disabled={disabled} onClick={() => field.onChange(rows.filter((_, j) => j !== i))}>
                <Trash2Icon />
              </Button>
            </div>
            {err && (
              <p role="alert" className="mt-1 pl-8 text-xs text-destructive">
                {err}
              </p>
            )}
          </div>
        );
      })}
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled || rows.length >= MAX_RULE_LEVELS}
        onClick={() => field.onChange([...rows, { levelId: next?.id, compareType: rows.at(-1)?.compareType ?? 1 }])}
        data-testid="rule-level-add"
      >
        <PlusIcon /> {t("add")}
      </Button>
    </div>
  );
}
