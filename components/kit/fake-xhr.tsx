// Test-only: the harness of the upload and import tests, which send through XMLHttpRequest.
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { cleanup } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { loadMessages } from "@/lib/i18n/namespaces";

/** A stand-in XHR: each send is kept so the test answers it when it chooses. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  url = "";
  body: FormData | null = null;
  responseText = "";
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  open(_m: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  answer(env: unknown) {
    this.responseText = JSON.stringify(env);
    this.onload?.();
  }
}

/**
 * For every test of the calling file: XMLHttpRequest is a FakeXhr with nothing sent yet, `mocks`
 * (the file's toast) are reset, and the DOM is cleaned up afterwards. `intl` wraps a tree in the
 * English messages.
 */
export function fakeXhrSuite(mocks: Record<string, { mockReset: () => unknown }>) {
  let messages: Record<string, unknown> = {};
  beforeAll(async () => {
    messages = await loadMessages("en");
  });
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    Object.values(mocks).forEach((f) => f.mockReset());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return {
    intl: (ui: React.ReactNode) => (
      <NextIntlClientProvider locale="en" messages={messages}>
        {ui}
      </NextIntlClientProvider>
    ),
  };
}
