import { setLocale } from "@/lib/server/auth-handlers";

export const POST = (request: Request) => setLocale(request);
