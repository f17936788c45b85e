import type * as React from "react";
import dynamic from "next/dynamic";

/**
 * Several named components of one module, each loaded by `next/dynamic` when it first mounts, so
 * the module stays out of the screen's first load: it is imported only through `importer`.
 * `const { FolderDialog, MoveDialog } = lazyParts(() => import("./media-dialogs"), ["FolderDialog", "MoveDialog"])`.
 */
export function lazyParts<M extends { [N in K]: React.ComponentType<never> }, K extends keyof M & string>(importer: () => Promise<M>, names: readonly K[]): Pick<M, K> {
  // Each part keeps the module's own (possibly generic) type; dynamic's wrapper takes the same props.
  return Object.fromEntries(names.map((name) => [name, dynamic(() => importer().then((m) => m[name] as React.ComponentType))])) as unknown as Pick<M, K>;
}
