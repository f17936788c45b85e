import { describe, expect, it } from "vitest";
import { localized, writtenTexts } from "./i18n-text";

const seeded = { name: "平台管理员", remark: null, i18n: { name: { "zh-cn": "平台管理员", en: "Platform administrator" } } };

describe("multilingual texts", () => {
  it("answers a row's texts in the caller's language, its own text where a language is missing", () => {
    expect(localized("en", seeded).name).toBe("Platform administrator");
    expect(localized("zh-cn", seeded).name).toBe("平台管理员");
    expect(localized("en", { name: "巡检组", i18n: { name: { "zh-cn": "巡检组" } } }).name).toBe("巡检组");
    const plain = { name: "巡检组", i18n: null };
    expect(localized("en", plain)).toBe(plain);
  });

  it("keeps the other language when a multilingual text is edited, and the column in the default language", () => {
    expect(writtenTexts("en", seeded.i18n, { name: "Platform admin" })).toEqual({
      i18n: { name: { "zh-cn": "平台管理员", en: "Platform admin" } },
      columns: { name: "平台管理员" },
    });
    expect(writtenTexts("zh-cn", seeded.i18n, { name: "超级管理员" })).toEqual({
      i18n: { name: { "zh-cn": "超级管理员", en: "Platform administrator" } },
      columns: { name: "超级管理员" },
    });
    // A partial update that leaves the name out keeps both names.
    expect(writtenTexts("en", seeded.i18n, { remark: "x" }).i18n).toEqual(seeded.i18n);
  });

  it("takes both names from the multilingual dialog, and leaves a plain row plain", () => {
    expect(writtenTexts("en", null, { itemName: "Pile", i18n: { itemName: { "zh-cn": "桩基", en: "Pile" } } })).toEqual({
      i18n: { itemName: { "zh-cn": "桩基", en: "Pile" } },
      columns: { itemName: "桩基" },
    });
    expect(writtenTexts("en", null, { itemName: "Pile" })).toEqual({ i18n: null, columns: {} });
    expect(writtenTexts("en", { remark: { "zh-cn": "备注", en: "Remark" } }, { remark: "" })).toEqual({ i18n: null, columns: { remark: null } });
  });
});
