import { TabsList, TabsTrigger } from "@/components/ui/tabs";

/** The login card's choice between ways of doing one thing (password or code, SMS or e-mail): tabs sharing the card's width. */
export function ModeTabsList({ modes }: { modes: readonly { value: string; label: string }[] }) {
  return (
    <TabsList className="w-full">
      {modes.map((m) => (
        <TabsTrigger key={m.value} value={m.value} className="flex-1">
          {m.label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
