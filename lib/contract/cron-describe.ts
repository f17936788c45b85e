import cronstrue from "cronstrue";
import "cronstrue/locales/zh_CN";
import "cronstrue/locales/en";
import type { Locale } from "./locale";

/*
 * Apart from the cron rules (cron.ts) because only the cron picker describes an expression: the
 * contracts that check one (OTA schedules, robot plans) carry croner, not cronstrue and its locales.
 */

/** A sentence for the expression (cronstrue), or null when it cannot be described. */
export function describeCron(expr: string, locale: Locale): string | null {
  try {
    return cronstrue.toString(expr, { locale: locale === "en" ? "en" : "zh_CN", use24HourTimeFormat: true, dayOfWeekStartIndexZero: false, throwExceptionOnParseError: true });
  } catch {
    return null;
  }
}
