import { z } from "zod";
import { DEFAULT_TIME_ZONE } from "../time-zone";

/** Company info (core §3); every field has a built-in default. */
export const companyInfo = z.object({
  compName: z.string(),
  compLogo: z.string(),
  compNameShort: z.string(),
  compLogoShort: z.string(),
  loginText: z.string(),
  loginLink: z.string(),
  loginBanner: z.string(),
  loginLogo: z.string(),
  loginBackdrop: z.string(),
  skinColor: z.string(),
  /** The tenant's IANA zone: every time the console shows or accepts, and the cloud's days and months (issue 40). */
  timeZone: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const DEFAULT_SKIN_COLOR = "#409EFF";

/** Empty strings mean "use the console's built-in asset". */
export const defaultCompanyInfo: CompanyInfo = {
  compName: "",
  compLogo: "",
  compNameShort: "",
  compLogoShort: "",
  loginText: "",
  loginLink: "",
  loginBanner: "[]",
  loginLogo: "",
  loginBackdrop: "",
  skinColor: DEFAULT_SKIN_COLOR,
  timeZone: DEFAULT_TIME_ZONE,
};
