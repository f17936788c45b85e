/** The kit's public API; see the usage notes at the top of resource/define-resource.ts. */
export { defineResource, permOf, PAGE_SIZES } from "./resource/define-resource";
export type {
  Resource,
  ResourceConfig,
  ResourceUi,
  ResourceSession,
  KitColumn,
  ColumnSpec,
  ColumnType,
  SearchConfig,
  SearchItem,
  FormField,
  FormConfig,
  FieldType,
  CustomFieldProps,
  DetailRow,
  RowAction,
  BuiltinRowActionOptions,
  ToolbarAction,
  TreeConfig,
  DialogMode,
  TabsConfig,
} from "./resource/define-resource";
export { ResourcePage } from "./resource/resource-page";
export { SearchBar } from "./search/search-bar";
export { DataTable } from "./table/data-table";
export { TreeTable } from "./table/tree-table";
export { RowActions } from "./table/row-actions";
export { KitDialog } from "./dialogs/kit-dialog";
export { useConfirm } from "./dialogs/confirm-dialog";
export { DetailDialog, DetailRows, DetailValue } from "./dialogs/detail-dialog";
export { InfoView, type InfoItem } from "./dialogs/info-view";
export { FormFields } from "./form/form-fields";
export { localizedResolver } from "./form/localized-resolver";
export { useValidationTranslate } from "./form/use-validation-translate";
export { NumberInput } from "./form/number-input";
export { normalizeNumber } from "./form/number-rules";
export { SelectField, MultiSelectField } from "./form/select-field";
export { AreaCascader, areaPath, joinAreaNames, useAreaTree } from "./form/area-cascader";
export { useDict, useRevalidateDict, dictLabel, type DictOption } from "./dict/use-dict";
export { SessionProvider, useSession, type KitSession } from "./session";
