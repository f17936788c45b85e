"use client";

import * as React from "react";
import useSWR from "swr";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { swrFetcher } from "@/lib/api/fetcher";
import { callKey } from "@/lib/api/call";
import type { AnyCall } from "@/lib/contract/call";
import { deferred, usePart } from "@/components/ui/deferred";
import { zodReady } from "@/lib/zod-ready";
import { PageFrame } from "../page-frame";
import type { FormField } from "../resource/define-resource";
import { SettingsBody } from "./settings-body";
import type { SettingsCard } from "./settings-card";

/** What field builders and extras get: the whole translator and the loaded settings. */
export type SettingsContext<Data> = { t: (key: string, values?: Record<string, string | number>) => string; data: Data };

export type SettingsCardConfig<Data> = {
  /** Test id of the card (`<id>-save`, `<id>-reset` on its buttons). */
  id: string;
  /** Message keys under the screen's `ns`. */
  title: string;
  description?: string;
  /** The contract schema of the form (the cloud checks again). */
  schema: z.ZodType;
  /** The POST call of this card's save. */
  save: AnyCall;
  /** Permission of the save, without which the card is read-only (default: the save call's). */
  perm?: string;
  /** The card's form values out of the loaded settings. */
  values: (data: Data) => FieldValues;
  fields: FormField[] | ((ctx: SettingsContext<Data>) => FormField[]);
  columns?: 1 | 2;
  /** Form values → request body (default: as they are). */
  toBody?: (values: FieldValues) => unknown;
  /** Content under the fields (previews), given the live form. */
  extra?: (form: UseFormReturn<FieldValues>, ctx: SettingsContext<Data>) => React.ReactNode;
};

export type SettingsConfig<Data> = {
  /** Message prefix of every label. */
  ns: string;
  /** The GET call of the settings. */
  info: AnyCall;
  /**
   * "answer": a save answers the whole settings, kept as they are; "reload" (default): the settings
   * are read again after a save.
   */
  saved?: "answer" | "reload";
  /** After a save the server-rendered parts render again (the shell shows branding). */
  refreshServer?: boolean;
  /** "single" (default): one column; "split": the first card left, the others stacked right. */
  layout?: "single" | "split";
  cards: SettingsCardConfig<Data>[];
};

export type Settings<Data> = SettingsConfig<Data>;

/**
 * A settings screen: one GET of the settings, and cards each bound to its own save endpoint
 * (form checked by the contract schema, dirty marker, reset, save). Module constant, rendered by
 * `<SettingsPage settings={...} />` in the page frame.
 */
export function defineSettings<Data>(config: SettingsConfig<Data>): Settings<Data> {
  return config;
}

/**
 * The cards' form (react-hook-form, the field adapters) and zod, which reads their rules: loaded as
 * the screen mounts, beside the settings' own call, and not in its first load. The cards render when
 * both are in, so their first render already marks required fields and checks values.
 */
const cardPart = deferred(() => Promise.all([import("./settings-card"), zodReady()]).then(([m]) => m.SettingsCard));

function Section<Data>({ Card, settings, card, data, onSaved }: { Card: typeof SettingsCard; settings: Settings<Data>; card: SettingsCardConfig<Data>; data: Data; onSaved: (answer: unknown) => Promise<unknown> }) {
  const tAll = useTranslations();
  const t = React.useCallback((key: string, values?: Record<string, string | number>) => tAll(key as never, values as never), [tAll]);
  const ctx = React.useMemo(() => ({ t, data }), [t, data]);
  const values = React.useMemo(() => card.values(data), [card, data]);
  const fields = React.useMemo(() => (typeof card.fields === "function" ? card.fields(ctx) : card.fields), [card, ctx]);
  const label = (key: string) => tAll(`${settings.ns}.${key}` as never);
  return (
    <Card
      ns={settings.ns}
      testId={card.id}
      title={label(card.title)}
      description={card.description ? label(card.description) : undefined}
      schema={card.schema}
      values={values}
      fields={fields}
      columns={card.columns}
      save={card.save}
      perm={card.perm}
      toBody={card.toBody}
      onSaved={onSaved}
    >
      {card.extra ? (form) => card.extra!(form, ctx) : undefined}
    </Card>
  );
}

export function SettingsPage<Data>({ settings }: { settings: Settings<Data> }) {
  const router = useRouter();
  const { data, error, mutate } = useSWR<Data>(callKey(settings.info, {}), swrFetcher);
  const Card = usePart(cardPart);
  const [partFailed, setPartFailed] = React.useState(false);
  React.useEffect(() => {
    if (!cardPart.current()) cardPart.load().catch(() => setPartFailed(true));
  }, []);
  const onSaved = React.useCallback(
    async (answer: unknown) => {
      await (settings.saved === "answer" ? mutate(answer as Data, { revalidate: false }) : mutate());
      if (settings.refreshServer) router.refresh();
    },
    [settings, mutate, router],
  );
  const sections = (loaded: Data, card: typeof SettingsCard) => settings.cards.map((c) => <Section key={c.id} Card={card} settings={settings} card={c} data={loaded} onSaved={onSaved} />);
  return (
    <PageFrame>
      {/* Until the cards' part is in, the settings wait as if loading (or fail as a failed load). */}
      <SettingsBody data={Card && data !== undefined ? { loaded: data, Card } : undefined} error={error ?? partFailed}>
        {({ loaded, Card: card }) => {
          const [first, ...rest] = sections(loaded, card);
          return settings.layout === "split" ? (
            <div className="grid items-start gap-4 xl:grid-cols-2">
              {first}
              <div className="grid gap-4">{rest}</div>
            </div>
          ) : (
            <div className="grid max-w-3xl gap-4">
              {first}
              {rest}
            </div>
          );
        }}
      </SettingsBody>
    </PageFrame>
  );
}
