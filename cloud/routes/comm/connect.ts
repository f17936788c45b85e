import { eq, inArray } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { connectApi } from "@/lib/contract/device/connect";
import { connect, type Connect } from "@/lib/contract/device/product";
import { connections, objModelConnections, objModels, productConnections, products } from "../../db/schema";
import { crudRoutes } from "../../lib/crud-routes";
import { AppError } from "../../lib/http";
import { tenantScope } from "../../lib/scope";
import { inUse } from "../../lib/product-common";
import { joinedText } from "../../lib/i18n-text";
import { productNameIn } from "../../db/queries/products";

/** comm connect: connections (system or device, BASE or FUNCTION); codes unique in a tenant. */
export const connectServed = crudRoutes<typeof connect.fields, Connect>({
  table: connections,
  entity: connect,
  calls: connectApi,
  unique: [{ field: "connectCode", error: (code) => new AppError(Code.CONFLICT, "product.connectCodeTaken", { code }) }],
  /** A connection products or object models use is kept: the refusal names them. */
  beforeDelete: async (c, ids) => {
    const db = c.var.deps.db;
    const scope = tenantScope(c.var.auth);
    const [prods, models] = await Promise.all([
      db.selectDistinct({ name: productNameIn(c.var.locale) }).from(productConnections).innerJoin(products, eq(products.id, productConnections.productId)).where(scope.where(productConnections, inArray(productConnections.connectId, ids))),
      db.selectDistinct({ name: joinedText(c.var.locale, objModels.modelName, objModels.i18n, "modelName") }).from(objModelConnections).innerJoin(objModels, eq(objModels.id, objModelConnections.modelId)).where(scope.where(objModelConnections, inArray(objModelConnections.connectId, ids))),
    ]);
    const users = [
      { kind: "product.usage.product", names: prods.map((p) => p.name) },
      { kind: "product.usage.objModel", names: models.map((m) => m.name) },
    ].filter((u) => u.names.length);
    if (users.length) throw inUse(c, users);
  },
});
