/**
 * The caller's company settings (`sys/company/info`), shared by the loginPage, companyInfo,
 * companyColor and phoneSet screens. After a save they are read again and the server-rendered
 * shell and login screen render again: they show the branding (core §3: changes show at once).
 */
export const companySettings = { info: "sys/company/info", refreshServer: true } as const;
