import { logout } from "@/lib/server/auth-handlers";

export const POST = (request: Request) => logout(request);
