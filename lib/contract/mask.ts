/**
 * Masking of personal data (core §6): phones keep their first 3 and last 4 digits with four
 * asterisks between; e-mails keep their first 3 characters and the domain. A tenant can exempt
 * viewers by user id or by department id.
 */
export const MASK = "****";

export function maskPhone(phone: string | null | undefined): string {
  const s = (phone ?? "").trim();
  if (!s) return "";
  // Too short to keep 3 + 4 digits visible: keep the first 3 only.
  if (s.length <= 7) return `${s.slice(0, 3)}${MASK}`;
  return `${s.slice(0, 3)}${MASK}${s.slice(-4)}`;
}

export function maskEmail(email: string | null | undefined): string {
  const s = (email ?? "").trim();
  if (!s) return "";
  const at = s.lastIndexOf("@");
  const local = at > 0 ? s.slice(0, at) : s;
  const domain = at > 0 ? s.slice(at) : "";
  return `${local.slice(0, 3)}${MASK}${domain}`;
}

export type MaskSettings = { enabled: boolean; exemptUserIds?: readonly number[]; exemptDepartmentIds?: readonly number[] };
export type Viewer = { userId: number; departmentId?: number | null };

/** Whether this viewer sees masked values: masking is on and they are not exempt. */
export function shouldMask(settings: MaskSettings | null | undefined, viewer: Viewer): boolean {
  if (!settings?.enabled) return false;
  if (settings.exemptUserIds?.includes(viewer.userId)) return false;
  if (viewer.departmentId != null && settings.exemptDepartmentIds?.includes(viewer.departmentId)) return false;
  return true;
}
