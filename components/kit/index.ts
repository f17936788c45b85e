/**
 * The kit's public API, one definer per kind of screen (module constants, rendered by one component):
 * - list: `defineResource` → `<ResourcePage>` (notes at the top of resource/define-resource.ts); a custom
 *   list takes `useResourceList` and places the parts (`ResourceTabs`, `ResourceSearch`, `ResourceTable`,
 *   `ResourceDialogs`…); callbacks get `ui.navigate` and `ui.session`; a page of several lists (or a list and a
 *   settings form) under tabs: `<ListFrame readers tabs>` around the chosen tab's `<ResourceList>`;
 * - master-detail: `MasterPane` in a resource's `slots.left` (or beside a nested `useResourceList(res, fixed)`);
 * - detail page / view dialog: `defineDetail` → `<DetailPage>` (cards, then tabs of rows, a nested list or a part);
 * - settings: `defineSettings` → `<SettingsPage>` (cards bound to save endpoints);
 * - monitoring charts: `<ChartPanel>` (ECharts mounts lazily).
 * The kit never imports the shell or a domain: the shell hands it the session (`SessionProvider`).
 */
export { defineResource, permOf, PAGE_SIZES } from "./resource/define-resource";
export { urlDate, urlFixed, urlId, urlList, urlNumber, urlOneOf, urlText, type UrlKeys, type UrlValue } from "./resource/url-values";
export type {
  Resource,
  ResourceConfig,
  EntityResourceConfig,
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
  TabItem,
} from "./resource/define-resource";
export { ResourcePage, ResourceList, ListFrame, resourcePage } from "./resource/resource-page";
export { operToggle } from "./resource/oper-toggle";
export { useResourceList, type ResourceListState } from "./resource/use-resource-list";
export { ResourceTabs, ResourceSearch, ResourceToolbar, ResourceTable, ResourcePagination, ResourceDialogs, ToolbarButtons } from "./resource/resource-parts";
export { AreaText, deriveColumns, deriveDetailRows, deriveFormFields, deriveSearchItems, type ColumnTweaks, type Tweaks } from "./resource/entity-views";
export { SearchBar } from "./search/search-bar";
export { remoteOptions, useRemoteOptions, type RemoteOptions, type RowOf } from "./dict/use-remote-options";
export { DataTable } from "./table/data-table";
export { TreeTable } from "./table/tree-table";
export { ActionsMenu, RowActions } from "./table/row-actions";
export { KitDialog } from "./dialogs/kit-dialog";
export { CopyLine } from "./copy-line";
export { FormDialog, type FormDialogProps } from "./dialogs/form-dialog";
export { DialogActions } from "./dialogs/dialog-actions";
export { MoveDialog } from "./dialogs/move-dialog";
export { useConfirm } from "./dialogs/confirm-dialog";
export { RecycleBinDialog, type RecycledItem } from "./dialogs/recycle-bin-dialog";
export { DetailDialog } from "./dialogs/detail-dialog";
export { DetailRows, DetailValue } from "./detail/detail-rows";
export { defineDetail, DetailPage, DetailView, type Detail, type DetailConfig, type DetailLayout, type DetailSection, type DetailTab, type DetailAction, type DetailContext } from "./detail/define-detail";
export { FormFields } from "./form/form-fields";
export { localizedResolver } from "./form/localized-resolver";
export { useValidationTranslate } from "./form/use-validation-translate";
export { NumberInput } from "./form/number-input";
export { normalizeNumber } from "./form/number-rules";
export { SelectField, MultiSelectField } from "./form/select-field";
export { AreaCascader } from "./form/area-cascader";
export { areaPath, joinAreaNames, useAreaTree } from "./form/area-tree";
export { useDict, useRevalidateDict, dictLabel, type DictOption } from "./dict/use-dict";
export { SessionProvider, useSession, type KitSession } from "./session";
export { PageFrame, type PageFrameProps } from "./page-frame";
export { useUrlParam, useUrlPatch } from "./url-param";
export { deferredDialogs } from "./dialogs/deferred-dialogs";
export { lazyParts } from "./lazy-parts";
export { MembersDialog, userColumns, type MemberColumn, type MembersPickerProps } from "./dialogs/members-dialog";
export { defineSettings, SettingsPage, type Settings, type SettingsConfig, type SettingsCardConfig, type SettingsContext } from "./settings/define-settings";
export { SettingsCard } from "./settings/settings-card";
export { SettingsBody } from "./settings/settings-body";
export { MasterPane, MASTER_DEBOUNCE_MS, type MasterPaneProps, type MasterSource } from "./master/master-pane";
export { useNsLabel } from "./use-ns-label";
export { ChartPanel, type ChartPanelProps, type ChartSelect, type DayRange } from "./chart/chart-panel";
export { LazyChart } from "./chart/lazy-chart";
