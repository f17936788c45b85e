"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { ChevronRightIcon, FilePenLineIcon, FilePlusIcon, FolderInputIcon, FolderPlusIcon, ImagesIcon, MoreHorizontalIcon, PencilIcon, PlayIcon, Trash2Icon, ZoomInIcon } from "lucide-react";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { DOC_EDITOR_PATH, MEDIA_LIMITS, MEDIA_ROOT, MEDIA_TYPE, mediaApi, mediaItem, type MediaFolder, type MediaItem } from "@/lib/contract/media/media-library";
import { ActionsMenu, defineResource, ListFrame, ResourceDialogs, ResourcePagination, ResourceSearch, ResourceToolbar, useResourceList, useDict, dictLabel, type ResourceUi } from "@/components/kit";
import { LoadError } from "@/components/kit/load-error";
import { lazyParts } from "@/components/kit/lazy-parts";
import { MediaFolderTree, useMediaFolders } from "@/components/kit/media/media-folders";
import { MediaThumb } from "@/components/kit/media/media-thumb";
import { formatSize } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { MediaUpload, UPLOAD_HINT } from "./media-upload";
import { Clipped } from "@/components/kit/clipped";

// The library's dialogs (forms, the folder tree, the recycle bin, the player) and the image viewer
// load when first opened, not with the list.
const { FolderDialog, RenameDialog, MoveDialog, RecycleDialog, VideoDialog } = lazyParts(() => import("./media-dialogs"), ["FolderDialog", "RenameDialog", "MoveDialog", "RecycleDialog", "VideoDialog"]);
const ImageViewer = dynamic(() => import("@/components/kit/image-viewer").then((m) => m.ImageViewer));

const PERM = { add: permsOf(mediaApi.add)[0], upd: permsOf(mediaApi.upd)[0], del: permsOf(mediaApi.recycle)[0] } as const;

const folderOf = (ui: ResourceUi<MediaItem>) => Number(ui.query.parentId ?? MEDIA_ROOT) || MEDIA_ROOT;

/**
 * /media/library (core §2, §7 `mediaLibrary`): the tenant's images, videos and rich-text documents
 * (opened in /quillEditor) in folders. The
 * list state (folder, name, type, page) lives in the URL like any list's; the folder tree is the
 * master pane, the items a grid of thumbnails. Dialogs open from URL parameters.
 */
export const mediaLibraryResource = defineResource<MediaItem>({
  entity: mediaItem,
  calls: { page: mediaApi.page, info: mediaApi.info },
  pageSizes: [MEDIA_LIMITS.pageSize, 48, 96],
  // The name search covers the whole library, not the folder shown: its placeholder says so.
  search: { keywordPlaceholder: "placeholders.fileName", items: { parentId: false } },
  form: false,
  toolbar: [
    { key: "upload", perm: PERM.add, render: (ui) => <MediaUpload parentId={folderOf(ui)} onUploaded={ui.refresh} /> },
    { key: "newFolder", perm: PERM.add, label: "actions.newFolder", icon: <FolderPlusIcon />, onClick: (ui) => ui.setParam("folder", "new") },
    // A rich-text document (a site notice, a draft) written on /quillEditor, saved into the folder shown.
    { key: "newDocument", perm: PERM.add, label: "actions.newDocument", icon: <FilePlusIcon />, onClick: (ui) => ui.navigate(`${DOC_EDITOR_PATH}${folderOf(ui) === MEDIA_ROOT ? "" : `?parentId=${folderOf(ui)}`}`) },
    { key: "recycleBin", label: "actions.recycleBin", icon: <Trash2Icon />, onClick: (ui) => ui.setParam("bin", "1") },
  ],
});

/** "All files / Sites / Bridge": the way to the folder shown, each step a link up. */
function Trail({ folders, at, onOpen }: { folders: MediaFolder[]; at: number; onOpen: (id: number) => void }) {
  const path: MediaFolder[] = [];
  const find = (list: MediaFolder[], trail: MediaFolder[]): boolean => list.some((n) => (n.id === at ? (path.push(...trail, n), true) : find(n.children, [...trail, n])));
  find(folders, []);
  return (
    <nav className="flex min-w-0 flex-wrap items-center gap-1 text-sm" data-testid="media-trail">
      {path.map((n, i) => (
        <React.Fragment key={n.id}>
          {i > 0 && <ChevronRightIcon className="size-3.5 text-muted-foreground" />}
          {i < path.length - 1 ? (
            <button type="button" className="text-muted-foreground hover:text-primary" onClick={() => onOpen(n.id)}>
              {n.fileName}
            </button>
          ) : (
            <span className="font-medium">{n.fileName}</span>
          )}
        </React.Fragment>
      ))}
    </nav>
  );
}

function Tile({ item, ui, onOpen }: { item: MediaItem; ui: ResourceUi<MediaItem>; onOpen: (item: MediaItem) => void }) {
  const t = useTranslations("media");
  const types = useDict("mediaFileType");
  const { can } = ui.session;
  const folder = item.fileType === MEDIA_TYPE.folder;
  const doc = item.fileType === MEDIA_TYPE.document;
  const recycle = async () => {
    if (!(await ui.confirm(t("recycle.confirm", { name: item.fileName })))) return;
    try {
      await call(mediaApi.recycle, { ids: [item.id] });
      toast.success(t("done.recycled"));
    } finally {
      await ui.refresh();
    }
  };
  return (
    <li className="group relative flex flex-col gap-1.5 rounded-md border bg-background p-1.5 transition-colors hover:border-primary" data-testid="media-item" data-name={item.fileName}>
      <button type="button" className="relative block w-full text-left" onClick={() => onOpen(item)} title={item.fileName} aria-label={`${folder || doc ? t("actions.open") : t("actions.preview")}: ${item.fileName}`}>
        <MediaThumb item={item} />
        {!folder && (
          <span className="absolute inset-0 flex items-center justify-center rounded-md bg-black/40 text-white opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
            {item.fileType === MEDIA_TYPE.video ? <PlayIcon className="size-7" /> : doc ? <FilePenLineIcon className="size-7" /> : <ZoomInIcon className="size-7" />}
          </span>
        )}
      </button>
      <div className="flex items-start gap-1 px-0.5">
        <div className="min-w-0 flex-1">
          <Clipped as="p" text={item.fileName} className="text-sm" />
          <p className="truncate text-xs text-muted-foreground">{folder ? dictLabel(types, item.fileType) : `${dictLabel(types, item.fileType)} · ${formatSize(item.fileSize)}`}</p>
        </div>
        {(can(PERM.upd) || can(PERM.del)) && (
          <ActionsMenu
            actions={[
              ...(can(PERM.upd)
                ? [
                    { key: "rename", label: t("actions.rename"), icon: <PencilIcon />, run: () => ui.setParam("rename", item.id) },
                    { key: "move", label: t("actions.move"), icon: <FolderInputIcon />, run: () => ui.setParam("move", item.id) },
                  ]
                : []),
              ...(can(PERM.del) ? [{ key: "recycle", label: t("actions.recycle"), icon: <Trash2Icon />, danger: true, run: () => void recycle() }] : []),
            ]}
            trigger={(props) => (
              <Button variant="ghost" size="icon" className="size-7 shrink-0" aria-label={`${t("actions.more")}: ${item.fileName}`} data-testid="media-item-menu" {...props}>
                <MoreHorizontalIcon />
              </Button>
            )}
          />
        )}
      </div>
    </li>
  );
}

function Library() {
  const t = useTranslations("media");
  const list = useResourceList(mediaLibraryResource);
  const { ui } = list;
  const folder = folderOf(ui);
  const { folders } = useMediaFolders();
  const searching = !!ui.query.fileName;
  const openFolder = (id: number) => ui.setFilters({ parentId: id === MEDIA_ROOT ? null : id, fileName: null });
  const images = list.rows.filter((r) => r.fileType === MEDIA_TYPE.image && r.filePath);
  const [viewing, setViewing] = React.useState<number | null>(null);
  // The viewer mounts on its first opening and stays mounted after (its closing animation).
  const [viewed, setViewed] = React.useState(false);
  if (viewing !== null && !viewed) setViewed(true);
  const byParam = (key: string) => list.rows.find((r) => String(r.id) === ui.param(key));
  const open = (item: MediaItem) => {
    if (item.fileType === MEDIA_TYPE.folder) openFolder(item.id);
    else if (item.fileType === MEDIA_TYPE.image) setViewing(images.indexOf(item));
    else if (item.fileType === MEDIA_TYPE.document) ui.navigate(`${DOC_EDITOR_PATH}?id=${item.id}`);
    else ui.setParam("play", item.id);
  };
  const renaming = byParam("rename");
  const moving = byParam("move");
  const playing = byParam("play");
  const close = (key: string) => () => ui.setParam(key, null);

  return (
    <div className="flex min-h-0 flex-col gap-3 lg:flex-row" data-testid="resource-page" data-resource={mediaItem.api}>
      <aside className="shrink-0">
        <MediaFolderTree value={folder} onChange={openFolder} className="w-full lg:w-60" />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <ResourceSearch list={list} />
        <div className="flex flex-col gap-3 rounded-md border bg-card p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            {searching ? <span className="text-sm font-medium">{t("grid.results")}</span> : <Trail folders={[{ id: MEDIA_ROOT, fileName: t("tree.root"), parentId: null, children: folders ?? [] }]} at={folder} onOpen={openFolder} />}
            <span className="text-xs text-muted-foreground">{t("upload.hint", UPLOAD_HINT)}</span>
          </div>
          <ResourceToolbar list={list} />
          {list.error ? (
            <LoadError className="py-10" onRetry={() => ui.refresh()} />
          ) : list.loading && !list.rows.length ? (
            <div className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} className="aspect-[4/5]" />
              ))}
            </div>
          ) : list.rows.length === 0 ? (
            <div className="flex min-h-60 flex-col items-center justify-center gap-2 rounded-md border border-dashed p-6 text-sm text-muted-foreground" data-testid="media-empty">
              <ImagesIcon className="size-10" />
              {searching ? t("grid.emptySearch") : t("grid.empty")}
            </div>
          ) : (
            <ul className={cn("grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3", list.loading && "opacity-70")} aria-label={t("grid.label")} data-testid="media-grid">
              {list.rows.map((item) => (
                <Tile key={item.id} item={item} ui={ui} onOpen={open} />
              ))}
            </ul>
          )}
          <ResourcePagination list={list} />
        </div>
      </div>
      <ResourceDialogs list={list} />
      {viewed && <ImageViewer images={images.map((r) => r.filePath!)} names={images.map((r) => r.fileName)} index={viewing} onIndexChange={setViewing} />}
      {ui.param("folder") === "new" && <FolderDialog parentId={folder} onClose={close("folder")} onDone={ui.refresh} />}
      {renaming && <RenameDialog item={renaming} onClose={close("rename")} onDone={ui.refresh} />}
      {moving && <MoveDialog item={moving} onClose={close("move")} onDone={ui.refresh} />}
      {playing?.filePath && <VideoDialog item={playing} onClose={close("play")} />}
      {ui.param("bin") === "1" && <RecycleDialog canDelete={ui.session.can(PERM.del)} onClose={close("bin")} onChanged={ui.refresh} />}
    </div>
  );
}

export function MediaLibraryView() {
  return (
    <ListFrame>
      <Library />
    </ListFrame>
  );
}
