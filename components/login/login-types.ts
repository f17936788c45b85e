import type { CompanyInfo } from "@/lib/contract/company";
import type { Complexity } from "@/lib/contract/password";
import type { PwdPolicy } from "@/lib/contract/pwd-policy";

/** What `sys/login/getPwdMode` tells an anonymous visitor. */
export type PwdMode = { complexity: Complexity; forget: PwdPolicy["forget"] };
export type LoginBranding = CompanyInfo;
