import * as React from "react";

export type ToggleProps<C extends boolean | "indeterminate"> = Omit<React.ComponentProps<"button">, "value" | "defaultChecked" | "onChange"> & {
  checked?: C;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/** The button of a checkbox or a switch: role, aria-checked, data-state, and the toggle on click. */
export function useToggle<C extends boolean | "indeterminate">(role: "checkbox" | "switch", { checked, defaultChecked, onCheckedChange, onClick, onKeyDown, ...rest }: ToggleProps<C>) {
  const [own, setOwn] = React.useState(defaultChecked ?? false);
  const value: boolean | "indeterminate" = checked ?? own;
  const state = value === "indeterminate" ? "indeterminate" : value ? "checked" : "unchecked";
  const button: React.ComponentProps<"button"> & { "data-state": typeof state } = {
    type: "button",
    role,
    "aria-checked": value === "indeterminate" ? "mixed" : value,
    "data-state": state,
    ...rest,
    onKeyDown: (e) => {
      onKeyDown?.(e);
      if (role === "checkbox" && e.key === "Enter") e.preventDefault();
    },
    onClick: (e) => {
      onClick?.(e);
      if (e.defaultPrevented) return;
      const next = value === "indeterminate" ? true : !value;
      if (checked === undefined) setOwn(next);
      onCheckedChange?.(next);
    },
  };
  return { state, button };
}
