import { proxyApi } from "@/lib/server/api-proxy";

type Ctx = { params: Promise<{ service: string }> };
const handle = async (request: Request, { params }: Ctx) => proxyApi(request, (await params).service);

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
