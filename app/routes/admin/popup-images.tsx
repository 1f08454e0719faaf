import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useState } from "react";
import {
  readSubmission,
  runAdminAction,
  submittedForm,
  unknownIntent,
  useAdminAction,
  activeFlagForm,
} from "~/components/admin/admin-action";
import {
  ErrorNote,
  formatDate,
  PageHeader,
  StatusBadge,
  TableSkeleton,
  loadForAdmin,
  useLoadedData,
} from "~/components/admin/common";
import { ConfirmDelete, EditButton, NewButton } from "~/components/admin/list";
import { PopupImageEditor } from "~/components/admin/popup-image-editor";
import { Button } from "~/components/ui/button";
import { api, type PopupImage } from "~/lib/api-client";
import { imageUrl } from "~/lib/image-url";
import { cn } from "~/lib/utils";
import { useLingui } from "@lingui/react";
import { backOfficeI18n } from "~/components/admin/admin-i18n";
import type { Route } from "./+types/popup-images";

export function meta() {
  return [{ title: `${backOfficeI18n._("Popup images")} — Tweest admin` }];
}

function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { images: await loadForAdmin(request, () => api.popupImages.list()) };
}

/**
 * Upload, edit (multipart, from the editor), (de)activate, reorder and delete; React Router then
 * loads the images again (not after a refusal).
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "create":
      return runAdminAction(
        async () => api.popupImages.create(submittedForm(body)),
        i18n._("Popup image uploaded"),
      );
    case "update":
      return runAdminAction(
        async () => api.popupImages.update(id, submittedForm(body)),
        i18n._("Popup image saved"),
      );
    case "set-active": {
      return runAdminAction(
        () => api.popupImages.update(id, activeFlagForm(body)),
        (answer) =>
          (answer as PopupImage).isActive ? i18n._("Image activated") : i18n._("Image deactivated"),
      );
    }
    case "reorder": {
      const order = (body as { order?: unknown } | undefined)?.order;
      return runAdminAction(
        () => api.popupImages.sequence(Array.isArray(order) ? order.map(String) : []),
        () => i18n._("New order saved"),
      );
    }
    case "delete":
      return runAdminAction(() => api.popupImages.remove(id), i18n._("Popup image deleted"));
    default:
      return unknownIntent(intent);
  }
}

/** The images in the order being saved while a reorder runs (the server's order once it is in). */
function shownOrder(images: PopupImage[], pending: unknown): PopupImage[] {
  const order = (pending as { order?: unknown } | undefined)?.order;
  if (!Array.isArray(order)) return images;
  const byId = new Map(images.map((image) => [image._id, image]));
  const ordered = order.flatMap((id) => byId.get(String(id)) ?? []);
  return ordered.length === images.length ? ordered : images;
}

export default function AdminPopupImages({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const titleOf = (image: PopupImage) => image.title || i18n._("image");
  const images = useLoadedData(loaderData.images);
  const [editor, setEditor] = useState<{ image: PopupImage | null } | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const sequence = useAdminAction();
  const change = useAdminAction();
  const saving = sequence.pending;
  // The new order shows at once; after a refusal nothing is loaded again and the old order is back.
  const list = shownOrder(
    Array.isArray(images.data) ? images.data : [],
    sequence.submission?.intent === "reorder" ? sequence.submission.body : undefined,
  );

  function reorder(from: number, to: number) {
    if (from === to || to < 0 || to >= list.length) return;
    const next = moved(list, from, to);
    void sequence.submit("reorder", { body: { order: next.map((image) => image._id) } });
  }

  function toggle(image: PopupImage) {
    void change.submit("set-active", { id: image._id, body: { isActive: !image.isActive } });
  }

  return (
    <div>
      <PageHeader
        title={i18n._("Popup images")}
        description={i18n._(
          "Drag to reorder, or use the arrows. The storefront shows active images in this order.",
        )}
        actions={
          <NewButton onClick={() => setEditor({ image: null })}>{i18n._("Upload image")}</NewButton>
        }
      />
      {images.error && <ErrorNote message={images.error} onRetry={images.reload} />}
      {images.loading && !images.data ? (
        <TableSkeleton rows={3} />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 py-12 text-center text-stone-500">
          {i18n._("No popup images yet.")}
        </p>
      ) : (
        <ol
          className="space-y-2"
          aria-label={i18n._("Popup images in display order")}
          aria-busy={saving}
        >
          {list.map((image, index) => (
            <li
              key={image._id}
              data-testid="popup-image-row"
              data-id={image._id}
              draggable
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", String(index));
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                const from = dragging ?? Number(event.dataTransfer.getData("text/plain"));
                setDragging(null);
                setOver(null);
                if (Number.isInteger(from)) reorder(from, index);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              className={cn(
                "flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-white p-2 sm:flex-nowrap sm:p-3",
                dragging === index && "opacity-50",
                over === index && dragging !== index && "border-brand-500 ring-2 ring-brand-100",
              )}
            >
              <GripVertical
                className="h-5 w-5 shrink-0 cursor-grab text-stone-400"
                aria-hidden="true"
              />
              <span className="w-6 text-center text-sm font-semibold text-stone-500">
                {index + 1}
              </span>
              <img
                src={imageUrl(image.imagePath)}
                alt=""
                className="h-16 w-24 shrink-0 rounded object-cover"
                draggable={false}
              />
              <div className="min-w-[7rem] flex-1">
                {/* The title and the link as the shop wrote them, in any back-office language. */}
                <p className="truncate font-medium" translate={image.title ? "no" : undefined}>
                  {image.title || i18n._("Untitled")}
                </p>
                <p className="truncate text-xs text-stone-500">
                  {image.link ? <span translate="no">{image.link}</span> : i18n._("No link")}
                  {(image.startsAt || (image as { endsAt?: string }).endsAt) &&
                    ` · ${formatDate(image.startsAt)} – ${formatDate((image as { endsAt?: string }).endsAt)}`}
                </p>
              </div>
              <button
                type="button"
                disabled={change.pending}
                onClick={() => toggle(image)}
                aria-label={
                  image.isActive
                    ? i18n._("Deactivate {title}", { title: titleOf(image) })
                    : i18n._("Activate {title}", { title: titleOf(image) })
                }
              >
                <StatusBadge status={image.isActive ? "ACTIVE" : "HIDDEN"} />
              </button>
              <div className="flex w-full shrink-0 justify-end gap-1 border-t border-stone-100 pt-2 sm:w-auto sm:border-0 sm:pt-0">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === 0 || saving}
                  aria-label={i18n._("Move {title} up", { title: titleOf(image) })}
                  onClick={() => reorder(index, index - 1)}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === list.length - 1 || saving}
                  aria-label={i18n._("Move {title} down", { title: titleOf(image) })}
                  onClick={() => reorder(index, index + 1)}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" />
                </Button>
                <EditButton
                  label={i18n._("Edit {title}", { title: titleOf(image) })}
                  onClick={() => setEditor({ image })}
                />
                <ConfirmDelete
                  title={i18n._("Delete this popup image?")}
                  description={i18n._("The image and its file are removed for good.")}
                  label={i18n._("Delete {title}", { title: titleOf(image) })}
                  onConfirm={() => void change.submit("delete", { id: image._id })}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      {editor && (
        <PopupImageEditor
          image={editor.image}
          onClose={() => setEditor(null)}
          onSaved={() => setEditor(null)}
        />
      )}
    </div>
  );
}
