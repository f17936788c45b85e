// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

afterEach(cleanup);

describe("Tabs", () => {
  it("points a trigger at its panel only while the panel is mounted", () => {
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
    expect(document.getElementById(a.getAttribute("aria-controls")!)).not.toBeNull();
    expect(b.hasAttribute("aria-controls")).toBe(false);
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
