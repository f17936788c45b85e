"use client";

/**
 * A drag-sort list (core §9): 150 ms animation; after a drop it reports the new id order.
 *
 *   <SortableList items={points} getId={(p) => p.id} onSort={(ids) => save(ids)}
 *     render={(p) => <span>{p.name}</span>} />
 */
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { GripVerticalIcon } from "lucide-react";
import { cn } from "@/lib/utils";

const SORT_ANIMATION_MS = 150;

type Id = string | number;

/** The order after moving `active` onto `over`; unchanged when either is unknown. */
export function reorder<T extends Id>(ids: readonly T[], active: T, over: T | null | undefined): T[] {
  const from = ids.indexOf(active);
  const to = over == null ? -1 : ids.indexOf(over);
  if (from < 0 || to < 0 || from === to) return [...ids];
  return arrayMove([...ids], from, to);
}

function Row({ id, disabled, children }: { id: Id; disabled?: boolean; children: React.ReactNode }) {
  const t = useTranslations("widgets.sortable");
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled, transition: { duration: SORT_ANIMATION_MS, easing: "ease" } });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition }}
      className={cn("flex items-center gap-2 rounded-md border bg-card px-2 py-1.5 text-sm", isDragging && "z-10 shadow-md")}
    >
      <button type="button" className="cursor-grab touch-none text-muted-foreground disabled:cursor-default" aria-label={t("handle")} disabled={disabled} {...attributes} {...listeners}>
        <GripVerticalIcon className="size-4" />
      </button>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}

export function SortableList<T>({ items, getId, render, onSort, disabled, className }: { items: readonly T[]; getId: (item: T) => Id; render: (item: T) => React.ReactNode; onSort: (ids: Id[]) => void; disabled?: boolean; className?: string }) {
  const [order, setOrder] = useState<Id[]>(() => items.map(getId));
  useEffect(() => setOrder(items.map(getId)), [items, getId]);
  const byId = new Map(items.map((it) => [getId(it), it]));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = (e: DragEndEvent) => {
    const next = reorder(order, e.active.id, e.over?.id);
    if (next.every((id, i) => id === order[i])) return;
    setOrder(next);
    onSort(next);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ul className={cn("space-y-1.5", className)}>
          {order.map((id) => {
            const item = byId.get(id);
            return item === undefined ? null : (
              <Row key={id} id={id} disabled={disabled}>
                {render(item)}
              </Row>
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
