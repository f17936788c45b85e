import type { CompanyInfo } from "@/lib/contract/company";
import type { PublicPwdMode } from "@/lib/contract/auth";

/** What `loginApi.pwdMode` tells an anonymous visitor. */
export type PwdMode = PublicPwdMode;
export type LoginBranding = CompanyInfo;
