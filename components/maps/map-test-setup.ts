import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { cleanup } from "@testing-library/react";
import { loadMessages } from "@/lib/i18n/namespaces";

/**
 * What the tests of a screen with a map set up: both locales' messages (read before the tests), a
 * ResizeObserver (jsdom has none; the canvas measures its box), and a clean DOM, storage and
 * globals between tests. A test's own resets go in hooks of its own.
 */
export function mapTestSetup() {
  const messages: Record<string, Record<string, unknown>> = {};
  beforeAll(async () => {
    messages.en = await loadMessages("en");
    messages["zh-cn"] = await loadMessages("zh-cn");
  });
  beforeEach(() => {
    vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return messages;
}
