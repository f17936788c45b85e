import { bilingual } from "./bilingual";
import { bilingualFunction } from "./function-names";
import type { Db } from "../db/client";
import { connections, objFunctions, objModelFunctions, objModels, productConnections, productCopies, productFunctions, productSubs, products } from "../db/schema";
import { functionValues } from "../db/queries/products";
import { DEMO_LIBRARY, DEMO_PRODUCTS, PLATFORM_COPY_KEYS, battery, signal, temperature } from "./product-catalogue";

const spec = (p: (typeof DEMO_PRODUCTS)[number]) => ({
  prodModel: p.prodModel,
  prodCategory: p.prodCategory,
  prodType: p.prodType,
  netType: p.netType,
  dataFormat: p.dataFormat,
  gatewayType: p.gatewayType ?? null,
  verifyType: p.verifyType,
  activeCycle: p.activeCycle,
  monitorType: p.monitorType ?? null,
  description: p.description,
});

/**
 * The demo tenant's product catalogue (the 13 sensor products, a gateway with its sub-products, a
 * function library, an object model and connections) and the platform's product copies.
 * Returns the demo products' ids by catalogue key.
 */
export async function seedProducts(db: Db, ids: { tenantId: number; platformTenantId: number; admin: number }): Promise<Record<string, number>> {
  const rows = await db
    .insert(products)
    .values(DEMO_PRODUCTS.map((p) => ({ tenantId: ids.tenantId, ...bilingual({ prodName: p.prodName }), ...spec(p), createdBy: ids.admin })))
    .returning({ id: products.id });
  const byKey = Object.fromEntries(DEMO_PRODUCTS.map((p, i) => [p.key, rows[i].id]));
  await db.insert(productFunctions).values(
    DEMO_PRODUCTS.flatMap((p) => p.functions.map((fn, sort) => ({ ...functionValues(bilingualFunction(fn)), tenantId: ids.tenantId, productId: byKey[p.key], sort }))),
  );
  await db.insert(productSubs).values(DEMO_PRODUCTS.flatMap((p) => (p.subs ?? []).map((sub) => ({ gatewayId: byKey[p.key], subId: byKey[sub], tenantId: ids.tenantId }))));

  await db.insert(objFunctions).values(DEMO_LIBRARY.map((fn) => ({ ...functionValues(bilingualFunction(fn)), tenantId: ids.tenantId })));
  const [model] = await db.insert(objModels).values({ tenantId: ids.tenantId, ...bilingual({ modelName: ["通用无线传感器", "Generic wireless sensor"], description: ["电池供电、4G/NB-IoT 上报的传感器共有的属性", "Properties shared by battery-powered sensors reporting over 4G/NB-IoT"] }), modelType: 1 }).returning();
  await db.insert(objModelFunctions).values([battery, signal, temperature].map((fn, sort) => ({ ...functionValues(bilingualFunction(fn)), tenantId: ids.tenantId, modelId: model.id, sort })));

  const [push, zero] = await db
    .insert(connections)
    .values([
      { tenantId: ids.tenantId, connectName: "监测数据转发", connectCode: "dataForward", connectType: "system", methodType: "BASE", netType: "http", address: "https://data.example.com/api/monitor", port: 443, description: "把上报数据转发到业主的数据平台" },
      { tenantId: ids.tenantId, connectName: "远程置零", connectCode: "remoteZero", connectType: "device", methodType: "FUNCTION", functionIdentifier: "setZero", description: "调用设备的置零服务" },
    ])
    .returning({ id: connections.id });
  await db.insert(productConnections).values([
    { productId: byKey.tilt, connectId: push.id, tenantId: ids.tenantId },
    { productId: byKey.tilt, connectId: zero.id, tenantId: ids.tenantId },
    { productId: byKey.settlement, connectId: push.id, tenantId: ids.tenantId },
  ]);

  await db.insert(productCopies).values(
    DEMO_PRODUCTS.filter((p) => PLATFORM_COPY_KEYS.includes(p.key)).map((p) => ({ tenantId: ids.platformTenantId, copyName: `${p.prodName[0]}（标准）`, ...spec(p), functions: p.functions.map((fn) => bilingualFunction(fn)) })),
  );
  return byKey;
}
