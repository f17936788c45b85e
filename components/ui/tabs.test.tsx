// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

afterEach(cleanup);

describe("Tabs", () => {
  it("points each trigger at its panel (Radix keeps inactive panels as hidden elements)", () => {
    render(
      <Tabs defaultValue="a">
        <TabsList>
          <TabsTrigger value="a">A</TabsTrigger>
          <TabsTrigger value="b">B</TabsTrigger>
        </TabsList>
        <TabsContent value="a">panel A</TabsContent>
        <TabsContent value="b">panel B</TabsContent>
      </Tabs>,
    );
    const [a, b] = screen.getAllByRole("tab");
    for (const tab of [a, b]) expect(document.getElementById(tab.getAttribute("aria-controls")!)).not.toBeNull();
  });

  it("tabs used as a filter (no panels) point at nothing", () => {
    render(
      <Tabs value="x">
        <TabsList>
          <TabsTrigger value="x">X</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    expect(screen.getByRole("tab").hasAttribute("aria-controls")).toBe(false);
  });
});
