/** Upload or edit a popup image: the file (previewed before upload) and its caption, link and window. */
import { ImagePlus } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useLingui } from "@lingui/react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/input";
import {
  CreatePopupImageBody,
  IMAGE_ACCEPT,
  imageFileProblem,
  validateInto,
} from "~/lib/admin-schemas";
import type { PopupImage } from "~/lib/api-client";
import { imageUrl } from "~/lib/image-url";
import { showFieldErrors, useAdminAction } from "./admin-action";
import { serverText } from "./admin-i18n";
import { FormActions } from "./list";

const FIELDS = [
  "title",
  "description",
  "titleBn",
  "descriptionBn",
  "link",
  "isActive",
  "startsAt",
  "endsAt",
  "image",
] as const;
interface Values {
  title: string;
  description: string;
  titleBn: string;
  descriptionBn: string;
  link: string;
  isActive: boolean;
  startsAt: string;
  endsAt: string;
  image: string;
}

const dateInput = (value: string | null | undefined) => (value ? value.slice(0, 10) : "");

/**
 * Saves through the popup-images route's clientAction (multipart: intent "create" or "update", `id`,
 * the fields and the file); closes on success, keeps the server's field errors on a refusal.
 */
export function PopupImageEditor({
  image,
  onClose,
  onSaved,
}: {
  image: PopupImage | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { i18n } = useLingui();
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<Values>();
  const { errors } = formState;
  const errorText = (message: string | undefined) => message && serverText(message);
  const save = useAdminAction({
    onSuccess: onSaved,
    onFailure: (result) => showFieldErrors(result, setError, FIELDS),
  });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    reset({
      title: image?.title ?? "",
      description: image?.description ?? "",
      titleBn: image?.titleBn ?? "",
      descriptionBn: image?.descriptionBn ?? "",
      link: image?.link ?? "",
      isActive: image?.isActive ?? true,
      startsAt: dateInput(image?.startsAt),
      endsAt: dateInput((image as { endsAt?: string } | null)?.endsAt),
      image: "",
    });
  }, [image, reset]);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function pick(list: FileList | null) {
    const chosen = list?.[0];
    if (!chosen) return;
    const problem = imageFileProblem(chosen);
    if (problem) {
      setError("image", { message: problem });
      return;
    }
    clearErrors("image");
    setFile(chosen);
  }

  async function onSubmit(values: Values) {
    clearErrors();
    if (!image && !file) {
      setError("image", { message: i18n._("Choose an image") });
      return;
    }
    const parsed = validateInto(CreatePopupImageBody, values, setError, FIELDS);
    if (!parsed) return;
    const body = new FormData();
    body.set("intent", image ? "update" : "create");
    if (image) body.set("id", image._id);
    body.set("title", values.title);
    body.set("description", values.description);
    body.set("titleBn", values.titleBn);
    body.set("descriptionBn", values.descriptionBn);
    body.set("link", values.link);
    body.set("isActive", String(values.isActive));
    body.set("startsAt", values.startsAt);
    body.set("endsAt", values.endsAt);
    if (file) body.set("image", file);
    await save.submitForm(body);
  }

  const shown = preview ?? (image ? imageUrl(image.imagePath) : null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{image ? i18n._("Edit popup image") : i18n._("New popup image")}</DialogTitle>
        <DialogDescription>
          {i18n._("Shown once per browser session in the storefront popup.")}
        </DialogDescription>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <div className="grid gap-4 sm:grid-cols-[200px_1fr]">
            <div>
              <label className="flex aspect-square w-full cursor-pointer flex-col items-center justify-center overflow-hidden rounded-md border border-dashed border-stone-400 text-sm text-stone-600 hover:bg-stone-50">
                {shown ? (
                  <img
                    src={shown}
                    alt={i18n._("Preview")}
                    className="h-full w-full object-cover"
                    data-testid="popup-preview"
                  />
                ) : (
                  <>
                    <ImagePlus className="h-6 w-6" aria-hidden="true" />
                    {i18n._("Choose image")}
                  </>
                )}
                <input
                  type="file"
                  accept={IMAGE_ACCEPT}
                  className="sr-only"
                  aria-label={i18n._("Image file")}
                  onChange={(event) => pick(event.target.files)}
                />
              </label>
              <p className="mt-1 text-xs text-stone-500">
                {i18n._("JPEG, PNG, WebP or GIF, at most 5 MB.")}
              </p>
              {errors.image?.message && (
                <p role="alert" className="text-xs font-medium text-red-600">
                  {serverText(errors.image.message)}
                </p>
              )}
            </div>
            <div className="space-y-3">
              <Field id="pi-title" label={i18n._("Title")} error={errorText(errors.title?.message)}>
                <Input id="pi-title" {...register("title")} />
              </Field>
              <Field
                id="pi-description"
                label={i18n._("Description")}
                error={errorText(errors.description?.message)}
              >
                <Textarea id="pi-description" className="min-h-16" {...register("description")} />
              </Field>
              <Field
                id="pi-title-bn"
                label="শিরোনাম (বাংলা)"
                hint={i18n._("Title in Bangla, optional; empty shows the English")}
                error={errorText(errors.titleBn?.message)}
              >
                <Input id="pi-title-bn" lang="bn" {...register("titleBn")} />
              </Field>
              <Field
                id="pi-description-bn"
                label="বিবরণ (বাংলা)"
                error={errorText(errors.descriptionBn?.message)}
              >
                <Textarea
                  id="pi-description-bn"
                  lang="bn"
                  className="min-h-16"
                  {...register("descriptionBn")}
                />
              </Field>
              <Field
                id="pi-link"
                label={i18n._("Link")}
                hint={i18n._("https://… or a shop path such as /products")}
                error={errorText(errors.link?.message)}
              >
                <Input id="pi-link" aria-invalid={!!errors.link} {...register("link")} />
              </Field>
              <div className="grid grid-cols-2 gap-3">
                <Field
                  id="pi-starts"
                  label={i18n._("Starts")}
                  error={errorText(errors.startsAt?.message)}
                >
                  <Input id="pi-starts" type="date" {...register("startsAt")} />
                </Field>
                <Field
                  id="pi-ends"
                  label={i18n._("Ends")}
                  error={errorText(errors.endsAt?.message)}
                >
                  <Input id="pi-ends" type="date" {...register("endsAt")} />
                </Field>
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-500"
                  {...register("isActive")}
                />
                {i18n._("Active")}
              </label>
            </div>
          </div>
          <FormActions
            onCancel={onClose}
            submitting={save.pending}
            submitLabel={image ? i18n._("Save") : i18n._("Upload")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
