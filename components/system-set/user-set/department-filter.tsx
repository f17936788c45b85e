"use client";

import { useTranslations } from "next-intl";
import { MasterPane, MASTER_DEBOUNCE_MS } from "@/components/kit/master/master-pane";
import { departmentLabel, useDepartments } from "../department-set/use-departments";

/**
 * The department tree left of the user list: choosing a department shows its users and those
 * below it; choosing it again shows everyone. Settles so quick clicks load the list once.
 */
export function DepartmentFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const t = useTranslations("system.user");
  return (
    <MasterPane
      source={useDepartments()}
      childrenKey="childrens"
      labelOf={departmentLabel}
      value={value}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      toggle
      settle={MASTER_DEBOUNCE_MS}
      searchLabel={t("departmentSearch")}
      empty={t("noDepartment")}
      label={t("fields.departmentId")}
      testId="department-filter"
      itemTestId={(n) => `dept-filter-${n.id}`}
    />
  );
}
