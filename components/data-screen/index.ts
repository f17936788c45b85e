/**
 * The data screens' frame (core §2: full-screen dashboards opened in a new tab with `?tId=&projId=`,
 * outside the shell). A screen is a `ScreenFrame` of `Panel`s fed by `useLiveData`:
 *
 * ```tsx
 * const { data, loading } = useLiveCall(monitorScreenApi.dataAnalysis, {});
 * <ScreenFrame title={t("title")}>
 *   <Panel title={t("trend")}>{data ? <ScreenChart option={…} ariaLabel={…} /> : <PanelNote>…</PanelNote>}</Panel>
 * </ScreenFrame>
 * ```
 */
export { ScreenFrame, useScreenScale } from "./screen-frame";
export { Panel, PanelNote } from "./panel";
export { ScreenChart, SCREEN_TEXT } from "./screen-chart";
export { useLiveCall, useLiveData, useRefreshMs } from "./use-live-data";
export { useScreen, type ScreenInfo } from "./screen-context";
export { DESIGN } from "./scale";
