"use client";

import * as React from "react";
import { deferred, useDeferred } from "@/components/ui/deferred";

/**
 * A screen's own dialogs host (menu permissions, members, a tenant's authorisation…), kept out of
 * the list's first load with radix dialog, focus scope and scroll lock: it loads when the browser is
 * first idle after hydration. Its dialogs open from URL parameters, so a click or a link that opened
 * one before the host arrived shows it as soon as the host renders.
 */
export function deferredDialogs<P extends object>(importer: () => Promise<React.ComponentType<P>>) {
  const part = deferred(importer);
  return function DeferredDialogs(props: P) {
    const Host = useDeferred(part);
    return Host ? <Host {...props} /> : null;
  };
}
