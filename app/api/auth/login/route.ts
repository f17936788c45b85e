import { login } from "@/lib/server/auth-handlers";

export const POST = (request: Request) => login(request);
