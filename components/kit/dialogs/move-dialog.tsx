"use client";

import * as React from "react";
import { toast } from "@/lib/toast";
import { KitDialog } from "./kit-dialog";
import { useBusy } from "../use-busy";

type Props<T> = {
  title: React.ReactNode;
  width?: number;
  testId: string;
  /** The line above the tree ("choose the target folder"). */
  prompt: React.ReactNode;
  /** The targets to choose from, showing the one chosen. */
  tree: (target: T | null, choose: (target: T) => void) => React.ReactNode;
  /** Targets the cloud would refuse (itself, below itself, where it already is): warned before any call. */
  refused: (target: T) => boolean;
  /** The warnings and the success toast, in the screen's words. */
  messages: { none: string; refused: string; moved: string };
  move: (target: T) => Promise<unknown>;
  onClose: () => void;
  /** After the move (refresh what it changed). */
  onDone: () => unknown;
  submitLabel?: string;
  submitTestId?: string;
};

/** Move an item into a target chosen in a tree (a folder, a base root): the screens give the tree and the call. */
export function MoveDialog<T>({ title, width = 520, testId, prompt, tree, refused, messages, move, onClose, onDone, submitLabel, submitTestId }: Props<T>) {
  const [target, setTarget] = React.useState<T | null>(null);
  const [busy, run] = useBusy();
  const submit = () => {
    if (target === null) return void toast.warning(messages.none);
    if (refused(target)) return void toast.warning(messages.refused);
    void run(async () => {
      await move(target);
      toast.success(messages.moved);
      await onDone();
      onClose();
    });
  };
  return (
    <KitDialog onClose={onClose} title={title} width={width} testId={testId} actions={{ onSubmit: submit, disabled: busy, submitLabel, submitTestId }}>
      <p className="mb-2 flex items-center gap-1 text-sm text-muted-foreground">{prompt}</p>
      {tree(target, setTarget)}
    </KitDialog>
  );
}
