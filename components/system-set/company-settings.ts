import { companyApi } from "@/lib/contract/system/company-settings";

/**
 * The caller's company settings (`companyApi.info`), shared by the loginPage, companyInfo,
 * companyColor and phoneSet screens. After a save they are read again and the server-rendered
 * shell and login screen render again: they show the branding (core §3: changes show at once).
 */
export const companySettings = { info: companyApi.info, refreshServer: true } as const;
